#include "CImageCodecs.h"
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// PNG decoding with libpng's progressive reader: the file is fed in small pieces, so the
// decoder can stop at the last row (surplus image data after it is never inflated), say how
// far it got, be cancelled between rows, and reduce a picture larger than wanted by box
// averaging rows as they arrive (a 10000x10000 picture never exists whole in memory).

typedef struct {
    char *message;
    size_t size;
    png_uint_32 width, height;
    uint64_t max_pixels, max_output_pixels;
    uint32_t factor, out_width, out_height;
    int interlaced;
    uint8_t *full;      // interlaced pictures: every pass lands here, reduced at the end
    uint64_t *sums;     // per output pixel of the box row being summed: r*a, g*a, b*a, a
    uint8_t *out;       // the result, straight RGBA8
    png_uint_32 rows_done;
    int finished;
    int refused;        // the header was refused (too large): the message says why
    codecs_job *job;
} reducing_state;

static void on_error(png_structp png, png_const_charp message) {
    reducing_state *state = (reducing_state *)png_get_error_ptr(png);
    if (state->message && state->size && !state->refused) snprintf(state->message, state->size, "%s", message);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) { (void)png; (void)message; }

/* Whether every chunk's declared length fits in the bytes that follow it. libpng allocates
   (and clears) a text chunk's declared length before reading it: a 132-byte file whose tEXt
   chunk claimed 1.9 GB made it take 1.9 GB and 2 s (found by the fuzzer). The whole file is
   in memory, so a chunk longer than what is left can only be a lie. */
static int png_chunks_fit(const uint8_t *data, size_t length) {
    size_t at = 8;
    while (length - at >= 8) {
        uint32_t chunk = (uint32_t)data[at] << 24 | (uint32_t)data[at + 1] << 16 | (uint32_t)data[at + 2] << 8 | data[at + 3];
        if ((uint64_t)chunk + 12 > length - at) return 0;
        if (memcmp(data + at + 4, "IEND", 4) == 0) return 1;
        at += (size_t)chunk + 12;
    }
    return 1;
}

/// The smallest whole factor that brings the picture within `max_output` pixels.
static uint32_t reduction_factor(png_uint_32 width, png_uint_32 height, uint64_t max_output) {
    uint32_t factor = 1;
    while (factor < 65536) {
        uint64_t w = (width + factor - 1) / factor, h = (height + factor - 1) / factor;
        if (w * h <= max_output) break;
        factor++;
    }
    return factor;
}

static void on_info(png_structp png, png_infop info) {
    reducing_state *state = (reducing_state *)png_get_progressive_ptr(png);
    state->width = png_get_image_width(png, info);
    state->height = png_get_image_height(png, info);
    if ((uint64_t)state->width * state->height > state->max_pixels) {
        snprintf(state->message, state->size, "the image is too large (%ux%u pixels; the limit is %llu megapixels)",
                 state->width, state->height, (unsigned long long)(state->max_pixels / 1000000));
        state->refused = 1;
        png_error(png, "refused");
    }
    int color_type = png_get_color_type(png, info);
    int bit_depth = png_get_bit_depth(png, info);
    if (bit_depth == 16) png_set_strip_16(png);
    if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (!(color_type & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS))
        png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
    state->interlaced = png_set_interlace_handling(png) > 1;
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)state->width * 4) png_error(png, "unexpected PNG row layout");
    state->factor = reduction_factor(state->width, state->height, state->max_output_pixels);
    state->out_width = (state->width + state->factor - 1) / state->factor;
    state->out_height = (state->height + state->factor - 1) / state->factor;
    state->out = malloc((size_t)state->out_width * state->out_height * 4);
    if (state->interlaced) {
        // Passes fill the picture in any order: it has to be whole before it can be reduced.
        state->full = state->factor > 1 ? calloc((size_t)state->width * state->height, 4) : NULL;
        if (state->factor == 1) memset(state->out, 0, (size_t)state->out_width * state->out_height * 4);
    } else if (state->factor > 1) {
        state->sums = calloc((size_t)state->out_width * 4, sizeof(uint64_t));
    }
    if (!state->out || (state->interlaced && state->factor > 1 && !state->full) || (!state->interlaced && state->factor > 1 && !state->sums)) {
        snprintf(state->message, state->size, "not enough memory for a %ux%u image", state->width, state->height);
        state->refused = 1;
        png_error(png, "out of memory");
    }
}

/// Adds one row of straight RGBA to the box sums (premultiplied, so edges stay clean).
static void add_row(reducing_state *state, const uint8_t *row) {
    for (png_uint_32 x = 0; x < state->width; x++) {
        const uint8_t *p = row + (size_t)x * 4;
        uint64_t *s = state->sums + (size_t)(x / state->factor) * 4;
        uint64_t a = p[3];
        s[0] += p[0] * a; s[1] += p[1] * a; s[2] += p[2] * a; s[3] += a;
    }
}

