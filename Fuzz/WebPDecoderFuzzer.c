// libFuzzer target: every input goes through the WebP header reader and then, as the app does,
// the decoder into its own pixels at the size the header gave (stills, lossless, alpha, an
// animation's first frame), within the app's pixel limit. Built and run by scripts/fuzz.sh.
#include "CImageCodecs.h"
#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char error[256];
    uint32_t width, height;
    int alpha, animated, frames;
    if (codecs_webp_info(data, size, &width, &height, &alpha, &animated, &frames) != 0) return 0;
    if (width == 0 || height == 0 || (uint64_t)width * height > 16u * 1000 * 1000) return 0;
    uint32_t *pixels = calloc((size_t)width * height, 4);
    if (!pixels) return 0;
    (void)codecs_webp_decode_premultiplied(data, size, pixels, width, height, error, sizeof error);
    free(pixels);
    return 0;
}
