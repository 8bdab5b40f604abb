// cairo, for the renderer's reference comparisons and benchmarks only; the app never links it.
#include <cairo/cairo.h>
