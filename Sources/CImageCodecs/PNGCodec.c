#include "CImageCodecs.h"
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// libpng reports errors by longjmp; this file is the only place that sees it.

typedef struct {
    char *message;
    size_t size;
} error_sink;

static void on_png_error(png_structp png, png_const_charp message) {
    error_sink *sink = (error_sink *)png_get_error_ptr(png);
    if (sink && sink->message && sink->size) snprintf(sink->message, sink->size, "%s", message);
    png_longjmp(png, 1);
}

static void on_png_warning(png_structp png, png_const_charp message) {
    (void)png; (void)message;  // warnings (e.g. unknown chunks) are not the user's problem
}

typedef struct {
    uint8_t *bytes;
    size_t length;
    size_t capacity;
    int failed;
} growable;

static void write_to_growable(png_structp png, png_bytep data, png_size_t length) {
    growable *g = (growable *)png_get_io_ptr(png);
    if (g->failed) return;
    if (g->length + length > g->capacity) {
        size_t capacity = g->capacity ? g->capacity : 65536;
        while (capacity < g->length + length) capacity *= 2;
        uint8_t *bytes = realloc(g->bytes, capacity);
        if (!bytes) { g->failed = 1; png_error(png, "out of memory while encoding PNG"); }
        g->bytes = bytes;
        g->capacity = capacity;
    }
    memcpy(g->bytes + g->length, data, length);
    g->length += length;
}

static void flush_nothing(png_structp png) { (void)png; }

/* Writes `height` rows of `stride` bytes as an 8-bit PNG of `color_type`; `bgrx` says each
   pixel is B, G, R, X in memory, to be written as RGB. */
static int encode_rows(const uint8_t *pixels, size_t stride, uint32_t width, uint32_t height, int color_type, int bgrx,
                       codecs_png_options options, codecs_buffer *out, char *error, size_t error_size) {
    error_sink sink = { error, error_size };
    growable g = { 0 };
    out->bytes = NULL;
    out->length = 0;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &sink, on_png_error, on_png_warning);
    if (!png) { snprintf(error, error_size, "cannot create PNG writer"); return -1; }
    png_infop info = png_create_info_struct(png);
    if (!info) { png_destroy_write_struct(&png, NULL); snprintf(error, error_size, "cannot create PNG info"); return -1; }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(g.bytes);
        return -1;
    }
    png_set_write_fn(png, &g, write_to_growable, flush_nothing);
    png_set_IHDR(png, info, width, height, 8, color_type, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, options.level);
    png_set_compression_strategy(png, options.strategy);
    if (options.filters) png_set_filter(png, PNG_FILTER_TYPE_BASE, options.filters);
    /* The sRGB chunk: the numbers are sRGB's, so colour-managed readers take them as they are. */
    png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_write_info(png, info);
    if (bgrx) {
        png_set_bgr(png);
        png_set_filler(png, 0, PNG_FILLER_AFTER);
    }
    for (uint32_t y = 0; y < height; y++) png_write_row(png, (png_const_bytep)(pixels + stride * y));
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    out->bytes = g.bytes;
    out->length = g.length;
    return 0;
}

int codecs_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height, int channels,
                      codecs_png_options options, codecs_buffer *out, char *error, size_t error_size) {
    if (channels != 3 && channels != 4) {
        out->bytes = NULL;
        out->length = 0;
        snprintf(error, error_size, "unsupported channel count %d", channels);
        return -1;
    }
    return encode_rows(pixels, (size_t)width * (size_t)channels, width, height,
                       channels == 4 ? PNG_COLOR_TYPE_RGBA : PNG_COLOR_TYPE_RGB, 0, options, out, error, error_size);
}

int codecs_png_encode_bgrx(const uint32_t *pixels, uint32_t width, uint32_t height,
                           codecs_png_options options, codecs_buffer *out, char *error, size_t error_size) {
    return encode_rows((const uint8_t *)pixels, (size_t)width * 4, width, height, PNG_COLOR_TYPE_RGB, 1,
                       options, out, error, error_size);
}

