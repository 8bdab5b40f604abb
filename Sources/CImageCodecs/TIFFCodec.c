// libtiff glue: the file is read from memory through TIFFClientOpen; libtiff's errors go to a
// handler that keeps the last message (per thread) instead of printing it, and every call's
// failure becomes that message. libtiff never jumps out of a call. It is opened on first use
// (LazyLibrary.h): with libLerc, libjbig and libdeflate under it, 0.32 MB resident at start
// in a drawing that never meets a TIFF.
#include "CImageCodecs.h"
#include <LazyLibrary.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tiffio.h>

#define TIFF_FUNCTIONS(X) \
    X(TIFFSetErrorHandler) X(TIFFSetWarningHandler) X(TIFFClientOpen) X(TIFFGetField) X(TIFFReadRGBAImageOriented) \
    X(TIFFNumberOfDirectories) X(TIFFClose) X(TIFFSetField) X(TIFFDefaultStripSize) X(TIFFWriteScanline) \
    X(TIFFWriteDirectory)
LAZY_LIBRARY(tiff, "libtiff.so.6", TIFF_FUNCTIONS)

static _Thread_local char last_error[256];

static void keep_error(const char *module, const char *format, va_list args) {
    (void)module;
    vsnprintf(last_error, sizeof last_error, format, args);
}

static void ignore_warning(const char *module, const char *format, va_list args) { (void)module; (void)format; (void)args; }

typedef struct {
    const uint8_t *data;
    size_t length;
    size_t offset;
} memory_file;

static tmsize_t read_memory(thandle_t handle, void *buffer, tmsize_t size) {
    memory_file *file = (memory_file *)handle;
    if (size < 0 || file->offset >= file->length) return 0;
    size_t count = (size_t)size;
    if (count > file->length - file->offset) count = file->length - file->offset;
    memcpy(buffer, file->data + file->offset, count);
    file->offset += count;
    return (tmsize_t)count;
}

static tmsize_t write_nothing(thandle_t handle, void *buffer, tmsize_t size) { (void)handle; (void)buffer; (void)size; return 0; }

static toff_t seek_memory(thandle_t handle, toff_t offset, int whence) {
    memory_file *file = (memory_file *)handle;
    uint64_t base = whence == SEEK_SET ? 0 : whence == SEEK_CUR ? file->offset : file->length;
    uint64_t target = base + offset;
    if (target > file->length) target = file->length;
    file->offset = (size_t)target;
    return (toff_t)target;
}

static int close_nothing(thandle_t handle) { (void)handle; return 0; }
static toff_t size_of_memory(thandle_t handle) { return (toff_t)((memory_file *)handle)->length; }
static int map_nothing(thandle_t handle, void **base, toff_t *size) { (void)handle; (void)base; (void)size; return 0; }
static void unmap_nothing(thandle_t handle, void *base, toff_t size) { (void)handle; (void)base; (void)size; }

/* The first page of a TIFF (any bit depth, RGB, RGBA, greyscale, palette, as libtiff's RGBA
   interface reads them) into the app's premultiplied pixel words, upright; how many pages it has. */
