// libwebp glue: the decoder's and encoder's status codes become messages; libwebp itself never
// jumps or aborts on bad input.
#include "CImageCodecs.h"
#include <LazyLibrary.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <webp/decode.h>
#include <webp/encode.h>
#include <webp/demux.h>
#include <webp/mux.h>

/* Opened on first use (LazyLibrary.h): the decoder and encoder, the container's reader and its
   writer. A start with an empty drawing needs none of them. */
#define WEBP_FUNCTIONS(X) \
    X(WebPGetFeaturesInternal) X(WebPInitDecoderConfigInternal) X(WebPConfigInitInternal) X(WebPPictureInitInternal) \
    X(WebPConfigLosslessPreset) X(WebPDecode) X(WebPEncode) X(WebPFreeDecBuffer) X(WebPPictureFree) \
    X(WebPPictureImportBGRA) X(WebPPictureImportRGBA) X(WebPValidateConfig) X(WebPFree)
LAZY_LIBRARY(webp, "libwebp.so.7", WEBP_FUNCTIONS)
#define WEBP_DEMUX_FUNCTIONS(X) \
    X(WebPDemuxInternal) X(WebPDemuxDelete) X(WebPDemuxGetChunk) X(WebPDemuxGetFrame) X(WebPDemuxGetI) \
    X(WebPDemuxReleaseChunkIterator) X(WebPDemuxReleaseIterator)
LAZY_LIBRARY(webpdemux, "libwebpdemux.so.2", WEBP_DEMUX_FUNCTIONS)
#define WEBP_MUX_FUNCTIONS(X) X(WebPMuxCreateInternal) X(WebPMuxAssemble) X(WebPMuxDelete) X(WebPMuxSetChunk)
LAZY_LIBRARY(webpmux, "libwebpmux.so.3", WEBP_MUX_FUNCTIONS)

static int webp_ready(void) { return load_webp() && load_webpdemux() && load_webpmux(); }
static const char *const webp_missing =
    "WebP pictures need libwebp (Debian's libwebp7, libwebpdemux2 and libwebpmux3), which could not be loaded";

/* WebPDataClear, whose inline body calls WebPFree. */
static void clear_data(WebPData *data) {
    if (!data) return;
    p_WebPFree((void *)data->bytes);
    memset(data, 0, sizeof *data);
}

static const char *vp8_status_text(VP8StatusCode status) {
    switch (status) {
    case VP8_STATUS_OUT_OF_MEMORY: return "out of memory";
    case VP8_STATUS_INVALID_PARAM: return "invalid parameters";
    case VP8_STATUS_BITSTREAM_ERROR: return "the WebP data is damaged";
    case VP8_STATUS_UNSUPPORTED_FEATURE: return "a WebP feature this libwebp cannot read";
    case VP8_STATUS_SUSPENDED: return "the decoder stopped";
    case VP8_STATUS_USER_ABORT: return "stopped";
    case VP8_STATUS_NOT_ENOUGH_DATA: return "the WebP file is cut short";
    default: return "the WebP data could not be read";
    }
}

int codecs_webp_info(const uint8_t *data, size_t length, uint32_t *width, uint32_t *height, int *has_alpha,
                     int *is_animated, int *frame_count) {
    if (!webp_ready()) return -1;
    WebPBitstreamFeatures features;
    if (p_WebPGetFeaturesInternal(data, length, &features, WEBP_DECODER_ABI_VERSION) != VP8_STATUS_OK) return -1;
    *width = (uint32_t)features.width;
    *height = (uint32_t)features.height;
    *has_alpha = features.has_alpha;
    *is_animated = features.has_animation;
    *frame_count = 1;
    if (features.has_animation) {
        WebPData whole = {data, length};
        WebPDemuxer *demux = p_WebPDemuxInternal(&whole, 0, NULL, WEBP_DEMUX_ABI_VERSION);
        if (demux) {
            *frame_count = (int)p_WebPDemuxGetI(demux, WEBP_FF_FRAME_COUNT);
            *width = p_WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH);
            *height = p_WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT);
            p_WebPDemuxDelete(demux);
        }
    }
    return 0;
}

/* A still picture, or an animation's first frame (its own bitstream, placed on the canvas at its
   offset over transparency), into `canvas` (width x height pixels of 4 bytes, cleared), in
   `mode`. */