void codecs_free_pixels(uint32_t *pixels) { free(pixels); }

void codecs_free_buffer(codecs_buffer *buffer) {
    if (!buffer) return;
    free(buffer->bytes);
    buffer->bytes = NULL;
    buffer->length = 0;
}

void codecs_free_image(codecs_image *image) {
    if (!image) return;
    free(image->rgba);
    image->rgba = NULL;
}

int codecs_png_encode_variant(const uint8_t *rgba, uint32_t width, uint32_t height, int color_type, int bit_depth,
                              int interlaced, codecs_buffer *out, char *error, size_t error_size) {
    error_sink sink = { error, error_size };
    growable g = { 0 };
    out->bytes = NULL;
    out->length = 0;
    int channels = color_type == PNG_COLOR_TYPE_GRAY ? 1 : color_type == PNG_COLOR_TYPE_GRAY_ALPHA ? 2
                 : color_type == PNG_COLOR_TYPE_RGB ? 3 : color_type == PNG_COLOR_TYPE_PALETTE ? 1 : 4;
    int bytes_per_sample = bit_depth == 16 ? 2 : 1;
    size_t stride = (size_t)width * channels * bytes_per_sample;
    uint8_t *volatile rows = malloc(stride * height);
    png_color palette[256];
    png_byte alphas[256];
    int palette_size = 0;
    if (!rows) { snprintf(error, error_size, "out of memory"); return -1; }
    for (uint32_t y = 0; y < height; y++) {
        for (uint32_t x = 0; x < width; x++) {
            const uint8_t *p = rgba + ((size_t)y * width + x) * 4;
            uint8_t *o = rows + y * stride + (size_t)x * channels * bytes_per_sample;
            if (color_type == PNG_COLOR_TYPE_PALETTE) {
                int index = -1;
                for (int i = 0; i < palette_size; i++) {
                    if (palette[i].red == p[0] && palette[i].green == p[1] && palette[i].blue == p[2] && alphas[i] == p[3]) { index = i; break; }
                }
                if (index < 0) {
                    if (palette_size == 256) { free(rows); snprintf(error, error_size, "more than 256 colours"); return -1; }
                    index = palette_size++;
                    palette[index] = (png_color){ p[0], p[1], p[2] };
                    alphas[index] = p[3];
                }
                o[0] = (uint8_t)index;
                continue;
            }
            uint8_t samples[4];
            int n = 0;
            if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) samples[n++] = p[0];
            else { samples[n++] = p[0]; samples[n++] = p[1]; samples[n++] = p[2]; }
            if (color_type & PNG_COLOR_MASK_ALPHA) samples[n++] = p[3];
            for (int i = 0; i < n; i++) {
                if (bytes_per_sample == 2) { o[2 * i] = samples[i]; o[2 * i + 1] = samples[i]; } else { o[i] = samples[i]; }
            }
        }
    }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &sink, on_png_error, on_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) { free(rows); snprintf(error, error_size, "cannot create PNG writer"); return -1; }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(g.bytes);
        free(rows);
        return -1;
    }
    png_set_write_fn(png, &g, write_to_growable, flush_nothing);
    png_set_IHDR(png, info, width, height, bit_depth, color_type, interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (color_type == PNG_COLOR_TYPE_PALETTE) {
        png_set_PLTE(png, info, palette, palette_size);
        png_set_tRNS(png, info, alphas, palette_size, NULL);
    }
    png_write_info(png, info);
    png_bytep *pointers = malloc(sizeof(png_bytep) * height);
    for (uint32_t y = 0; y < height; y++) pointers[y] = rows + y * stride;
    png_write_image(png, pointers);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(pointers);
    free(rows);
    out->bytes = g.bytes;
    out->length = g.length;
    return 0;
}
