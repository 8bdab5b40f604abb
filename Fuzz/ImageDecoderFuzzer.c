// libFuzzer target: every input goes through the PNG decoder (whole, and reduced while it
// reads, as photos are opened) and the JPEG decoder of CImageCodecs, with the app's pixel
// limit. Built and run for a bounded time by scripts/fuzz.sh.
#include "CImageCodecs.h"
#include <stdint.h>
#include <stddef.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    codecs_image image;
    char error[256];
    int orientation;
    codecs_buffer icc;
    uint32_t width, height;
    codecs_job job = { 0, 0, 0 };
    if (codecs_png_decode_reduced(data, size, 16u * 1000 * 1000, 0, NULL, &image, &width, &height, error, sizeof error) == 0)
        codecs_free_image(&image);
    if (codecs_png_decode_reduced(data, size, 16u * 1000 * 1000, 4096, &job, &image, &width, &height, error, sizeof error) == 0)
        codecs_free_image(&image);
    if (codecs_jpeg_decode(data, size, 16u * 1000 * 1000, 1, NULL, &image, &orientation, &icc, error, sizeof error) == 0) codecs_free_image(&image);
    codecs_free_buffer(&icc);
    if (codecs_jpeg_decode(data, size, 16u * 1000 * 1000, 8, &job, &image, &orientation, &icc, error, sizeof error) == 0) codecs_free_image(&image);
    codecs_free_buffer(&icc);
    return 0;
}
