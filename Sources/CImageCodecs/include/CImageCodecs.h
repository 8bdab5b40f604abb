#ifndef CIMAGECODECS_H
#define CIMAGECODECS_H

#include <stddef.h>
#include <stdint.h>

/// A byte buffer allocated with malloc; free it with codecs_free_buffer.
typedef struct {
    uint8_t *bytes;
    size_t length;
} codecs_buffer;

/// Pixels decoded to 8-bit straight-alpha RGBA, rows packed (stride = width * 4).
typedef struct {
    uint8_t *rgba;
    uint32_t width;
    uint32_t height;
} codecs_image;

/// How hard libpng and zlib work: row filters (PNG_FILTER_* bits, 0 for libpng's default),
/// zlib level (0-9) and strategy (0 default, 1 filtered, 3 RLE).
typedef struct {
    int filters;
    int level;
    int strategy;
} codecs_png_options;

/// Encodes 8-bit rows (RGB when channels == 3, RGBA when 4) as PNG into `out`.
/// Returns 0 on success; otherwise writes a message into `error` (size `error_size`).
int codecs_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height, int channels,
                      codecs_png_options options, codecs_buffer *out, char *error, size_t error_size);

/// Encodes opaque pixels stored as little-endian BGRX words (the Bitmap layout) as an RGB PNG,
/// letting libpng swap and strip the channels row by row (no intermediate copy).
int codecs_png_encode_bgrx(const uint32_t *pixels, uint32_t width, uint32_t height,
                           codecs_png_options options, codecs_buffer *out, char *error, size_t error_size);

/// Encodes opaque BGRX pixels as an RGB PNG, unfiltered, deflating `threads` bands of rows
/// in parallel into one valid zlib stream.
int codecs_png_encode_opaque_parallel(const uint32_t *pixels, uint32_t width, uint32_t height, int level,
                                      int strategy, int threads, codecs_buffer *out, char *error, size_t error_size);

/// A decode running on another thread: it writes how far it got (0-1), and stops at the next
/// row once `cancelled` is set (the decode then returns -2).
typedef struct {
    volatile int cancelled;
    volatile double progress;
    /// How many bytes of the file the decoder has looked at.
    volatile size_t consumed;
} codecs_job;

/// Decodes any PNG (every colour type, 16-bit, palette, interlaced) to RGBA8, refusing images
/// whose header claims more than max_pixels before allocating them. The file is fed to
/// libpng's progressive reader in small pieces:
/// it stops at the last row (surplus image data is never inflated), reports progress and
/// honours cancelling through `job` (may be NULL), and reduces a picture of more than
/// `max_output_pixels` (0: no limit) by the smallest whole factor, box-averaging rows as they
/// arrive. The source's own size goes to source_width/height.
int codecs_png_decode_reduced(const uint8_t *data, size_t length, uint64_t max_pixels, uint64_t max_output_pixels,
                              codecs_job *job, codecs_image *out, uint32_t *source_width, uint32_t *source_height,
                              char *error, size_t error_size);

/// Decodes a JPEG (baseline, progressive, grayscale, CMYK) to RGBA8, reduced by DCT scaling
/// (scale_denominator 1, 2, 4 or 8), and reports its EXIF orientation (1-8, 1 without one).
/// `job` (may be NULL) gets the progress and can cancel between scanlines (returns -2). `icc`:
/// its colour profile (empty without one; free it with codecs_free_buffer).
int codecs_jpeg_decode(const uint8_t *data, size_t length, uint64_t max_pixels, int scale_denominator, codecs_job *job,
                       codecs_image *out, int *orientation, codecs_buffer *icc, char *error, size_t error_size);

/// The dimensions in a JPEG's header. Returns 0 on success.
int codecs_jpeg_dimensions(const uint8_t *data, size_t length, uint32_t *width, uint32_t *height);

/// Encodes RGBA8 as JPEG (for tests that build a corpus): grayscale uses the red channel;
/// cmyk writes Adobe-style (inverted) CMYK; orientation 1-8 adds an EXIF block, 0 none.
/// `icc` (may be NULL): an ICC profile written as APP2 markers.
int codecs_jpeg_encode(const uint8_t *rgba, uint32_t width, uint32_t height, int quality, int grayscale, int cmyk,
                       int progressive, int orientation, const uint8_t *icc, size_t icc_length, codecs_buffer *out,
                       char *error, size_t error_size);

/// The ICC profile a JPEG carries (its APP2 markers joined), into `out`. Returns 0, or -1 when
/// it has none (or the bytes are not a JPEG).
int codecs_jpeg_icc_profile(const uint8_t *data, size_t length, codecs_buffer *out);

/// The ICC profile in a PNG's iCCP chunk, inflated, into `out`. Returns 0, or -1 without one.
int codecs_png_icc_profile(const uint8_t *png, size_t length, codecs_buffer *out);

