// libavif glue: AVIF pictures (AV1 in HEIF) from the web and phones. libavif returns an
// avifResult for every failure and never jumps or aborts on bad input; dav1d (or libaom)
// decodes the AV1 inside avifDecoderNextImage. libavif is opened on first use (LazyLibrary.h).
#include "CImageCodecs.h"
#include "ISOMediaBrand.h"
#include <LazyLibrary.h>
#include <avif/avif.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define AVIF_FUNCTIONS(X) \
    X(avifDecoderCreate) X(avifDecoderDestroy) X(avifDecoderSetIOMemory) X(avifDecoderParse) \
    X(avifDecoderNextImage) X(avifResultToString) X(avifRGBImageSetDefaults) X(avifImageYUVToRGB) \
    X(avifColorPrimariesGetValues)
LAZY_LIBRARY(avif, "libavif.so.15", AVIF_FUNCTIONS)

/* An AVIF still ("avif") or sequence ("avis") by its ftyp box. */
int codecs_avif_is_avif(const uint8_t *data, size_t length) {
    return iso_file_has_brand(data, length, "avif") || iso_file_has_brand(data, length, "avis");
}

int codecs_avif_decode(const uint8_t *data, size_t length, uint64_t max_pixels, uint32_t **pixels, uint32_t *width,
                       uint32_t *height, int *frames, int *rotation, int *mirror, codecs_buffer *icc, char *error, size_t error_size) {
    *pixels = NULL;
    *rotation = 0;
    *mirror = -1;
    memset(icc, 0, sizeof *icc);
    if (!load_avif()) {
        snprintf(error, error_size, "AVIF pictures need libavif (Debian's libavif15), which could not be loaded");
        return -1;
    }
    avifDecoder *decoder = p_avifDecoderCreate();
    if (!decoder) {
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    /* libavif refuses a bigger picture itself, before allocating it; both cores decode. */
    decoder->imageSizeLimit = max_pixels < AVIF_DEFAULT_IMAGE_SIZE_LIMIT ? (uint32_t)max_pixels : AVIF_DEFAULT_IMAGE_SIZE_LIMIT;
    decoder->maxThreads = 2;
    decoder->ignoreExif = AVIF_TRUE;
    decoder->ignoreXMP = AVIF_TRUE;
    avifRGBImage rgb;
    memset(&rgb, 0, sizeof rgb);
    int result = -1;
    avifResult status = p_avifDecoderSetIOMemory(decoder, data, length);
    if (status == AVIF_RESULT_OK) status = p_avifDecoderParse(decoder);
    if (status != AVIF_RESULT_OK) {
        snprintf(error, error_size, "not an AVIF picture libavif can read: %s", p_avifResultToString(status));
    } else if ((uint64_t)decoder->image->width * decoder->image->height > max_pixels || decoder->image->width == 0) {
        snprintf(error, error_size, "the AVIF picture is %ux%u, more than the %llu pixels allowed", decoder->image->width,
                 decoder->image->height, (unsigned long long)max_pixels);
    } else if ((status = p_avifDecoderNextImage(decoder)) != AVIF_RESULT_OK) {
        snprintf(error, error_size, "the AVIF picture could not be decoded: %s", p_avifResultToString(status));
    } else {
        avifImage *image = decoder->image;
        p_avifRGBImageSetDefaults(&rgb, image);
        /* Bytes B, G, R, A in memory are the app's words A<<24|R<<16|G<<8|B, premultiplied. */
        rgb.format = AVIF_RGB_FORMAT_BGRA;
        rgb.depth = 8;
        rgb.alphaPremultiplied = AVIF_TRUE;
        rgb.rowBytes = image->width * 4;
        rgb.pixels = malloc((size_t)image->width * image->height * 4);
        if (!rgb.pixels) {
            snprintf(error, error_size, "out of memory for a %ux%u picture", image->width, image->height);
        } else if ((status = p_avifImageYUVToRGB(image, &rgb)) != AVIF_RESULT_OK) {
            snprintf(error, error_size, "the AVIF picture's colours could not be converted: %s", p_avifResultToString(status));
            free(rgb.pixels);
        } else {
            *pixels = (uint32_t *)rgb.pixels;
            *width = image->width;
            *height = image->height;
            *frames = decoder->imageCount;
            if (image->transformFlags & AVIF_TRANSFORM_IROT) *rotation = image->irot.angle & 3;
            if (image->transformFlags & AVIF_TRANSFORM_IMIR) *mirror = image->imir.mode & 1;
            if (image->icc.size >= 128 && (icc->bytes = malloc(image->icc.size))) {
                memcpy(icc->bytes, image->icc.data, image->icc.size);
                icc->length = image->icc.size;
            } else {
                float xy[8];
                p_avifColorPrimariesGetValues(image->colorPrimaries, xy);
                codecs_icc_from_nclx((int)image->colorPrimaries, xy, (int)image->transferCharacteristics, icc);
            }
            result = 0;
        }
    }
    p_avifDecoderDestroy(decoder);
    return result;
}
