// libFuzzer target: every input goes through the GIF decoder of CImageCodecs (giflib from
// memory, the first frame on its screen, the others skipped and counted), with the app's pixel
// limit. Built and run for a bounded time by scripts/fuzz.sh.
#include "CImageCodecs.h"
#include <stdint.h>
#include <stddef.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    uint32_t *pixels;
    uint32_t width, height;
    int frames;
    char error[256];
    if (codecs_gif_decode(data, size, 16u * 1000 * 1000, &pixels, &width, &height, &frames, error, sizeof error) == 0)
        codecs_free_pixels(pixels);
    return 0;
}
