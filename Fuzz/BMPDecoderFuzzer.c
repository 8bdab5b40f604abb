// libFuzzer target: every input goes through the BMP decoder of CImageCodecs (the header's
// checks, then GdkPixbuf's BMP loader from memory), with the app's pixel limit. Built and run
// for a bounded time by scripts/fuzz.sh.
#include "CImageCodecs.h"
#include <stdint.h>
#include <stddef.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    uint32_t *pixels;
    uint32_t width, height;
    char error[256];
    if (codecs_bmp_decode(data, size, 16u * 1000 * 1000, &pixels, &width, &height, error, sizeof error) == 0) codecs_free_pixels(pixels);
    return 0;
}
