// GdkPixbuf glue for BMP (the desktop's image library, also under librsvg; BMP has no
// reference library of its own): the header's size checked against the pixel limit before
// GdkPixbuf allocates anything, an uncompressed file cut short refused (GdkPixbuf would show its
// missing rows blank), GErrors made messages. GdkPixbuf never jumps or aborts on bad input.
// It is opened on first use (LazyLibrary.h): with gio under it, it was 0.9 MB of a start that
// reads and writes no BMP.
#include "CImageCodecs.h"
#include <LazyLibrary.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PIXBUF_FUNCTIONS(X) \
    X(gdk_pixbuf_loader_new_with_type) X(gdk_pixbuf_loader_write) X(gdk_pixbuf_loader_close) \
    X(gdk_pixbuf_loader_get_pixbuf) X(gdk_pixbuf_get_width) X(gdk_pixbuf_get_height) \
    X(gdk_pixbuf_get_rowstride) X(gdk_pixbuf_get_n_channels) X(gdk_pixbuf_read_pixels) \
    X(gdk_pixbuf_new) X(gdk_pixbuf_get_pixels) X(gdk_pixbuf_save_to_bufferv) \
    X(g_error_free) X(g_object_unref) X(g_free)
LAZY_LIBRARY(pixbuf, "libgdk_pixbuf-2.0.so.0", PIXBUF_FUNCTIONS)

static uint32_t le16(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8; }
static uint32_t le32(const uint8_t *p) { return le16(p) | le16(p + 2) << 16; }

/* Whether the header is one of the BMP versions (core 12, OS/2 2.x 16 or 64, info 40, the
   bitfield variants 52 and 56, V4 108, V5 124) with a bit depth BMP has. Anything else is refused
   before GdkPixbuf sees it: the fuzzer found a header size of 0xFFFFFFD7 with 64264 bits a pixel
   making it allocate gigabytes for a 249x2 picture, and a palette longer than the depth allows. */
static int plausible_header(const uint8_t *data, size_t length) {
    if (length < 30) return 0;
    uint32_t size = le32(data + 14);
    if (size != 12 && size != 16 && size != 40 && size != 52 && size != 56 && size != 64 && size != 108 && size != 124) return 0;
    /* One plane, and pixels that start after the header and within the file (GdkPixbuf buffers
       everything before them: an offset of 4 GB had it ask for that much). */
    uint32_t planes = size == 12 ? le16(data + 22) : le16(data + 26), offset = le32(data + 10);
    if (planes != 1 || offset < 14 + size || offset > length) return 0;
    uint32_t bits = size == 12 ? le16(data + 24) : le16(data + 28);
    if (bits != 1 && bits != 2 && bits != 4 && bits != 8 && bits != 16 && bits != 24 && bits != 32) return 0;
    if (size < 40) return 1;
    /* The compression (BI_RGB, RLE8, RLE4, BITFIELDS, ALPHABITFIELDS) and the palette's length:
       a count of 4278190080 colours had GdkPixbuf ask for 4 GB (g_malloc aborts when refused). */
    if (length < 50) return 0;
    uint32_t compression = le32(data + 30), colors = le32(data + 46);
    if (compression > 3 && compression != 6) return 0;
    return colors <= (bits <= 8 ? (1u << bits) : 256u);
}

int codecs_bmp_size(const uint8_t *data, size_t length, uint32_t *width, uint32_t *height) {
    if (length < 26 || data[0] != 'B' || data[1] != 'M' || !plausible_header(data, length)) return -1;
    /* An OS/2 1.x core header (12 bytes) keeps 16-bit sizes; the others 32-bit, a negative
       height meaning top-down rows. */
    if (le32(data + 14) == 12) {
        *width = le16(data + 18);
        *height = le16(data + 20);
    } else {
        int32_t w = (int32_t)le32(data + 18), h = (int32_t)le32(data + 22);
        if (w <= 0 || h == 0 || h == INT32_MIN) return -1;
        *width = (uint32_t)w;
        *height = (uint32_t)(h < 0 ? -h : h);
    }
    return *width > 0 && *height > 0 ? 0 : -1;
}

/* How long an uncompressed (BI_RGB, BI_BITFIELDS) file must be: where its pixels start and
   their rows, each padded to 4 bytes; 0 for a compressed one or a short header. */
static uint64_t uncompressed_length(const uint8_t *data, size_t length, uint32_t width, uint32_t height) {
    if (length < 34) return 0;
    int core = le32(data + 14) == 12;
    uint32_t bits = core ? le16(data + 24) : le16(data + 28), compression = core ? 0 : le32(data + 30);
    if ((compression != 0 && compression != 3) || bits == 0) return 0;
    return (uint64_t)le32(data + 10) + ((uint64_t)bits * width + 31) / 32 * 4 * height;
}

