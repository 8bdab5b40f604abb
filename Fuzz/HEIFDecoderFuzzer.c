// libFuzzer target: every input goes through the HEIF decoder of CImageCodecs (libheif from
// memory, the primary picture, its colour profile or nclx box made a profile by Little CMS),
// with the app's pixel limit. Built and run for a bounded time by scripts/fuzz.sh.
#include "CImageCodecs.h"
#include <stdint.h>
#include <stddef.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    uint32_t *pixels;
    uint32_t width, height;
    int images;
    codecs_buffer icc;
    char error[256];
    if (!codecs_heif_is_heif(data, size)) return 0;
    if (codecs_heif_decode(data, size, 16u * 1000 * 1000, &pixels, &width, &height, &images, &icc, error, sizeof error) == 0)
        codecs_free_pixels(pixels);
    codecs_free_buffer(&icc);
    return 0;
}
