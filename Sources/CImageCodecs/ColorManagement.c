// Little CMS glue: an embedded ICC profile's colours converted to sRGB, the colour space the
// app draws and saves in. lcms reports errors through a log handler (silenced here: a damaged
// profile is an answer, not a message on stderr) and never jumps out of a call. It is opened on
// first use (LazyLibrary.h), as the codecs that need it are.
#include "CImageCodecs.h"
#include <LazyLibrary.h>
#include <lcms2.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define LCMS_FUNCTIONS(X) \
    X(cmsBuildGamma) X(cmsBuildParametricToneCurve) X(cmsCloseProfile) X(cmsCreateRGBProfile) \
    X(cmsCreateTransform) X(cmsCreate_sRGBProfile) X(cmsDeleteTransform) X(cmsDoTransform) \
    X(cmsFreeToneCurve) X(cmsGetColorSpace) X(cmsOpenProfileFromMem) X(cmsSaveProfileToMem) \
    X(cmsSetLogErrorHandler)
LAZY_LIBRARY(lcms, "liblcms2.so.2", LCMS_FUNCTIONS)

static void ignore_lcms_error(cmsContext context, cmsUInt32Number code, const char *text) { (void)context; (void)code; (void)text; }

static pthread_once_t quiet_once = PTHREAD_ONCE_INIT;
static void make_lcms_quiet(void) {
    if (load_lcms()) p_cmsSetLogErrorHandler(ignore_lcms_error);
}

/* lcms opened (on first use: it is not needed at start) and quiet; 0 when it cannot be opened. */
static int lcms_ready(void) {
    pthread_once(&quiet_once, make_lcms_quiet);
    return load_lcms();
}

/* Whether the transform leaves every 8-bit level it is tried on within one of where it was: a
   profile that describes sRGB (a camera's, colord's, the one our own saves carry) is not applied,
   so such files open to exactly their numbers (colord's sRGB profile, through lcms, moves some
   levels by one: its curves are tables, not sRGB's formula). 10 levels per channel, extremes and
   mid-tones, 1000 colours; Adobe RGB moves mid-tones by tens. */
static int is_identity(cmsHTRANSFORM transform) {
    static const uint8_t levels[10] = {0, 1, 2, 37, 64, 128, 191, 232, 254, 255};
    uint8_t in[1000 * 4], out[1000 * 4];
    int n = 0;
    for (int r = 0; r < 10; r++)
        for (int g = 0; g < 10; g++)
            for (int b = 0; b < 10; b++, n++) {
                in[n * 4] = levels[b];
                in[n * 4 + 1] = levels[g];
                in[n * 4 + 2] = levels[r];
                in[n * 4 + 3] = 255;
            }
    p_cmsDoTransform(transform, in, out, 1000);
    for (int i = 0; i < 1000 * 4; i++)
        if (abs((int)in[i] - (int)out[i]) > 1) return 0;
    return 1;
}

typedef struct {
    cmsHTRANSFORM transform;
    uint32_t *pixels;
    size_t count;
    int translucent;
} band;

/* Little CMS (2.14) converts straight colours: translucent pixels are made straight first and
   premultiplied again after, with the app's rounding (its own premultiplied formats were far
   off in the tests). A fully transparent pixel stays zero. */
static void *convert_band(void *argument) {
    band *work = argument;
    uint32_t *p = work->pixels;
    if (work->translucent) {
        for (size_t i = 0; i < work->count; i++) {
            uint32_t a = p[i] >> 24;
            if (a == 255 || a == 0) continue;
            uint32_t r = (p[i] >> 16 & 0xFF) * 255 + a / 2, g = (p[i] >> 8 & 0xFF) * 255 + a / 2, b = (p[i] & 0xFF) * 255 + a / 2;
            r /= a; g /= a; b /= a;
            p[i] = a << 24 | (r > 255 ? 255 : r) << 16 | (g > 255 ? 255 : g) << 8 | (b > 255 ? 255 : b);
        }
    }
    p_cmsDoTransform(work->transform, p, p, (cmsUInt32Number)work->count);
    if (work->translucent) {
        for (size_t i = 0; i < work->count; i++) {
            uint32_t a = p[i] >> 24;
            if (a == 255) continue;
            if (a == 0) { p[i] = 0; continue; }
            uint32_t tr = (p[i] >> 16 & 0xFF) * a + 128, tg = (p[i] >> 8 & 0xFF) * a + 128, tb = (p[i] & 0xFF) * a + 128;
            p[i] = a << 24 | ((tr + (tr >> 8)) >> 8) << 16 | ((tg + (tg >> 8)) >> 8) << 8 | ((tb + (tb >> 8)) >> 8);
        }
    }
    return NULL;
}

