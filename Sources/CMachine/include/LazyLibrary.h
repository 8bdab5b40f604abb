// Libraries opened on first use (dlopen) rather than at start: libheif and libavif bring the
// HEVC and AV1 codecs (libde265, x265, dav1d, libaom, rav1e, SVT-AV1, libgav1, libyuv) with
// them, 36 libraries and 2.7 MB of resident memory that a drawing that never opens a phone
// photo does not need; libdbus brings libsystemd and libgcrypt for a file dialog's portal.
// Each glue file lists the functions it calls and names the library with LAZY_LIBRARY: a
// pointer of each function's own type (p_name), filled by load_<name>().
#ifndef LAZY_LIBRARY_H
#define LAZY_LIBRARY_H

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#define LAZY_DECLARE(name) static __typeof__(&name) p_##name;
#define LAZY_RESOLVE(name) if (!(p_##name = (__typeof__(p_##name))dlsym(library, #name))) return 0;

/* The pointers of FUNCTIONS, and `load_<name>()`: opens `soname` once (whichever thread asks
   first) and resolves them all; 0 when the library or one of its functions is missing. */
#define LAZY_LIBRARY(name, soname, FUNCTIONS)                                                     \
    FUNCTIONS(LAZY_DECLARE)                                                                       \
    static pthread_once_t name##_once = PTHREAD_ONCE_INIT;                                        \
    static int name##_loaded;                                                                     \
    static int resolve_##name(void *library) {                                                    \
        FUNCTIONS(LAZY_RESOLVE)                                                                   \
        return 1;                                                                                 \
    }                                                                                             \
    static void open_##name(void) {                                                               \
        void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);                                    \
        name##_loaded = library && resolve_##name(library);                                       \
    }                                                                                             \
    static int load_##name(void) {                                                                \
        pthread_once(&name##_once, open_##name);                                                  \
        return name##_loaded;                                                                     \
    }

#endif