int codecs_tiff_decode(const uint8_t *data, size_t length, uint64_t max_pixels, uint32_t **pixels, uint32_t *width,
                       uint32_t *height, int *pages, codecs_buffer *icc, char *error, size_t error_size) {
    *pixels = NULL;
    memset(icc, 0, sizeof *icc);
    if (!load_tiff()) {
        snprintf(error, error_size, "libtiff (libtiff.so.6) is not installed: install the libtiff6 package to open TIFF pictures");
        return -1;
    }
    p_TIFFSetErrorHandler(keep_error);
    p_TIFFSetWarningHandler(ignore_warning);
    last_error[0] = 0;
    memory_file file = {data, length, 0};
    TIFF *tiff = p_TIFFClientOpen("picture", "rm", (thandle_t)&file, read_memory, write_nothing, seek_memory, close_nothing,
                                size_of_memory, map_nothing, unmap_nothing);
    if (!tiff) {
        snprintf(error, error_size, "not a TIFF picture libtiff can read%s%s", last_error[0] ? ": " : "", last_error);
        return -1;
    }
    uint32_t w = 0, h = 0;
    p_TIFFGetField(tiff, TIFFTAG_IMAGEWIDTH, &w);
    p_TIFFGetField(tiff, TIFFTAG_IMAGELENGTH, &h);
    int result = -1;
    if (w == 0 || h == 0 || (uint64_t)w * h > max_pixels) {
        snprintf(error, error_size, "the TIFF picture is %ux%u, more than the %llu pixels allowed", w, h, (unsigned long long)max_pixels);
    } else {
        /* The caller's buffer libtiff reads into: freed with codecs_free_pixels, as every decoder's. */
        uint32_t *raster = malloc((size_t)w * h * 4);
        if (!raster) {
            snprintf(error, error_size, "out of memory for a %ux%u picture", w, h);
        } else if (!p_TIFFReadRGBAImageOriented(tiff, w, h, raster, ORIENTATION_TOPLEFT, 0)) {
            snprintf(error, error_size, "the TIFF could not be read%s%s", last_error[0] ? ": " : "", last_error);
            free(raster);
        } else {
            /* libtiff's words are A<<24|B<<16|G<<8|R, premultiplied: red and blue trade places. */
            size_t count = (size_t)w * h;
            for (size_t i = 0; i < count; i++) {
                uint32_t p = raster[i];
                raster[i] = (p & 0xFF00FF00u) | (p & 0xFF) << 16 | ((p >> 16) & 0xFF);
            }
            *pixels = raster;
            *width = w;
            *height = h;
            *pages = p_TIFFNumberOfDirectories(tiff);
            uint32_t profile_length = 0;
            void *profile = NULL;
            if (p_TIFFGetField(tiff, TIFFTAG_ICCPROFILE, &profile_length, &profile) && profile && profile_length >= 128
                && (icc->bytes = malloc(profile_length))) {
                memcpy(icc->bytes, profile, profile_length);
                icc->length = profile_length;
            }
            result = 0;
        }
    }
    p_TIFFClose(tiff);
    return result;
}


/* A file growing in memory for the encoder: libtiff seeks back to patch offsets and reads what
   it wrote. `view` is the memory file the reader's procedures work on, kept on the bytes. */
typedef struct {
    memory_file view;
    uint8_t *bytes;
    size_t capacity;
    int failed;
} growing_file;

static tmsize_t write_growing(thandle_t handle, void *buffer, tmsize_t size) {
    growing_file *file = (growing_file *)handle;
    if (size < 0) return -1;
    size_t end = file->view.offset + (size_t)size;
    if (end > file->capacity) {
        size_t capacity = file->capacity ? file->capacity : 65536;
        while (capacity < end) capacity *= 2;
        uint8_t *grown = realloc(file->bytes, capacity);
        if (!grown) { file->failed = 1; return -1; }
        file->bytes = grown;
        file->capacity = capacity;
        file->view.data = grown;
    }
    /* A gap left by seeking past the end reads as zeros. */
    if (file->view.offset > file->view.length) memset(file->bytes + file->view.length, 0, file->view.offset - file->view.length);
    memcpy(file->bytes + file->view.offset, buffer, (size_t)size);
    file->view.offset = end;
    if (end > file->view.length) file->view.length = end;
    return size;
}

/* Reading back and the size: the reader's procedures on the growing file's view of its bytes. */
static tmsize_t read_growing(thandle_t handle, void *buffer, tmsize_t size) { return read_memory(&((growing_file *)handle)->view, buffer, size); }
/* Unlike a reader's, a writer's seek may go past the end (libtiff places a directory there). */
static toff_t seek_growing(thandle_t handle, toff_t offset, int whence) {
    memory_file *view = &((growing_file *)handle)->view;
    uint64_t base = whence == SEEK_SET ? 0 : whence == SEEK_CUR ? view->offset : view->length;
    view->offset = (size_t)(base + offset);
    return (toff_t)view->offset;
}
static toff_t size_of_growing(thandle_t handle) { return size_of_memory(&((growing_file *)handle)->view); }