int codecs_bmp_decode(const uint8_t *data, size_t length, uint64_t max_pixels, uint32_t **pixels, uint32_t *width,
                      uint32_t *height, char *error, size_t error_size) {
    *pixels = NULL;
    uint32_t w = 0, h = 0;
    if (codecs_bmp_size(data, length, &w, &h) != 0) {
        snprintf(error, error_size, "the BMP header could not be read");
        return -1;
    }
    if ((uint64_t)w * h > max_pixels) {
        snprintf(error, error_size, "the BMP picture is %ux%u, more than the %llu pixels allowed", w, h, (unsigned long long)max_pixels);
        return -1;
    }
    uint64_t needed = uncompressed_length(data, length, w, h);
    if (needed && length < needed) {
        snprintf(error, error_size, "the BMP file is cut short");
        return -1;
    }
    if (!load_pixbuf()) {
        snprintf(error, error_size, "GdkPixbuf, which reads BMP, is not installed");
        return -1;
    }
    GError *failure = NULL;
    GdkPixbufLoader *loader = p_gdk_pixbuf_loader_new_with_type("bmp", &failure);
    if (!loader) {
        snprintf(error, error_size, "no BMP reader is installed%s%s", failure ? ": " : "", failure ? failure->message : "");
        if (failure) p_g_error_free(failure);
        return -1;
    }
    gboolean written = p_gdk_pixbuf_loader_write(loader, data, length, &failure);
    /* Closed always, even after a failed write (whose error is kept), or GdkPixbuf warns. */
    GError *closing = NULL;
    gboolean closed = p_gdk_pixbuf_loader_close(loader, &closing);
    if (!failure) failure = closing; else if (closing) p_g_error_free(closing);
    GdkPixbuf *pixbuf = written && closed ? p_gdk_pixbuf_loader_get_pixbuf(loader) : NULL;
    int result = -1;
    if (!pixbuf) {
        snprintf(error, error_size, "the BMP could not be read%s%s", failure ? ": " : "", failure ? failure->message : "");
    } else {
        int pw = p_gdk_pixbuf_get_width(pixbuf), ph = p_gdk_pixbuf_get_height(pixbuf), stride = p_gdk_pixbuf_get_rowstride(pixbuf);
        int channels = p_gdk_pixbuf_get_n_channels(pixbuf);
        const guchar *bytes = p_gdk_pixbuf_read_pixels(pixbuf);
        uint32_t *words = pw > 0 && ph > 0 && (uint64_t)pw * ph <= max_pixels ? malloc((size_t)pw * ph * 4) : NULL;
        if (!words) {
            snprintf(error, error_size, "out of memory for a %dx%d picture", pw, ph);
        } else {
            for (int y = 0; y < ph; y++) {
                for (int x = 0; x < pw; x++) {
                    const guchar *p = bytes + (size_t)y * stride + (size_t)x * channels;
                    uint32_t r = p[0], g = p[1], b = p[2], a = channels == 4 ? p[3] : 255;
                    if (a != 255) {
                        uint32_t tr = r * a + 128, tg = g * a + 128, tb = b * a + 128;
                        r = (tr + (tr >> 8)) >> 8;
                        g = (tg + (tg >> 8)) >> 8;
                        b = (tb + (tb >> 8)) >> 8;
                    }
                    words[(size_t)y * pw + x] = a << 24 | r << 16 | g << 8 | b;
                }
            }
            *pixels = words;
            *width = (uint32_t)pw;
            *height = (uint32_t)ph;
            result = 0;
        }
    }
    if (failure) p_g_error_free(failure);
    p_g_object_unref(loader);
    return result;
}

int codecs_bmp_encode(const uint32_t *pixels, int width, int height, codecs_buffer *out, char *error, size_t error_size) {
    out->bytes = NULL;
    out->length = 0;
    if (!load_pixbuf()) {
        snprintf(error, error_size, "GdkPixbuf, which writes BMP, is not installed");
        return -1;
    }
    GdkPixbuf *pixbuf = p_gdk_pixbuf_new(GDK_COLORSPACE_RGB, FALSE, 8, width, height);
    if (!pixbuf) {
        snprintf(error, error_size, "out of memory for a %dx%d picture", width, height);
        return -1;
    }
    int stride = p_gdk_pixbuf_get_rowstride(pixbuf);
    guchar *bytes = p_gdk_pixbuf_get_pixels(pixbuf);
    for (int y = 0; y < height; y++) {
        for (int x = 0; x < width; x++) {
            /* Premultiplied over white: c + (255 - a). */
            uint32_t p = pixels[(size_t)y * width + x], white = 255 - (p >> 24);
            guchar *row = bytes + (size_t)y * stride + (size_t)x * 3;
            row[0] = (guchar)((p >> 16 & 0xFF) + white);
            row[1] = (guchar)((p >> 8 & 0xFF) + white);
            row[2] = (guchar)((p & 0xFF) + white);
        }
    }
    gchar *buffer = NULL;
    gsize size = 0;
    GError *failure = NULL;
    int result = -1;
    if (!p_gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, "bmp", NULL, NULL, &failure) || !buffer) {
        snprintf(error, error_size, "%s", failure ? failure->message : "GdkPixbuf could not write the BMP");
    } else if (!(out->bytes = malloc(size ? size : 1))) {
        snprintf(error, error_size, "out of memory for a %zu-byte BMP", (size_t)size);
    } else {
        /* Copied: codecs_free_buffer frees with free(), GdkPixbuf's buffer is g_free's. */
        memcpy(out->bytes, buffer, size);
        out->length = size;
        result = 0;
    }
    p_g_free(buffer);
    if (failure) p_g_error_free(failure);
    p_g_object_unref(pixbuf);
    return result;
}