/// Writes the summed box row `out_y` (its boxes are `rows` rows tall) and clears the sums.
static void emit_row(reducing_state *state, uint32_t out_y, uint32_t rows) {
    uint8_t *o = state->out + (size_t)out_y * state->out_width * 4;
    for (uint32_t x = 0; x < state->out_width; x++) {
        uint64_t *s = state->sums + (size_t)x * 4;
        uint32_t columns = x == state->out_width - 1 ? state->width - x * state->factor : state->factor;
        uint64_t count = (uint64_t)columns * rows;
        if (s[3] == 0) {
            o[x * 4] = o[x * 4 + 1] = o[x * 4 + 2] = o[x * 4 + 3] = 0;
        } else {
            for (int c = 0; c < 3; c++) o[x * 4 + c] = (uint8_t)((s[c] + s[3] / 2) / s[3]);
            o[x * 4 + 3] = (uint8_t)((s[3] + count / 2) / count);
        }
        s[0] = s[1] = s[2] = s[3] = 0;
    }
}

static void check_cancel(png_structp png, reducing_state *state) {
    if (state->job && state->job->cancelled) {
        snprintf(state->message, state->size, "cancelled");
        state->refused = 1;
        png_error(png, "cancelled");
    }
}

static void on_row(png_structp png, png_bytep new_row, png_uint_32 row_number, int pass) {
    reducing_state *state = (reducing_state *)png_get_progressive_ptr(png);
    if (row_number >= state->height) return;
    if (state->interlaced) {
        if (state->job) state->job->progress = ((double)pass * state->height + row_number + 1) / (7.0 * state->height);
        if (!new_row) return;
        uint8_t *target = (state->full ? state->full : state->out) + (size_t)row_number * state->width * 4;
        png_progressive_combine_row(png, target, new_row);
        return;
    }
    if (!new_row) return;
    check_cancel(png, state);
    if (state->factor == 1) {
        memcpy(state->out + (size_t)row_number * state->width * 4, new_row, (size_t)state->width * 4);
    } else {
        add_row(state, new_row);
        uint32_t in_box = row_number % state->factor + 1;
        if (in_box == state->factor || row_number == state->height - 1) emit_row(state, row_number / state->factor, in_box);
    }
    state->rows_done = row_number + 1;
    if (state->job) state->job->progress = (double)state->rows_done / state->height;
    // The last row is in: whatever image data follows is never inflated.
    if (state->rows_done == state->height) state->finished = 1;
}

static void on_end(png_structp png, png_infop info) {
    (void)info;
    reducing_state *state = (reducing_state *)png_get_progressive_ptr(png);
    state->finished = 1;
    state->rows_done = state->height;
}

/// An interlaced picture, whole now, reduced box by box into `out`.
static void reduce_full(reducing_state *state) {
    state->sums = calloc((size_t)state->out_width * 4, sizeof(uint64_t));
    if (!state->sums) return;
    for (png_uint_32 y = 0; y < state->height; y++) {
        add_row(state, state->full + (size_t)y * state->width * 4);
        uint32_t in_box = y % state->factor + 1;
        if (in_box == state->factor || y == state->height - 1) emit_row(state, y / state->factor, in_box);
    }
}

int codecs_png_decode_reduced(const uint8_t *data, size_t length, uint64_t max_pixels, uint64_t max_output_pixels,
                              codecs_job *job, codecs_image *out, uint32_t *source_width, uint32_t *source_height,
                              char *error, size_t error_size) {
    reducing_state state = { .message = error, .size = error_size, .max_pixels = max_pixels,
                             .max_output_pixels = max_output_pixels ? max_output_pixels : UINT64_MAX, .job = job };
    out->rgba = NULL;
    out->width = out->height = 0;
    if (error_size) error[0] = 0;
    if (length < 8 || png_sig_cmp((png_const_bytep)data, 0, 8) != 0) {
        snprintf(error, error_size, "not a PNG file");
        return -1;
    }
    if (!png_chunks_fit(data, length)) {
        snprintf(error, error_size, "the file ends early (truncated PNG)");
        return -1;
    }
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &state, on_error, on_warning);
    if (!png) { snprintf(error, error_size, "cannot create PNG reader"); return -1; }
    png_infop info = png_create_info_struct(png);
    if (!info) { png_destroy_read_struct(&png, NULL, NULL); snprintf(error, error_size, "cannot create PNG info"); return -1; }
    reducing_state *volatile kept = &state;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        free(kept->out);
        free(kept->full);
        free(kept->sums);
        return kept->job && kept->job->cancelled ? -2 : -1;
    }
    png_set_user_limits(png, 1u << 20, 1u << 20);
    png_set_progressive_read_fn(png, &state, on_info, on_row, on_end);
    // Small pieces: at most one piece of surplus data is looked at after the last row.
    const size_t piece = 16384;
    for (size_t offset = 0; offset < length && !state.finished; offset += piece) {
        check_cancel(png, &state);
        size_t n = length - offset < piece ? length - offset : piece;
        png_process_data(png, info, (png_bytep)(data + offset), n);
        if (job) job->consumed = offset + n;
    }
    if (!state.finished || !state.out) {
        snprintf(error, error_size, state.out ? "the file ends early (truncated PNG)" : "the file ends before its image data");
        state.refused = 1; // the message is written: keep it
        png_error(png, "truncated");
    }
    if (state.full) {
        reduce_full(&state);
        if (!state.sums) png_error(png, "not enough memory to reduce the image");
    }
    png_destroy_read_struct(&png, &info, NULL);
    free(state.full);
    free(state.sums);
    out->rgba = state.out;
    out->width = state.out_width;
    out->height = state.out_height;
    *source_width = state.width;
    *source_height = state.height;
    if (job) job->progress = 1;
    return 0;
}
