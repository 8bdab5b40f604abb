/* The codec anchors of x11paint-bench, timed in process for their work alone: no process
 * start, no output file. Each run reads the file and decodes it to 8-bit RGBA in memory, as
 * the app does (the app's own time also covers reading the file and making its pixels).
 *
 *   codec-anchor heic FILE RUNS THREADS      libheif (libde265), heif_decode_image to RGBA
 *   codec-anchor avif FILE RUNS THREADS      libavif (dav1d), decode and avifImageYUVToRGB
 *   codec-anchor tiff FILE ICC RUNS THREADS  libtiff, then Little CMS from the ICC profile to
 *                                            sRGB, rows split between THREADS threads
 *
 * Prints the best of RUNS in seconds. Built by x11paint-bench with the system's compiler
 * against Debian's libheif-dev, libavif-dev, liblcms2-dev and libtiff-dev. */
#include <avif/avif.h>
#include <lcms2.h>
#include <libheif/heif.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tiffio.h>
#include <time.h>

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static uint8_t *read_file(const char *path, size_t *size) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    fseek(file, 0, SEEK_END);
    long length = ftell(file);
    fseek(file, 0, SEEK_SET);
    uint8_t *bytes = malloc(length > 0 ? (size_t)length : 1);
    *size = fread(bytes, 1, (size_t)length, file);
    fclose(file);
    return bytes;
}

static int heic(const char *path, int threads) {
    size_t size;
    uint8_t *bytes = read_file(path, &size);
    if (!bytes) return 1;
    struct heif_context *context = heif_context_alloc();
    heif_context_set_max_decoding_threads(context, threads);
    struct heif_image_handle *handle = NULL;
    struct heif_image *image = NULL;
    int failed = heif_context_read_from_memory_without_copy(context, bytes, size, NULL).code != heif_error_Ok
        || heif_context_get_primary_image_handle(context, &handle).code != heif_error_Ok
        || heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, NULL).code != heif_error_Ok;
    if (image) heif_image_release(image);
    if (handle) heif_image_handle_release(handle);
    heif_context_free(context);
    free(bytes);
    return failed;
}

static int avif(const char *path, int threads) {
    size_t size;
    uint8_t *bytes = read_file(path, &size);
    if (!bytes) return 1;
    avifDecoder *decoder = avifDecoderCreate();
    decoder->maxThreads = threads;
    avifRGBImage rgb;
    memset(&rgb, 0, sizeof rgb);
    int failed = avifDecoderSetIOMemory(decoder, bytes, size) != AVIF_RESULT_OK
        || avifDecoderParse(decoder) != AVIF_RESULT_OK
        || avifDecoderNextImage(decoder) != AVIF_RESULT_OK;
    if (!failed) {
        avifRGBImageSetDefaults(&rgb, decoder->image);
        rgb.format = AVIF_RGB_FORMAT_RGBA;
        rgb.depth = 8;
        avifRGBImageAllocatePixels(&rgb);
        failed = avifImageYUVToRGB(decoder->image, &rgb) != AVIF_RESULT_OK;
        avifRGBImageFreePixels(&rgb);
    }
    avifDecoderDestroy(decoder);
    free(bytes);
    return failed;
}

struct band { cmsHTRANSFORM transform; uint8_t *pixels; uint32_t width, rows; };

static void *convert_band(void *argument) {
    struct band *band = argument;
    cmsDoTransform(band->transform, band->pixels, band->pixels, band->width * band->rows);
    return NULL;
}

static int tiff(const char *path, const char *icc, int threads) {
    TIFF *file = TIFFOpen(path, "r");
    if (!file) return 1;
    uint32_t width = 0, height = 0;
    TIFFGetField(file, TIFFTAG_IMAGEWIDTH, &width);
    TIFFGetField(file, TIFFTAG_IMAGELENGTH, &height);
    uint8_t *pixels = malloc((size_t)width * height * 4);
    int failed = !TIFFReadRGBAImageOriented(file, width, height, (uint32_t *)pixels, ORIENTATION_TOPLEFT, 0);
    TIFFClose(file);
    cmsHPROFILE source = cmsOpenProfileFromFile(icc, "r"), srgb = cmsCreate_sRGBProfile();
    /* No cache: the threads share the transform (the documented way to use one from several). */
    cmsHTRANSFORM transform = cmsCreateTransform(source, TYPE_RGBA_8, srgb, TYPE_RGBA_8, INTENT_PERCEPTUAL,
                                                 cmsFLAGS_NOCACHE | cmsFLAGS_COPY_ALPHA);
    if (!failed && transform) {
        struct band bands[16];
        pthread_t workers[16];
        if (threads < 1) threads = 1;
        if (threads > 16) threads = 16;
        uint32_t per = (height + threads - 1) / threads;
        for (int i = 0; i < threads; i++) {
            uint32_t first = i * per, rows = first >= height ? 0 : (height - first < per ? height - first : per);
            bands[i] = (struct band){transform, pixels + (size_t)first * width * 4, width, rows};
            if (i > 0) pthread_create(&workers[i], NULL, convert_band, &bands[i]);
        }
        convert_band(&bands[0]);
        for (int i = 1; i < threads; i++) pthread_join(workers[i], NULL);
    } else {
        failed = 1;
    }
    if (transform) cmsDeleteTransform(transform);
    cmsCloseProfile(source);
    cmsCloseProfile(srgb);
    free(pixels);
    return failed;
}

int main(int argc, char **argv) {
    if (argc < 5) {
        fprintf(stderr, "usage: codec-anchor heic|avif FILE RUNS THREADS | tiff FILE ICC RUNS THREADS\n");
        return 2;
    }
    int is_tiff = strcmp(argv[1], "tiff") == 0;
    if (is_tiff && argc < 6) return 2;
    int runs = atoi(argv[is_tiff ? 4 : 3]), threads = atoi(argv[is_tiff ? 5 : 4]);
    double best = 1e30;
    for (int run = 0; run < runs; run++) {
        double start = now();
        int failed = strcmp(argv[1], "heic") == 0 ? heic(argv[2], threads)
                   : strcmp(argv[1], "avif") == 0 ? avif(argv[2], threads)
                   : is_tiff ? tiff(argv[2], argv[3], threads) : 1;
        double time = now() - start;
        if (failed) {
            fprintf(stderr, "codec-anchor: %s could not be decoded\n", argv[2]);
            return 1;
        }
        if (time < best) best = time;
    }
    printf("%.6f\n", best);
    return 0;
}