int codecs_icc_to_srgb(uint32_t *pixels, size_t count, const uint8_t *profile, size_t length) {
    if (!lcms_ready()) return -1;
    if (!profile || length < 128 || length > UINT32_MAX) return -1;
    cmsHPROFILE source = p_cmsOpenProfileFromMem(profile, (cmsUInt32Number)length);
    if (!source) return -1;
    if (p_cmsGetColorSpace(source) != cmsSigRgbData) {
        /* A grey or CMYK profile describes data the decoder has already made RGB. */
        p_cmsCloseProfile(source);
        return 0;
    }
    cmsHPROFILE srgb = p_cmsCreate_sRGBProfile();
    /* B, G, R, A bytes (the app's words), alpha copied. No cache: two threads share the transform. */
    cmsHTRANSFORM transform = p_cmsCreateTransform(source, TYPE_BGRA_8, srgb, TYPE_BGRA_8, INTENT_PERCEPTUAL,
                                                 cmsFLAGS_COPY_ALPHA | cmsFLAGS_NOCACHE);
    p_cmsCloseProfile(source);
    p_cmsCloseProfile(srgb);
    if (!transform) return -1;
    int result = 0;
    if (!is_identity(transform)) {
        /* Two bands, one per core, for a photo of a few megapixels or more. */
        int translucent = 0;
        for (size_t i = 0; i < count && !translucent; i++) translucent = pixels[i] < 0xFF000000u;
        size_t half = count > (1u << 20) ? count / 2 : count;
        band bands[2] = {{transform, pixels, half, translucent}, {transform, pixels + half, count - half, translucent}};
        pthread_t thread;
        int threaded = bands[1].count > 0 && pthread_create(&thread, NULL, convert_band, &bands[1]) == 0;
        convert_band(&bands[0]);
        if (threaded) pthread_join(thread, NULL);
        else if (bands[1].count > 0) convert_band(&bands[1]);
        result = 1;
    }
    p_cmsDeleteTransform(transform);
    return result;
}

/* An RGB profile from primaries and a white point (CIE xy) and a transfer curve: what a
   HEIF/AVIF file's nclx box says instead of an ICC profile. transfer 0: sRGB's curve; 2: linear;
   otherwise a pure gamma of transfer / 10. */
static cmsToneCurve *transfer_curve(int transfer) {
    if (transfer == 0) {
        const cmsFloat64Number srgb[5] = {2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045};
        return p_cmsBuildParametricToneCurve(NULL, 4, srgb);
    }
    return p_cmsBuildGamma(NULL, transfer == 2 ? 1.0 : transfer / 10.0);
}

/* The profile's bytes into `out` (malloc'd), and the profile closed. */
static int save_profile(cmsHPROFILE profile, codecs_buffer *out) {
    cmsUInt32Number size = 0;
    int result = -1;
    if (p_cmsSaveProfileToMem(profile, NULL, &size) && size > 0 && (out->bytes = malloc(size))) {
        if (p_cmsSaveProfileToMem(profile, out->bytes, &size)) {
            out->length = size;
            result = 0;
        } else {
            free(out->bytes);
            out->bytes = NULL;
        }
    }
    p_cmsCloseProfile(profile);
    return result;
}

int codecs_icc_make_rgb_profile(const double primaries[6], const double white[2], int transfer, codecs_buffer *out) {
    out->bytes = NULL;
    out->length = 0;
    if (!lcms_ready()) return -1;
    cmsCIExyY whitePoint = {white[0], white[1], 1};
    cmsCIExyYTRIPLE colorants = {{primaries[0], primaries[1], 1}, {primaries[2], primaries[3], 1}, {primaries[4], primaries[5], 1}};
    cmsToneCurve *curve = transfer_curve(transfer);
    if (!curve) return -1;
    cmsToneCurve *curves[3] = {curve, curve, curve};
    cmsHPROFILE profile = p_cmsCreateRGBProfile(&whitePoint, &colorants, curves);
    p_cmsFreeToneCurve(curve);
    if (!profile) return -1;
    return save_profile(profile, out);
}

int codecs_icc_srgb_profile(codecs_buffer *out) {
    out->bytes = NULL;
    out->length = 0;
    if (!lcms_ready()) return -1;
    cmsHPROFILE profile = p_cmsCreate_sRGBProfile();
    if (!profile) return -1;
    return save_profile(profile, out);
}

int codecs_icc_from_nclx(int primaries, const float xy[8], int transfer, codecs_buffer *out) {
    out->bytes = NULL;
    out->length = 0;
    /* H.273's codes. Transfer: 8 linear, 4 gamma 2.2, 5 gamma 2.8; the rest (sRGB's 13, the
       video curves 1, 6, 14, 15, unspecified) are shown with sRGB's curve, as viewers do for
       pictures that are not HDR. Primaries 1 (BT.709, sRGB's) or 2 (unspecified) with sRGB's
       curve need no conversion. */
    int curve = transfer == 8 ? 2 : transfer == 4 ? 22 : transfer == 5 ? 28 : 0;
    if ((primaries == 1 || primaries == 2) && curve == 0) return -1;
    double colorants[6] = {xy[0], xy[1], xy[2], xy[3], xy[4], xy[5]}, white[2] = {xy[6], xy[7]};
    if (primaries == 1 || primaries == 2) {
        const double bt709[8] = {0.64, 0.33, 0.30, 0.60, 0.15, 0.06, 0.3127, 0.3290};
        memcpy(colorants, bt709, sizeof colorants);
        memcpy(white, bt709 + 6, sizeof white);
    }
    if (white[1] <= 0 || colorants[1] <= 0 || colorants[3] <= 0 || colorants[5] <= 0) return -1;
    return codecs_icc_make_rgb_profile(colorants, white, curve, out);
}
