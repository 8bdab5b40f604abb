// The history's checkpoints kept compressed with Zstandard (libzstd): a layer of a drawing is
// mostly flat colour and transparency, which its fastest levels shrink tens of times at
// gigabytes a second. One context per thread, made on first use and kept, so packing a chunk
// allocates nothing.
#include "CImageCodecs.h"
#include <zstd.h>

static _Thread_local ZSTD_CCtx *compressor;
static _Thread_local ZSTD_DCtx *decompressor;

size_t codecs_pack_bound(size_t length) {
    return ZSTD_compressBound(length);
}

size_t codecs_pack(const uint8_t *data, size_t length, uint8_t *out, size_t capacity, int level) {
    if (!compressor && !(compressor = ZSTD_createCCtx())) return 0;
    size_t written = ZSTD_compressCCtx(compressor, out, capacity, data, length, level);
    return ZSTD_isError(written) ? 0 : written;
}

int codecs_unpack(const uint8_t *packed, size_t length, uint8_t *out, size_t expected) {
    if (!decompressor && !(decompressor = ZSTD_createDCtx())) return -1;
    size_t written = ZSTD_decompressDCtx(decompressor, out, expected, packed, length);
    return !ZSTD_isError(written) && written == expected ? 0 : -1;
}
