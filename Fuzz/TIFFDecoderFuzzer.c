// libFuzzer target: every input goes through the TIFF decoder of CImageCodecs (libtiff from
// memory, the first page through its RGBA interface), with the app's pixel limit. Built and
// run for a bounded time by scripts/fuzz.sh.
#include "CImageCodecs.h"
#include <stdint.h>
#include <stddef.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    uint32_t *pixels;
    uint32_t width, height;
    int pages;
    codecs_buffer icc;
    char error[256];
    if (codecs_tiff_decode(data, size, 16u * 1000 * 1000, &pixels, &width, &height, &pages, &icc, error, sizeof error) == 0) codecs_free_pixels(pixels);
    codecs_free_buffer(&icc);
    return 0;
}
