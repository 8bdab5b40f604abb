// librsvg glue: SVG files and the icons, drawn by the desktop's SVG renderer straight into the
// caller's pixels (cairo's ARGB32 is premultiplied 0xAARRGGBB words, the bitmaps' own format).
// librsvg is opened on first use (LazyLibrary.h): it brings cairo, pixman and pango with it,
// 2.7 MB of resident memory at a warm start, which takes its icons from the icon cache and
// draws no SVG at all.
#include "CImageCodecs.h"
#include <LazyLibrary.h>
#include <librsvg/rsvg.h>
#include <cairo.h>

#define RSVG_FUNCTIONS(X) \
    X(rsvg_handle_new_from_data) X(rsvg_handle_new_from_file) X(rsvg_handle_get_intrinsic_size_in_pixels) \
    X(rsvg_handle_render_document) X(cairo_image_surface_create_for_data) X(cairo_surface_status) \
    X(cairo_create) X(cairo_destroy) X(cairo_surface_flush) X(cairo_surface_destroy) \
    X(g_object_unref) X(g_error_free)
LAZY_LIBRARY(rsvg, "librsvg-2.so.2", RSVG_FUNCTIONS)

/* The document in data (when path is NULL) or in the file at path; NULL when unreadable. */
static RsvgHandle *open_handle(const uint8_t *data, size_t length, const char *path) {
    GError *error = NULL;
    RsvgHandle *handle = path ? p_rsvg_handle_new_from_file(path, &error) : p_rsvg_handle_new_from_data(data, length, &error);
    if (error) p_g_error_free(error);
    return handle;
}

int codecs_svg_size(const uint8_t *data, size_t length, double *width, double *height) {
    if (!load_rsvg()) return CODECS_SVG_NO_LIBRARY;
    RsvgHandle *handle = open_handle(data, length, NULL);
    if (!handle) return CODECS_SVG_UNREADABLE;
    int known = p_rsvg_handle_get_intrinsic_size_in_pixels(handle, width, height);
    p_g_object_unref(handle);
    return known && *width > 0 && *height > 0 ? CODECS_SVG_OK : CODECS_SVG_UNREADABLE;
}

int codecs_svg_render(const uint8_t *data, size_t length, const char *path, uint32_t *pixels, int width, int height) {
    if (!load_rsvg()) return CODECS_SVG_NO_LIBRARY;
    if (width <= 0 || height <= 0) return CODECS_SVG_NOT_DRAWN;
    RsvgHandle *handle = open_handle(data, length, path);
    if (!handle) return CODECS_SVG_UNREADABLE;
    int result = CODECS_SVG_NOT_DRAWN;
    cairo_surface_t *surface = p_cairo_image_surface_create_for_data((unsigned char *)pixels, CAIRO_FORMAT_ARGB32, width, height, width * 4);
    if (p_cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS) {
        cairo_t *cairo = p_cairo_create(surface);
        RsvgRectangle viewport = {0, 0, width, height};
        GError *error = NULL;
        if (p_rsvg_handle_render_document(handle, cairo, &viewport, &error)) result = CODECS_SVG_OK;
        if (error) p_g_error_free(error);
        p_cairo_destroy(cairo);
        p_cairo_surface_flush(surface);
    }
    p_cairo_surface_destroy(surface);
    p_g_object_unref(handle);
    return result;
}
