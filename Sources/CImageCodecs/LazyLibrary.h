// Libraries opened on first use (dlopen) rather than at start: libheif and libavif bring the
// HEVC and AV1 codecs (libde265, x265, dav1d, libaom, rav1e, SVT-AV1, libgav1, libyuv) with
// them, 36 libraries and 2.7 MB of resident memory that a drawing that never opens a phone
// photo does not need. Each glue file lists the functions it calls and names the library with
// LAZY_LIBRARY: a pointer of each function's own type (p_name), filled by load_<name>().
#ifndef LAZY_LIBRARY_H
#define LAZY_LIBRARY_H

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

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

/* Whether an ISO base media file (HEIF, AVIF) names `brand` as its major or a compatible brand
   in its ftyp box. */
static inline int iso_file_has_brand(const uint8_t *data, size_t length, const char *brand) {
    if (length < 16 || memcmp(data + 4, "ftyp", 4) != 0) return 0;
    size_t box = (size_t)data[0] << 24 | (size_t)data[1] << 16 | (size_t)data[2] << 8 | data[3];
    if (box < 16 || box > length) box = length;
    if (memcmp(data + 8, brand, 4) == 0) return 1;
    for (size_t at = 16; at + 4 <= box; at += 4)
        if (memcmp(data + at, brand, 4) == 0) return 1;
    return 0;
}

#endif
