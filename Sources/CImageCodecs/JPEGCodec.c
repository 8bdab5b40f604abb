// libjpeg-turbo glue: errors longjmp back here and become messages. libjpeg is opened on first
// use (LazyLibrary.h): a start with an empty drawing does not need it.
#include "CImageCodecs.h"
#include <LazyLibrary.h>
#include <stdio.h>
#include <jpeglib.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#define JPEG_FUNCTIONS(X) \
    X(jpeg_CreateCompress) X(jpeg_CreateDecompress) X(jpeg_destroy_compress) \
    X(jpeg_destroy_decompress) X(jpeg_finish_compress) X(jpeg_finish_decompress) X(jpeg_mem_dest) \
    X(jpeg_mem_src) X(jpeg_read_header) X(jpeg_read_icc_profile) X(jpeg_read_scanlines) \
    X(jpeg_save_markers) X(jpeg_set_defaults) X(jpeg_set_quality) X(jpeg_simple_progression) \
    X(jpeg_start_compress) X(jpeg_start_decompress) X(jpeg_std_error) X(jpeg_write_icc_profile) \
    X(jpeg_write_marker) X(jpeg_write_scanlines)
LAZY_LIBRARY(jpeg, "libjpeg.so.62", JPEG_FUNCTIONS)

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char *message;
    size_t size;
} error_manager;

static void on_jpeg_error(j_common_ptr info) {
    error_manager *manager = (error_manager *)info->err;
    char text[JMSG_LENGTH_MAX];
    (*info->err->format_message)(info, text);
    if (manager->message && manager->size) snprintf(manager->message, manager->size, "%s", text);
    longjmp(manager->jump, 1);
}

static void ignore_jpeg_message(j_common_ptr info, int level) { (void)info; (void)level; }

/* Errors longjmp to manager->jump (the caller's setjmp) with their text in `message`;
   warnings are dropped. Returns what goes into the codec struct's `err`. */
static struct jpeg_error_mgr *install_error_manager(error_manager *manager, char *message, size_t size) {
    struct jpeg_error_mgr *base = p_jpeg_std_error(&manager->base);
    base->error_exit = on_jpeg_error;
    base->emit_message = ignore_jpeg_message;
    manager->message = message;
    manager->size = size;
    return base;
}

/* A progressive JPEG may hold any number of scans, and every scan is a pass over the whole
   image: a 2000x2000 picture whose last scan is repeated 2000 times kept the decoder busy for
   25 s (the original decodes in 0.1 s). libjpeg-turbo's advice is to cap scans with a progress
   monitor. Encoders write about ten (jpeg_simple_progression: 10); at 100 that file stops
   after 1.3 s with a message. */
enum { max_jpeg_scans = 100 };

static void limit_scans(j_common_ptr common) {
    if (!common->is_decompressor) return;
    j_decompress_ptr info = (j_decompress_ptr)common;
    if (info->input_scan_number <= max_jpeg_scans) return;
    error_manager *manager = (error_manager *)common->err;
    if (manager->message && manager->size)
        snprintf(manager->message, manager->size, "the JPEG has more than %d scans", max_jpeg_scans);
    longjmp(manager->jump, 1);
}

