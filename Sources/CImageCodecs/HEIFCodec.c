// libheif glue: HEIC (and other HEIF) pictures from phones. libheif reports every failure as a
// heif_error with a message and never jumps or aborts on bad input; its decoder (libde265 for
// HEVC) runs inside heif_decode_image. libheif is opened on first use (LazyLibrary.h).
#include "CImageCodecs.h"
#include "ISOMediaBrand.h"
#include <LazyLibrary.h>
#include <libheif/heif.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HEIF_FUNCTIONS(X) \
    X(heif_context_alloc) X(heif_context_free) X(heif_context_read_from_memory_without_copy) \
    X(heif_context_get_primary_image_handle) X(heif_image_handle_get_width) \
    X(heif_image_handle_get_height) X(heif_decode_image) X(heif_image_get_width) \
    X(heif_image_get_height) X(heif_image_get_plane_readonly) \
    X(heif_image_handle_is_premultiplied_alpha) X(heif_context_get_number_of_top_level_images) \
    X(heif_image_handle_get_color_profile_type) X(heif_image_handle_get_raw_color_profile_size) \
    X(heif_image_handle_get_raw_color_profile) X(heif_image_handle_get_nclx_color_profile) \
    X(heif_nclx_color_profile_free) X(heif_image_release) X(heif_image_handle_release)
LAZY_LIBRARY(heif, "libheif.so.1", HEIF_FUNCTIONS)

/* HEIF's brands (HEVC stills and sequences, and the generic image brands); an AVIF names "avif"
   and goes to libavif. */
int codecs_heif_is_heif(const uint8_t *data, size_t length) {
    static const char *const brands[] = {"heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1"};
    if (iso_file_has_brand(data, length, "avif") || iso_file_has_brand(data, length, "avis")) return 0;
    for (size_t i = 0; i < sizeof brands / sizeof *brands; i++)
        if (iso_file_has_brand(data, length, brands[i])) return 1;
    return 0;
}

/* The picture's colours as an ICC profile: its own (rICC/prof), or one made from its nclx box
   when that is not sRGB's. */
static void color_profile(const struct heif_image_handle *handle, codecs_buffer *icc) {
    enum heif_color_profile_type type = p_heif_image_handle_get_color_profile_type(handle);
    if (type == heif_color_profile_type_rICC || type == heif_color_profile_type_prof) {
        size_t size = p_heif_image_handle_get_raw_color_profile_size(handle);
        if (size >= 128 && (icc->bytes = malloc(size))) {
            if (p_heif_image_handle_get_raw_color_profile(handle, icc->bytes).code == heif_error_Ok) {
                icc->length = size;
            } else {
                free(icc->bytes);
                icc->bytes = NULL;
            }
        }
        return;
    }
    struct heif_color_profile_nclx *nclx = NULL;
    if (p_heif_image_handle_get_nclx_color_profile(handle, &nclx).code == heif_error_Ok && nclx) {
        const float xy[8] = {nclx->color_primary_red_x, nclx->color_primary_red_y, nclx->color_primary_green_x, nclx->color_primary_green_y,
                             nclx->color_primary_blue_x, nclx->color_primary_blue_y, nclx->color_primary_white_x, nclx->color_primary_white_y};
        codecs_icc_from_nclx((int)nclx->color_primaries, xy, (int)nclx->transfer_characteristics, icc);
    }
    p_heif_nclx_color_profile_free(nclx);
}

int codecs_heif_decode(const uint8_t *data, size_t length, uint64_t max_pixels, uint32_t **pixels, uint32_t *width,
                       uint32_t *height, int *images, codecs_buffer *icc, char *error, size_t error_size) {
    *pixels = NULL;
    memset(icc, 0, sizeof *icc);
    if (!load_heif()) {
        snprintf(error, error_size, "HEIC pictures need libheif (Debian's libheif1), which could not be loaded");
        return -1;
    }
    struct heif_context *context = p_heif_context_alloc();
    if (!context) {
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    struct heif_image_handle *handle = NULL;
    struct heif_image *image = NULL;
    int result = -1;
    /* The primary picture's size comes from its header (ispe) before anything is decoded. */
    struct heif_error status = p_heif_context_read_from_memory_without_copy(context, data, length, NULL);
    if (status.code != heif_error_Ok) {
        snprintf(error, error_size, "not a HEIF picture libheif can read: %s", status.message);
    } else if ((status = p_heif_context_get_primary_image_handle(context, &handle)).code != heif_error_Ok) {
        snprintf(error, error_size, "the HEIF file has no picture: %s", status.message);
    } else {
        uint64_t w = (uint64_t)p_heif_image_handle_get_width(handle), h = (uint64_t)p_heif_image_handle_get_height(handle);
        if (w == 0 || h == 0 || w * h > max_pixels) {
            snprintf(error, error_size, "the HEIF picture is %llux%llu, more than the %llu pixels allowed", (unsigned long long)w,
                     (unsigned long long)h, (unsigned long long)max_pixels);
        } else if ((status = p_heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, NULL)).code
                   != heif_error_Ok) {
            snprintf(error, error_size, "the HEIF picture could not be decoded: %s", status.message);
        } else {
            /* Rotation and mirroring (irot, imir) are applied by libheif: the size may have turned. */
            int iw = p_heif_image_get_width(image, heif_channel_interleaved), ih = p_heif_image_get_height(image, heif_channel_interleaved);
            int stride = 0;
            const uint8_t *plane = p_heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride);
            uint32_t *words = plane && iw > 0 && ih > 0 && (uint64_t)iw * ih <= max_pixels ? malloc((size_t)iw * ih * 4) : NULL;
            if (!words) {
                snprintf(error, error_size, plane ? "out of memory for a %dx%d picture" : "the HEIF picture has no pixels", iw, ih);
            } else {
                int premultiplied = p_heif_image_handle_is_premultiplied_alpha(handle);
                for (int y = 0; y < ih; y++) {
                    const uint8_t *row = plane + (size_t)y * stride;
                    uint32_t *out = words + (size_t)y * iw;
                    for (int x = 0; x < iw; x++) {
                        uint32_t r = row[x * 4], g = row[x * 4 + 1], b = row[x * 4 + 2], a = row[x * 4 + 3];
                        if (a != 255 && !premultiplied) {
                            uint32_t tr = r * a + 128, tg = g * a + 128, tb = b * a + 128;
                            r = (tr + (tr >> 8)) >> 8;
                            g = (tg + (tg >> 8)) >> 8;
                            b = (tb + (tb >> 8)) >> 8;
                        }
                        out[x] = a << 24 | r << 16 | g << 8 | b;
                    }
                }
                *pixels = words;
                *width = (uint32_t)iw;
                *height = (uint32_t)ih;
                *images = p_heif_context_get_number_of_top_level_images(context);
                color_profile(handle, icc);
                result = 0;
            }
        }
    }
    if (image) p_heif_image_release(image);
    if (handle) p_heif_image_handle_release(handle);
    p_heif_context_free(context);
    return result;
}