/// Converts premultiplied A<<24|R<<16|G<<8|B words in place from the colours `profile` (ICC
/// bytes) describes to sRGB, perceptual intent, with Little CMS. Returns 1 when converted, 0
/// when nothing changes (a profile that is sRGB, or not an RGB one), -1 for a profile lcms
/// cannot use.
int codecs_icc_to_srgb(uint32_t *pixels, size_t count, const uint8_t *profile, size_t length);

/// An RGB ICC profile from CIE xy primaries (red, green, blue), a white point and a transfer
/// curve (0 sRGB, 2 linear, otherwise gamma transfer/10). Returns 0 with the bytes in `out`.
int codecs_icc_make_rgb_profile(const double primaries[6], const double white[2], int transfer, codecs_buffer *out);

/// The profile a HEIF or AVIF file's nclx colour description (H.273 colour primaries code with
/// their CIE xy values red, green, blue, white; transfer characteristics code) means, into
/// `out`. Returns 0, or -1 when it means sRGB (nothing to convert) or makes no sense.
int codecs_icc_from_nclx(int primaries, const float xy[8], int transfer, codecs_buffer *out);

/// Little CMS's sRGB profile, the one saved files carry.
int codecs_icc_srgb_profile(codecs_buffer *out);

/// Encodes RGBA8 as a PNG of a given colour type (0 gray, 2 RGB, 3 palette, 4 gray+alpha,
/// 6 RGBA), bit depth (8 or 16; palette 8) and interlacing (for tests that build a corpus).
int codecs_png_encode_variant(const uint8_t *rgba, uint32_t width, uint32_t height, int color_type, int bit_depth,
                              int interlaced, codecs_buffer *out, char *error, size_t error_size);

/// A zlib stream of `data` followed by `trailing_zeros` zero bytes, at `level`, into `out`
/// (tests and benchmarks build hostile PNGs with it). Returns 0 on success.
int codecs_zlib_compress(const uint8_t *data, size_t length, size_t trailing_zeros, int level, codecs_buffer *out);

/// The most bytes codecs_pack can write for `length` bytes.
size_t codecs_pack_bound(size_t length);

/// Compresses `length` bytes with Zstandard at `level` (negative: its fastest levels) into `out`,
/// which holds `capacity`. Returns the bytes written, 0 on failure.
size_t codecs_pack(const uint8_t *data, size_t length, uint8_t *out, size_t capacity, int level);

/// Decompresses what codecs_pack wrote into exactly `expected` bytes at `out`. Returns 0, or -1
/// when the bytes are damaged or do not make `expected` bytes.
int codecs_unpack(const uint8_t *packed, size_t length, uint8_t *out, size_t expected);

/// The 16-byte MD5 of `length` bytes into `digest` (libcrypto, opened on first use). Returns 0,
/// or -1 when libcrypto cannot be opened.
int codecs_md5(const uint8_t *data, size_t length, uint8_t *digest);

/// zlib's CRC-32 (the journal's record checksum).
uint32_t codecs_crc32(const uint8_t *data, size_t length);

/// A WebP's canvas size, whether it has alpha, and whether it is an animation (with how many
/// frames). Returns 0, or -1 when the bytes are not a WebP libwebp can read.
int codecs_webp_info(const uint8_t *data, size_t length, uint32_t *width, uint32_t *height, int *has_alpha,
                     int *is_animated, int *frame_count);

/// Decodes a WebP (lossy, lossless, with alpha; an animation's first frame on its canvas)
/// straight into premultiplied pixels as the app keeps them (32-bit A<<24|R<<16|G<<8|B),
/// `width` x `height` as codecs_webp_info said (the caller checks them against its limit), cleared.
int codecs_webp_decode_premultiplied(const uint8_t *data, size_t length, uint32_t *pixels, uint32_t width, uint32_t height,
                                     char *error, size_t error_size);

/// Encodes straight (not premultiplied) pixels as WebP: lossless (quality is then the effort,
/// 0-100) or lossy at `quality` (0-100); `method` 0 (fast) to 6 (small). Words A<<24|R<<16|G<<8|B
/// when `bgra` (the app's layout, bytes B, G, R, A), else bytes R, G, B, A.
/// `icc` (may be NULL): an ICC profile written as the ICCP chunk.
int codecs_webp_encode_words(const uint32_t *pixels, uint32_t width, uint32_t height, int bgra, int lossless, float quality,
                             int method, const uint8_t *icc, size_t icc_length, codecs_buffer *out, char *error, size_t error_size);

/// The ICC profile in a WebP's ICCP chunk, into `out`. Returns 0, or -1 without one.
int codecs_webp_icc_profile(const uint8_t *data, size_t length, codecs_buffer *out);

/// Decodes the first page of a TIFF (8 or 16 bits, RGB, RGBA, greyscale, palette: libtiff's
/// RGBA interface) into premultiplied A<<24|R<<16|G<<8|B words, upright, refusing more than
/// max_pixels before allocating; `pages`: how many the file has; `icc`: its ICC profile (empty
/// without one; free it with codecs_free_buffer). Free the pixels with codecs_free_pixels.
int codecs_tiff_decode(const uint8_t *data, size_t length, uint64_t max_pixels, uint32_t **pixels, uint32_t *width,
                       uint32_t *height, int *pages, codecs_buffer *icc, char *error, size_t error_size);