static uint16_t read16(const uint8_t *p, int little) { return little ? (uint16_t)(p[0] | p[1] << 8) : (uint16_t)(p[0] << 8 | p[1]); }
static uint32_t read32(const uint8_t *p, int little) {
    return little ? (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24
                  : (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

/// The EXIF orientation (1-8) in an APP1 segment, or 1.
static int exif_orientation(const uint8_t *data, unsigned length) {
    if (length < 14 || memcmp(data, "Exif\0\0", 6) != 0) return 1;
    const uint8_t *tiff = data + 6;
    unsigned size = length - 6;
    int little;
    if (tiff[0] == 'I' && tiff[1] == 'I') little = 1;
    else if (tiff[0] == 'M' && tiff[1] == 'M') little = 0;
    else return 1;
    /* 64-bit offsets: an IFD offset near 4 GB must not wrap past the bounds checks (the
       fuzzer found 0xFFFFFFFF passing as 1 and reading 4 GB beyond the marker). */
    uint64_t ifd = read32(tiff + 4, little);
    if (ifd + 2 > size) return 1;
    uint16_t entries = read16(tiff + ifd, little);
    for (uint16_t i = 0; i < entries; i++) {
        uint64_t at = ifd + 2 + 12u * (uint64_t)i;
        if (at + 12 > size) return 1;
        if (read16(tiff + at, little) == 0x0112) {
            uint16_t value = read16(tiff + at + 8, little);
            return value >= 1 && value <= 8 ? value : 1;
        }
    }
    return 1;
}

int codecs_jpeg_decode(const uint8_t *data, size_t length, uint64_t max_pixels, int scale_denominator, codecs_job *job,
                       codecs_image *out, int *orientation, codecs_buffer *icc, char *error, size_t error_size) {
    struct jpeg_decompress_struct info;
    error_manager manager;
    uint8_t *volatile pixels = NULL;
    uint8_t *volatile row = NULL;
    out->rgba = NULL;
    out->width = out->height = 0;
    *orientation = 1;
    memset(icc, 0, sizeof *icc);
    if (length < 4 || data[0] != 0xFF || data[1] != 0xD8) {
        snprintf(error, error_size, "not a JPEG file");
        return -1;
    }
    if (!load_jpeg()) {
        snprintf(error, error_size, "JPEG pictures need libjpeg (Debian's libjpeg62-turbo), which could not be loaded");
        return -1;
    }
    info.err = install_error_manager(&manager, error, error_size);
    if (setjmp(manager.jump)) {
        p_jpeg_destroy_decompress(&info);
        free(pixels);
        free(row);
        free(icc->bytes);
        memset(icc, 0, sizeof *icc);
        return -1;
    }
    p_jpeg_CreateDecompress(&info, JPEG_LIB_VERSION, sizeof(struct jpeg_decompress_struct));
    struct jpeg_progress_mgr progress = { .progress_monitor = limit_scans };
    info.progress = &progress;
    p_jpeg_mem_src(&info, data, (unsigned long)length);
    p_jpeg_save_markers(&info, JPEG_APP0 + 1, 0xFFFF);
    /* The colour profile's APP2 markers, read in the same pass over the header. */
    p_jpeg_save_markers(&info, JPEG_APP0 + 2, 0xFFFF);
    p_jpeg_read_header(&info, TRUE);
    for (jpeg_saved_marker_ptr marker = info.marker_list; marker; marker = marker->next) {
        if (marker->marker == JPEG_APP0 + 1) *orientation = exif_orientation(marker->data, marker->data_length);
    }
    if ((uint64_t)info.image_width * info.image_height > max_pixels) {
        snprintf(error, error_size, "the image is too large (%ux%u pixels; the limit is %llu megapixels)",
                 info.image_width, info.image_height, (unsigned long long)(max_pixels / 1000000));
        p_jpeg_destroy_decompress(&info);
        return -1;
    }
    int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    info.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    info.scale_num = 1;
    info.scale_denom = (unsigned)(scale_denominator == 2 || scale_denominator == 4 || scale_denominator == 8 ? scale_denominator : 1);
    p_jpeg_start_decompress(&info);
    uint32_t width = info.output_width, height = info.output_height;
    pixels = malloc((size_t)width * height * 4);
    if (!pixels) {
        snprintf(error, error_size, "not enough memory for a %ux%u image", width, height);
        p_jpeg_destroy_decompress(&info);
        return -1;
    }
    while (info.output_scanline < height) {
        if (job && job->cancelled) {
            snprintf(error, error_size, "cancelled");
            p_jpeg_destroy_decompress(&info);
            free(pixels);
            return -2;
        }
        JSAMPROW target = pixels + (size_t)info.output_scanline * width * 4;
        p_jpeg_read_scanlines(&info, &target, 1);
        if (job) job->progress = (double)info.output_scanline / height;
    }
    if (cmyk) {
        // Adobe writes CMYK JPEGs inverted: each byte is 255 - ink, so RGB = value * K / 255.
        int inverted = info.saw_Adobe_marker;
        for (size_t i = 0; i < (size_t)width * height; i++) {
            uint8_t *p = pixels + i * 4;
            unsigned c = p[0], m = p[1], y = p[2], k = p[3];
            if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
            p[0] = (uint8_t)(c * k / 255); p[1] = (uint8_t)(m * k / 255); p[2] = (uint8_t)(y * k / 255); p[3] = 255;
        }
    }
    /* Before finishing: the saved markers go with the image's memory then. */
    JOCTET *profile = NULL;
    unsigned int profile_length = 0;
    if (p_jpeg_read_icc_profile(&info, &profile, &profile_length) && profile && profile_length >= 128) {
        icc->bytes = profile;
        icc->length = profile_length;
    } else {
        free(profile);
    }
    p_jpeg_finish_decompress(&info);
    p_jpeg_destroy_decompress(&info);
    out->rgba = pixels;
    out->width = width;
    out->height = height;
    return 0;
}

int codecs_jpeg_dimensions(const uint8_t *data, size_t length, uint32_t *width, uint32_t *height) {
    struct jpeg_decompress_struct info;
    error_manager manager;
    char ignored[JMSG_LENGTH_MAX];
    if (!load_jpeg()) return -1;
    info.err = install_error_manager(&manager, ignored, sizeof ignored);
    if (setjmp(manager.jump)) { p_jpeg_destroy_decompress(&info); return -1; }
    p_jpeg_CreateDecompress(&info, JPEG_LIB_VERSION, sizeof(struct jpeg_decompress_struct));
    p_jpeg_mem_src(&info, data, (unsigned long)length);
    p_jpeg_read_header(&info, TRUE);
    *width = info.image_width;
    *height = info.image_height;
    p_jpeg_destroy_decompress(&info);
    return 0;
}

int codecs_jpeg_encode(const uint8_t *rgba, uint32_t width, uint32_t height, int quality, int grayscale, int cmyk,
                       int progressive, int orientation, const uint8_t *icc, size_t icc_length, codecs_buffer *out,
                       char *error, size_t error_size) {
    struct jpeg_compress_struct info;
    error_manager manager;
    unsigned char *volatile buffer = NULL;
    unsigned long size = 0;
    uint8_t *volatile row = NULL;
    out->bytes = NULL;
    out->length = 0;
    if (!load_jpeg()) {
        snprintf(error, error_size, "JPEG pictures need libjpeg (Debian's libjpeg62-turbo), which could not be loaded");
        return -1;
    }
    info.err = install_error_manager(&manager, error, error_size);
    if (setjmp(manager.jump)) {
        p_jpeg_destroy_compress(&info);
        free(row);
        free(buffer);
        return -1;
    }
    p_jpeg_CreateCompress(&info, JPEG_LIB_VERSION, sizeof(struct jpeg_compress_struct));
    p_jpeg_mem_dest(&info, (unsigned char **)&buffer, &size);
    info.image_width = width;
    info.image_height = height;
    info.input_components = grayscale ? 1 : 4;
    info.in_color_space = grayscale ? JCS_GRAYSCALE : (cmyk ? JCS_CMYK : JCS_EXT_RGBA);
    p_jpeg_set_defaults(&info);
    p_jpeg_set_quality(&info, quality, TRUE);
    if (progressive) p_jpeg_simple_progression(&info);
    p_jpeg_start_compress(&info, TRUE);
    if (orientation >= 1 && orientation <= 8) {
        // A minimal big-endian EXIF block with one IFD0 entry: Orientation (0x0112, SHORT).
        uint8_t exif[] = { 'E', 'x', 'i', 'f', 0, 0, 'M', 'M', 0, 42, 0, 0, 0, 8, 0, 1,
                           0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, (uint8_t)orientation, 0, 0, 0, 0, 0, 0 };
        p_jpeg_write_marker(&info, JPEG_APP0 + 1, exif, sizeof exif);
    }
    /* libjpeg-turbo splits the profile into the APP2 "ICC_PROFILE" markers readers expect. */
    if (icc && icc_length > 0) p_jpeg_write_icc_profile(&info, icc, (unsigned int)icc_length);
    row = malloc((size_t)width * 4);
    if (!row) { snprintf(error, error_size, "out of memory"); p_jpeg_destroy_compress(&info); return -1; }
    while (info.next_scanline < height) {
        const uint8_t *source = rgba + (size_t)info.next_scanline * width * 4;
        for (uint32_t x = 0; x < width; x++) {
            if (grayscale) {
                row[x] = source[x * 4];
            } else if (cmyk) {
                // CMYK with K = 255 - max(R,G,B), stored inverted as Adobe does (libjpeg
                // writes the Adobe marker that says so).
                unsigned r = source[x * 4], g = source[x * 4 + 1], b = source[x * 4 + 2];
                unsigned mx = r > g ? (r > b ? r : b) : (g > b ? g : b);
                unsigned k = 255 - mx;
                row[x * 4] = (uint8_t)(255 - (mx ? (mx - r) * 255 / mx : 0));
                row[x * 4 + 1] = (uint8_t)(255 - (mx ? (mx - g) * 255 / mx : 0));
                row[x * 4 + 2] = (uint8_t)(255 - (mx ? (mx - b) * 255 / mx : 0));
                row[x * 4 + 3] = (uint8_t)(255 - k);
            } else {
                memcpy(row + x * 4, source + x * 4, 4);
            }
        }
        JSAMPROW pointer = row;
        p_jpeg_write_scanlines(&info, &pointer, 1);
    }
    p_jpeg_finish_compress(&info);
    p_jpeg_destroy_compress(&info);
    free(row);
    out->bytes = buffer;
    out->length = size;
    return 0;
}

int codecs_jpeg_icc_profile(const uint8_t *data, size_t length, codecs_buffer *out) {
    struct jpeg_decompress_struct info;
    error_manager manager;
    out->bytes = NULL;
    out->length = 0;
    if (length < 4 || data[0] != 0xFF || data[1] != 0xD8) return -1;
    if (!load_jpeg()) return -1;
    info.err = install_error_manager(&manager, NULL, 0);
    if (setjmp(manager.jump)) {
        p_jpeg_destroy_decompress(&info);
        free(out->bytes);
        out->bytes = NULL;
        out->length = 0;
        return -1;
    }
    p_jpeg_CreateDecompress(&info, JPEG_LIB_VERSION, sizeof(struct jpeg_decompress_struct));
    p_jpeg_mem_src(&info, data, (unsigned long)length);
    p_jpeg_save_markers(&info, JPEG_APP0 + 2, 0xFFFF);
    p_jpeg_read_header(&info, TRUE);
    JOCTET *profile = NULL;
    unsigned int size = 0;
    /* libjpeg-turbo joins the markers in their sequence order and refuses a broken set. */
    int found = p_jpeg_read_icc_profile(&info, &profile, &size) && profile && size >= 128;
    if (found) {
        out->bytes = profile;
        out->length = size;
    } else {
        free(profile);
    }
    p_jpeg_destroy_decompress(&info);
    return found ? 0 : -1;
}