static int decode_into(const uint8_t *data, size_t length, uint8_t *canvas, uint32_t width, uint32_t height,
                       WEBP_CSP_MODE mode, char *error, size_t error_size) {
    uint32_t w = 0, h = 0;
    int has_alpha = 0, animated = 0, frames = 0;
    if (codecs_webp_info(data, length, &w, &h, &has_alpha, &animated, &frames) != 0 || w != width || h != height) {
        snprintf(error, error_size, "not a WebP picture this libwebp can read");
        return -1;
    }
    const uint8_t *frame_data = data;
    size_t frame_length = length;
    int frame_x = 0, frame_y = 0;
    WebPDemuxer *demux = NULL;
    WebPIterator iterator;
    memset(&iterator, 0, sizeof iterator);
    if (animated) {
        WebPData whole = {data, length};
        demux = p_WebPDemuxInternal(&whole, 0, NULL, WEBP_DEMUX_ABI_VERSION);
        if (!demux || !p_WebPDemuxGetFrame(demux, 1, &iterator)) {
            if (demux) p_WebPDemuxDelete(demux);
            snprintf(error, error_size, "the WebP animation has no first frame");
            return -1;
        }
        frame_data = iterator.fragment.bytes;
        frame_length = iterator.fragment.size;
        frame_x = iterator.x_offset;
        frame_y = iterator.y_offset;
    }
    WebPDecoderConfig config;
    p_WebPInitDecoderConfigInternal(&config, WEBP_DECODER_ABI_VERSION);
    VP8StatusCode status = p_WebPGetFeaturesInternal(frame_data, frame_length, &config.input, WEBP_DECODER_ABI_VERSION);
    int result = -1;
    if (status == VP8_STATUS_OK) {
        uint32_t fw = (uint32_t)config.input.width, fh = (uint32_t)config.input.height;
        if ((uint64_t)frame_x + fw > width || (uint64_t)frame_y + fh > height) {
            snprintf(error, error_size, "the WebP animation's first frame lies outside its canvas");
        } else {
            config.output.colorspace = mode;
            config.output.is_external_memory = 1;
            config.output.u.RGBA.rgba = canvas + ((size_t)frame_y * width + (size_t)frame_x) * 4;
            config.output.u.RGBA.stride = (int)width * 4;
            config.output.u.RGBA.size = (size_t)width * 4 * (height - (uint32_t)frame_y);
            status = p_WebPDecode(frame_data, frame_length, &config);
            if (status == VP8_STATUS_OK) {
                result = 0;
            } else {
                snprintf(error, error_size, "%s", vp8_status_text(status));
            }
        }
    } else {
        snprintf(error, error_size, "%s", vp8_status_text(status));
    }
    p_WebPFreeDecBuffer(&config.output);
    if (demux) {
        p_WebPDemuxReleaseIterator(&iterator);
        p_WebPDemuxDelete(demux);
    }
    return result;
}

/* Straight into the app's pixel words (little-endian A<<24|R<<16|G<<8|B is the bytes B, G, R, A:
   libwebp's MODE_BGRA), then only the translucent pixels premultiplied, rounded as the app
   rounds everywhere (libwebp's own premultiplying, MODE_bgrA, rounds differently). */
int codecs_webp_decode_premultiplied(const uint8_t *data, size_t length, uint32_t *pixels, uint32_t width, uint32_t height,
                                     char *error, size_t error_size) {
    if (!webp_ready()) {
        snprintf(error, error_size, "%s", webp_missing);
        return -1;
    }
    if (decode_into(data, length, (uint8_t *)pixels, width, height, MODE_BGRA, error, error_size) != 0) return -1;
    size_t count = (size_t)width * height;
    for (size_t i = 0; i < count; i++) {
        uint32_t p = pixels[i], a = p >> 24;
        if (a == 255) continue;
        if (a == 0) { pixels[i] = 0; continue; }
        uint32_t r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF;
        /* x * a / 255 rounded: (t + (t >> 8)) >> 8 with t = x * a + 128. */
        uint32_t tr = r * a + 128, tg = g * a + 128, tb = b * a + 128;
        pixels[i] = a << 24 | ((tr + (tr >> 8)) >> 8) << 16 | ((tg + (tg >> 8)) >> 8) << 8 | ((tb + (tb >> 8)) >> 8);
    }
    return 0;
}

static int write_to_buffer(const uint8_t *data, size_t size, const WebPPicture *picture) {
    codecs_buffer *buffer = (codecs_buffer *)picture->custom_ptr;
    uint8_t *grown = realloc(buffer->bytes, buffer->length + size);
    if (!grown) return 0;
    memcpy(grown + buffer->length, data, size);
    buffer->bytes = grown;
    buffer->length += size;
    return 1;
}

/* The encoded still picture in `out` rewrapped by libwebpmux with an ICCP chunk (the extended
   VP8X header that announces it comes with it). */
