// libFuzzer target: every input goes through the PNG and the JPEG decoder of CImageCodecs,
// with the app's pixel limit. Built and run for a bounded time by scripts/fuzz.sh.
#include "CImageCodecs.h"
#include <stdint.h>
#include <stddef.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    codecs_image image;
    char error[256];
    int orientation;
    if (codecs_png_decode(data, size, 16u * 1000 * 1000, &image, error, sizeof error) == 0) codecs_free_image(&image);
    if (codecs_jpeg_decode(data, size, 16u * 1000 * 1000, 1, &image, &orientation, error, sizeof error) == 0) codecs_free_image(&image);
    if (codecs_jpeg_decode(data, size, 16u * 1000 * 1000, 8, &image, &orientation, error, sizeof error) == 0) codecs_free_image(&image);
    return 0;
}
