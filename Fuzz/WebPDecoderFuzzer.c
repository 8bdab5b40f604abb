// libFuzzer target: every input goes through the WebP header reader and decoder of
// CImageCodecs (stills, lossless, alpha, an animation's first frame), with the app's pixel
// limit. Built and run for a bounded time by scripts/fuzz.sh.
#include "CImageCodecs.h"
#include <stdint.h>
#include <stddef.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    codecs_image image;
    char error[256];
    uint32_t width, height;
    int alpha, animated, frames;
    (void)codecs_webp_info(data, size, &width, &height, &alpha, &animated, &frames);
    if (codecs_webp_decode(data, size, 16u * 1000 * 1000, &image, error, sizeof error) == 0) codecs_free_image(&image);
    return 0;
}