static int add_icc_profile(codecs_buffer *out, const uint8_t *icc, size_t icc_length, char *error, size_t error_size) {
    WebPData image = {out->bytes, out->length}, profile = {icc, icc_length}, assembled = {NULL, 0};
    WebPMux *mux = p_WebPMuxCreateInternal(&image, 0, WEBP_MUX_ABI_VERSION);
    int ok = mux && p_WebPMuxSetChunk(mux, "ICCP", &profile, 0) == WEBP_MUX_OK && p_WebPMuxAssemble(mux, &assembled) == WEBP_MUX_OK;
    p_WebPMuxDelete(mux);
    free(out->bytes);
    memset(out, 0, sizeof *out);
    if (!ok) {
        clear_data(&assembled);
        snprintf(error, error_size, "libwebpmux could not add the colour profile");
        return 0;
    }
    /* WebPDataClear frees with WebPFree; our buffers are freed with free(): copy. */
    if ((out->bytes = malloc(assembled.size))) {
        memcpy(out->bytes, assembled.bytes, assembled.size);
        out->length = assembled.size;
    }
    clear_data(&assembled);
    if (!out->bytes) snprintf(error, error_size, "out of memory");
    return out->bytes != NULL;
}

int codecs_webp_encode_words(const uint32_t *pixels, uint32_t width, uint32_t height, int bgra, int lossless, float quality,
                             int method, const uint8_t *icc, size_t icc_length, codecs_buffer *out, char *error, size_t error_size) {
    const uint8_t *bytes = (const uint8_t *)pixels;
    memset(out, 0, sizeof *out);
    if (!webp_ready()) {
        snprintf(error, error_size, "%s", webp_missing);
        return -1;
    }
    WebPConfig config;
    if (!p_WebPConfigInitInternal(&config, WEBP_PRESET_DEFAULT, 75.f, WEBP_ENCODER_ABI_VERSION) || (lossless && !p_WebPConfigLosslessPreset(&config, method))) {
        snprintf(error, error_size, "libwebp's settings could not be made");
        return -1;
    }
    config.lossless = lossless;
    config.quality = quality;
    config.method = method;
    // Lossless keeps the colour under fully transparent pixels too (what was drawn stays).
    config.exact = lossless;
    if (!p_WebPValidateConfig(&config)) {
        snprintf(error, error_size, "libwebp refused the settings");
        return -1;
    }
    WebPPicture picture;
    if (!p_WebPPictureInitInternal(&picture, WEBP_ENCODER_ABI_VERSION)) {
        snprintf(error, error_size, "libwebp could not start");
        return -1;
    }
    picture.use_argb = 1;
    picture.width = (int)width;
    picture.height = (int)height;
    if (!(bgra ? p_WebPPictureImportBGRA(&picture, bytes, (int)width * 4) : p_WebPPictureImportRGBA(&picture, bytes, (int)width * 4))) {
        p_WebPPictureFree(&picture);
        snprintf(error, error_size, "out of memory for a %ux%u picture", width, height);
        return -1;
    }
    picture.writer = write_to_buffer;
    picture.custom_ptr = out;
    int ok = p_WebPEncode(&config, &picture);
    if (!ok) {
        snprintf(error, error_size, "libwebp could not encode the picture (error %d)", picture.error_code);
        free(out->bytes);
        memset(out, 0, sizeof *out);
    }
    p_WebPPictureFree(&picture);
    if (ok && icc && icc_length > 0) ok = add_icc_profile(out, icc, icc_length, error, error_size);
    return ok ? 0 : -1;
}

int codecs_webp_icc_profile(const uint8_t *data, size_t length, codecs_buffer *out) {
    memset(out, 0, sizeof *out);
    if (!webp_ready()) return -1;
    WebPData whole = {data, length};
    WebPDemuxer *demux = p_WebPDemuxInternal(&whole, 0, NULL, WEBP_DEMUX_ABI_VERSION);
    if (!demux) return -1;
    int result = -1;
    WebPChunkIterator chunk;
    if ((p_WebPDemuxGetI(demux, WEBP_FF_FORMAT_FLAGS) & ICCP_FLAG) && p_WebPDemuxGetChunk(demux, "ICCP", 1, &chunk)) {
        if (chunk.chunk.size >= 128 && (out->bytes = malloc(chunk.chunk.size))) {
            memcpy(out->bytes, chunk.chunk.bytes, chunk.chunk.size);
            out->length = chunk.chunk.size;
            result = 0;
        }
        p_WebPDemuxReleaseChunkIterator(&chunk);
    }
    p_WebPDemuxDelete(demux);
    return result;
}
