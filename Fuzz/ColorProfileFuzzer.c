// libFuzzer target: the colour profile readers of CImageCodecs (a PNG's iCCP inflated, a
// JPEG's APP2 markers joined, a WebP's ICCP chunk) on every input, and Little CMS converting
// pixels with every input, and every profile found, as the ICC profile. Built and run for a
// bounded time by scripts/fuzz.sh.
#include "CImageCodecs.h"
#include <stdint.h>
#include <stddef.h>

static void convert_with(const uint8_t *profile, size_t length) {
    uint32_t pixels[64];
    for (int i = 0; i < 64; i++) pixels[i] = (uint32_t)i * 0x04030201u | (i % 3 ? 0xFF000000u : 0x80000000u);
    codecs_icc_to_srgb(pixels, 64, profile, length);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    codecs_buffer found;
    int (*readers[3])(const uint8_t *, size_t, codecs_buffer *) = {codecs_png_icc_profile, codecs_jpeg_icc_profile, codecs_webp_icc_profile};
    for (int i = 0; i < 3; i++) {
        if (readers[i](data, size, &found) == 0) convert_with(found.bytes, found.length);
        codecs_free_buffer(&found);
    }
    convert_with(data, size);
    return 0;
}
