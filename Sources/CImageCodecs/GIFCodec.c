// giflib glue: the first frame of a GIF (an animation's first, composed on its screen). giflib
// reports failures through return codes and an error number; it never jumps or aborts. It is
// opened on first use (LazyLibrary.h).
#include "CImageCodecs.h"
#include <LazyLibrary.h>
#include <gif_lib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GIF_FUNCTIONS(X) \
    X(DGifCloseFile) X(DGifExtensionToGCB) X(DGifGetCode) X(DGifGetCodeNext) X(DGifGetExtension) \
    X(DGifGetExtensionNext) X(DGifGetImageDesc) X(DGifGetLine) X(DGifGetRecordType) X(DGifOpen) \
    X(GifErrorString)
LAZY_LIBRARY(gif, "libgif.so.7", GIF_FUNCTIONS)

typedef struct {
    const uint8_t *data;
    size_t length, offset;
} gif_source;

static int read_gif(GifFileType *file, GifByteType *buffer, int size) {
    gif_source *source = file->UserData;
    if (size < 0 || source->offset >= source->length) return 0;
    size_t count = (size_t)size;
    if (count > source->length - source->offset) count = source->length - source->offset;
    memcpy(buffer, source->data + source->offset, count);
    source->offset += count;
    return (int)count;
}

/* Skips a frame's compressed data without decoding it (counting the frames after the first). */
static int skip_frame(GifFileType *file) {
    int code_size;
    GifByteType *block;
    if (p_DGifGetImageDesc(file) == GIF_ERROR || p_DGifGetCode(file, &code_size, &block) == GIF_ERROR) return 0;
    while (block)
        if (p_DGifGetCodeNext(file, &block) == GIF_ERROR) return 0;
    return 1;
}

/* The first frame's rows, in the file's order (interlaced: four passes), into `indices`. */
static int read_rows(GifFileType *file, uint8_t *indices, int width, int height) {
    if (!file->Image.Interlace) {
        for (int y = 0; y < height; y++)
            if (p_DGifGetLine(file, indices + (size_t)y * width, width) == GIF_ERROR) return 0;
        return 1;
    }
    static const int starts[4] = {0, 4, 2, 1}, steps[4] = {8, 8, 4, 2};
    for (int pass = 0; pass < 4; pass++)
        for (int y = starts[pass]; y < height; y += steps[pass])
            if (p_DGifGetLine(file, indices + (size_t)y * width, width) == GIF_ERROR) return 0;
    return 1;
}

int codecs_gif_decode(const uint8_t *data, size_t length, uint64_t max_pixels, uint32_t **pixels, uint32_t *width,
                      uint32_t *height, int *frames, char *error, size_t error_size) {
    *pixels = NULL;
    if (!load_gif()) {
        snprintf(error, error_size, "GIF pictures need giflib (Debian's libgif7), which could not be loaded");
        return -1;
    }
    gif_source source = {data, length, 0};
    int status = 0;
    GifFileType *file = p_DGifOpen(&source, read_gif, &status);
    if (!file) {
        snprintf(error, error_size, "not a GIF picture giflib can read: %s", p_GifErrorString(status));
        return -1;
    }
    int screen_width = file->SWidth, screen_height = file->SHeight, transparent = NO_TRANSPARENT_COLOR, count = 0;
    uint32_t *canvas = NULL;
    uint8_t *indices = NULL;
    const char *failure = NULL;
    if (screen_width <= 0 || screen_height <= 0 || (uint64_t)screen_width * screen_height > max_pixels) {
        snprintf(error, error_size, "the GIF picture is %dx%d, more than the %llu pixels allowed", screen_width, screen_height,
                 (unsigned long long)max_pixels);
        p_DGifCloseFile(file, &status);
        return -1;
    }
    GifRecordType record;
    while (!failure) {
        if (p_DGifGetRecordType(file, &record) == GIF_ERROR) { failure = p_GifErrorString(file->Error); break; }
        if (record == TERMINATE_RECORD_TYPE) break;
        if (record == EXTENSION_RECORD_TYPE) {
            int code;
            GifByteType *block;
            if (p_DGifGetExtension(file, &code, &block) == GIF_ERROR) { failure = p_GifErrorString(file->Error); break; }
            if (code == GRAPHICS_EXT_FUNC_CODE && block && count == 0) {
                GraphicsControlBlock control;
                if (p_DGifExtensionToGCB(block[0], block + 1, &control) == GIF_OK) transparent = control.TransparentColor;
            }
            while (block)
                if (p_DGifGetExtensionNext(file, &block) == GIF_ERROR) { failure = p_GifErrorString(file->Error); break; }
            continue;
        }
        if (record != IMAGE_DESC_RECORD_TYPE) continue;
        if (count > 0) {
            /* Only the first frame is shown; the rest are counted for the message. */
            if (!skip_frame(file)) break;
            count++;
            continue;
        }
        if (p_DGifGetImageDesc(file) == GIF_ERROR) { failure = p_GifErrorString(file->Error); break; }
        GifImageDesc frame = file->Image;
        ColorMapObject *colors = frame.ColorMap ? frame.ColorMap : file->SColorMap;
        if (!colors || frame.Width <= 0 || frame.Height <= 0 || (uint64_t)frame.Width * frame.Height > max_pixels) {
            failure = colors ? "its first frame is larger than allowed" : "it has no colour table";
            break;
        }
        canvas = calloc((size_t)screen_width * screen_height, 4);
        indices = malloc((size_t)frame.Width * frame.Height);
        if (!canvas || !indices) { failure = "out of memory"; break; }
        if (!read_rows(file, indices, frame.Width, frame.Height)) { failure = p_GifErrorString(file->Error); break; }
        /* Placed at its offset on a transparent screen (as browsers show it), clipped to the screen. */
        for (int y = 0; y < frame.Height; y++) {
            int sy = frame.Top + y;
            if (sy < 0 || sy >= screen_height) continue;
            for (int x = 0; x < frame.Width; x++) {
                int sx = frame.Left + x, index = indices[(size_t)y * frame.Width + x];
                if (sx < 0 || sx >= screen_width || index == transparent || index >= colors->ColorCount) continue;
                GifColorType c = colors->Colors[index];
                canvas[(size_t)sy * screen_width + sx] = 0xFF000000u | (uint32_t)c.Red << 16 | (uint32_t)c.Green << 8 | c.Blue;
            }
        }
        count = 1;
    }
    free(indices);
    p_DGifCloseFile(file, &status);
    if (count == 0) {
        snprintf(error, error_size, "the GIF could not be read: %s", failure ? failure : "it has no picture");
        free(canvas);
        return -1;
    }
    *pixels = canvas;
    *width = (uint32_t)screen_width;
    *height = (uint32_t)screen_height;
    *frames = count;
    return 0;
}
