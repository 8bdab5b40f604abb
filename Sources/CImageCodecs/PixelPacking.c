// The history's checkpoints kept compressed with Zstandard (libzstd): a layer of a drawing is
// mostly flat colour and transparency, which its fast levels shrink tens of times at gigabytes
// a second. One context of each kind per thread, made on first use and kept, so packing a
// chunk allocates nothing; freed when the thread ends (dispatch's workers come and go).
#include "CImageCodecs.h"
#include <pthread.h>
#include <zstd.h>

static pthread_key_t compressor_key, decompressor_key;
static pthread_once_t keys_once = PTHREAD_ONCE_INIT;

static void free_compressor(void *context) { ZSTD_freeCCtx(context); }
static void free_decompressor(void *context) { ZSTD_freeDCtx(context); }

static void make_keys(void) {
    pthread_key_create(&compressor_key, free_compressor);
    pthread_key_create(&decompressor_key, free_decompressor);
}

static ZSTD_CCtx *compressor(void) {
    pthread_once(&keys_once, make_keys);
    ZSTD_CCtx *context = pthread_getspecific(compressor_key);
    if (!context && (context = ZSTD_createCCtx())) pthread_setspecific(compressor_key, context);
    return context;
}

static ZSTD_DCtx *decompressor(void) {
    pthread_once(&keys_once, make_keys);
    ZSTD_DCtx *context = pthread_getspecific(decompressor_key);
    if (!context && (context = ZSTD_createDCtx())) pthread_setspecific(decompressor_key, context);
    return context;
}

size_t codecs_pack_bound(size_t length) {
    return ZSTD_compressBound(length);
}

size_t codecs_pack(const uint8_t *data, size_t length, uint8_t *out, size_t capacity, int level) {
    ZSTD_CCtx *context = compressor();
    if (!context) return 0;
    size_t written = ZSTD_compressCCtx(context, out, capacity, data, length, level);
    return ZSTD_isError(written) ? 0 : written;
}

int codecs_unpack(const uint8_t *packed, size_t length, uint8_t *out, size_t expected) {
    ZSTD_DCtx *context = decompressor();
    if (!context) return -1;
    size_t written = ZSTD_decompressDCtx(context, out, expected, packed, length);
    return !ZSTD_isError(written) && written == expected ? 0 : -1;
}