/// Encodes straight RGBA8 rows (stride width * 4) as a one-page TIFF: RGB, or RGB with
/// unassociated alpha when `has_alpha`; `compression` 5 (LZW) or 8 (Deflate), with the
/// horizontal predictor; `icc` (may be NULL) as its ICC profile tag.
int codecs_tiff_encode(const uint8_t *rgba, uint32_t width, uint32_t height, int has_alpha, int compression,
                       const uint8_t *icc, size_t icc_length, codecs_buffer *out, char *error, size_t error_size);

/// Whether the bytes are a HEIF file libheif reads (HEIC; AVIF goes to libavif).
int codecs_heif_is_heif(const uint8_t *data, size_t length);

/// Decodes a HEIF file's primary picture (rotated and mirrored as it says) into premultiplied
/// A<<24|R<<16|G<<8|B words, refusing more than max_pixels before decoding; `images`: how many
/// pictures the file holds; `icc`: its colours' profile (its own, or made from its nclx box;
/// empty for sRGB). Free the pixels with codecs_free_pixels.
int codecs_heif_decode(const uint8_t *data, size_t length, uint64_t max_pixels, uint32_t **pixels, uint32_t *width,
                       uint32_t *height, int *images, codecs_buffer *icc, char *error, size_t error_size);

/// Whether the bytes are an AVIF file.
int codecs_avif_is_avif(const uint8_t *data, size_t length);

/// Decodes an AVIF's (first) picture into premultiplied A<<24|R<<16|G<<8|B words, refusing more
/// than max_pixels before decoding. `frames`: an animation's frame count; `rotation` (quarter
/// turns anticlockwise) and `mirror` (-1 none, 0 top to bottom, 1 left to right): what its irot
/// and imir say, applied by the caller in that order; `icc` as for HEIF. Free the pixels with
/// codecs_free_pixels.
int codecs_avif_decode(const uint8_t *data, size_t length, uint64_t max_pixels, uint32_t **pixels, uint32_t *width,
                       uint32_t *height, int *frames, int *rotation, int *mirror, codecs_buffer *icc, char *error, size_t error_size);

/// Decodes a GIF's first frame, placed on its logical screen over transparency, into
/// A<<24|R<<16|G<<8|B words, refusing a screen of more than max_pixels before allocating;
/// `frames`: how many frames the file holds. Free the pixels with codecs_free_pixels.
int codecs_gif_decode(const uint8_t *data, size_t length, uint64_t max_pixels, uint32_t **pixels, uint32_t *width,
                      uint32_t *height, int *frames, char *error, size_t error_size);

/// The size a BMP's header says (a top-down picture's height made positive). Returns 0, or -1.
int codecs_bmp_size(const uint8_t *data, size_t length, uint32_t *width, uint32_t *height);

/// Decodes a BMP (GdkPixbuf's reader: 1/4/8-bit palettes, RLE, 16/24/32-bit) into
/// premultiplied A<<24|R<<16|G<<8|B words, refusing more than max_pixels from the header and an
/// uncompressed file cut short. Free the pixels with codecs_free_pixels.
int codecs_bmp_decode(const uint8_t *data, size_t length, uint64_t max_pixels, uint32_t **pixels, uint32_t *width,
                      uint32_t *height, char *error, size_t error_size);

/// What the SVG glue's calls return.
enum { CODECS_SVG_OK = 0, CODECS_SVG_NO_LIBRARY = -1, CODECS_SVG_UNREADABLE = 1, CODECS_SVG_NOT_DRAWN = 2 };

/// The size an SVG says it is, in pixels at 96 dpi.
int codecs_svg_size(const uint8_t *data, size_t length, double *width, double *height);

/// Draws the SVG in data (path NULL) or in the file at path over the width x height
/// premultiplied ARGB32 pixels, its viewport stretched to them.
int codecs_svg_render(const uint8_t *data, size_t length, const char *path, uint32_t *pixels, int width, int height);

/// A 24-bit BMP of the premultiplied pixels, translucent ones over white (BMP readers ignore
/// alpha), written by GdkPixbuf's saver. Free the buffer with codecs_free_buffer.
int codecs_bmp_encode(const uint32_t *pixels, int width, int height, codecs_buffer *out, char *error, size_t error_size);

void codecs_free_pixels(uint32_t *pixels);

void codecs_free_buffer(codecs_buffer *buffer);
void codecs_free_image(codecs_image *image);

/// Copies a PNG with tEXt chunks (key, Latin-1 value) inserted after its header. Returns 0,
/// or -1 when the bytes do not start as a PNG or a key is empty or over 79 bytes.
int codecs_png_add_text(const uint8_t *png, size_t length, const char *const *keys, const char *const *values, int count,
                        codecs_buffer *out);

/// The value of the tEXt chunk `key` before the image data, into `value` (cut to its size).
/// Returns 0, or -1 when there is none (or the bytes are not a PNG).
int codecs_png_text(const uint8_t *png, size_t length, const char *key, char *value, size_t value_size);

#endif
