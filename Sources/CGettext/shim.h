// GNU gettext as glibc provides it (no library to link): message catalogs for translations.
#include <libintl.h>
#include <locale.h>