int codecs_tiff_encode(const uint8_t *rgba, uint32_t width, uint32_t height, int has_alpha, int compression,
                       const uint8_t *icc, size_t icc_length, codecs_buffer *out, char *error, size_t error_size) {
    memset(out, 0, sizeof *out);
    if (!load_tiff()) {
        snprintf(error, error_size, "libtiff (libtiff.so.6) is not installed: install the libtiff6 package to save TIFF pictures");
        return -1;
    }
    p_TIFFSetErrorHandler(keep_error);
    p_TIFFSetWarningHandler(ignore_warning);
    last_error[0] = 0;
    growing_file file = {0};
    /* BigTIFF ("w8") only when the picture could pass 4 GB. */
    int big = (uint64_t)width * height * 4 > 0xF0000000u;
    TIFF *tiff = p_TIFFClientOpen("picture", big ? "w8" : "w", (thandle_t)&file, read_growing, write_growing, seek_growing, close_nothing,
                                size_of_growing, map_nothing, unmap_nothing);
    if (!tiff) {
        snprintf(error, error_size, "libtiff could not start a file%s%s", last_error[0] ? ": " : "", last_error);
        free(file.bytes);
        return -1;
    }
    int channels = has_alpha ? 4 : 3;
    p_TIFFSetField(tiff, TIFFTAG_IMAGEWIDTH, width);
    p_TIFFSetField(tiff, TIFFTAG_IMAGELENGTH, height);
    p_TIFFSetField(tiff, TIFFTAG_SAMPLESPERPIXEL, channels);
    p_TIFFSetField(tiff, TIFFTAG_BITSPERSAMPLE, 8);
    p_TIFFSetField(tiff, TIFFTAG_PHOTOMETRIC, PHOTOMETRIC_RGB);
    p_TIFFSetField(tiff, TIFFTAG_PLANARCONFIG, PLANARCONFIG_CONTIG);
    p_TIFFSetField(tiff, TIFFTAG_ORIENTATION, ORIENTATION_TOPLEFT);
    p_TIFFSetField(tiff, TIFFTAG_COMPRESSION, compression == 5 ? COMPRESSION_LZW : COMPRESSION_ADOBE_DEFLATE);
    /* The horizontal predictor: neighbours' differences compress far better in a drawing. */
    p_TIFFSetField(tiff, TIFFTAG_PREDICTOR, PREDICTOR_HORIZONTAL);
    if (has_alpha) {
        uint16_t extra = EXTRASAMPLE_UNASSALPHA;
        p_TIFFSetField(tiff, TIFFTAG_EXTRASAMPLES, 1, &extra);
    }
    if (icc && icc_length > 0) p_TIFFSetField(tiff, TIFFTAG_ICCPROFILE, (uint32_t)icc_length, icc);
    p_TIFFSetField(tiff, TIFFTAG_ROWSPERSTRIP, p_TIFFDefaultStripSize(tiff, 0));
    uint8_t *row = malloc((size_t)width * channels);
    int ok = row != NULL;
    for (uint32_t y = 0; ok && y < height; y++) {
        const uint8_t *source = rgba + (size_t)y * width * 4;
        if (has_alpha) {
            memcpy(row, source, (size_t)width * 4);
        } else {
            for (uint32_t x = 0; x < width; x++) memcpy(row + x * 3, source + x * 4, 3);
        }
        ok = p_TIFFWriteScanline(tiff, row, y, 0) == 1;
    }
    free(row);
    ok = ok && p_TIFFWriteDirectory(tiff);
    p_TIFFClose(tiff);
    if (!ok || file.failed) {
        snprintf(error, error_size, "libtiff could not write the picture%s%s", last_error[0] ? ": " : "", last_error[0] ? last_error : "");
        free(file.bytes);
        return -1;
    }
    out->bytes = file.bytes;
    out->length = file.view.length;
    return 0;
}
