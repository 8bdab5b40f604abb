// Writes opaque images as PNG with the deflate work split across threads. A PNG's image data
// is one zlib stream, but a deflate stream may be the concatenation of independently
// compressed pieces that end on a byte boundary (Z_FULL_FLUSH); the zlib trailer takes the
// Adler-32 of the whole, which adler32_combine assembles from the pieces.
#include "CImageCodecs.h"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

typedef struct {
    const uint32_t *pixels;
    uint32_t width;
    uint32_t first_row;
    uint32_t row_count;
    int level;
    int strategy;
    int last;
    uint8_t *output;
    size_t output_length;
    uLong adler;
    uLong raw_length;
    int failed;
} piece;

static void *compress_piece(void *argument) {
    piece *p = (piece *)argument;
    size_t row_bytes = 1 + (size_t)p->width * 3;
    uint8_t *row = malloc(row_bytes);
    z_stream z;
    memset(&z, 0, sizeof z);
    if (!row || deflateInit2(&z, p->level, Z_DEFLATED, -15, 9, p->strategy) != Z_OK) {
        free(row);
        p->failed = 1;
        return NULL;
    }
    size_t capacity = deflateBound(&z, (uLong)(row_bytes * p->row_count)) + 64;
    p->output = malloc(capacity);
    if (!p->output) { deflateEnd(&z); free(row); p->failed = 1; return NULL; }
    z.next_out = p->output;
    z.avail_out = (uInt)capacity;
    p->adler = adler32(0L, Z_NULL, 0);
    for (uint32_t r = 0; r < p->row_count; r++) {
        const uint32_t *source = p->pixels + (size_t)(p->first_row + r) * p->width;
        row[0] = 0; // filter type None: flat drawings compress best unfiltered at this speed
        uint8_t *out = row + 1;
        for (uint32_t x = 0; x < p->width; x++) {
            uint32_t v = source[x];
            out[0] = (uint8_t)(v >> 16);
            out[1] = (uint8_t)(v >> 8);
            out[2] = (uint8_t)v;
            out += 3;
        }
        p->adler = adler32(p->adler, row, (uInt)row_bytes);
        z.next_in = row;
        z.avail_in = (uInt)row_bytes;
        int flush = (r + 1 == p->row_count) ? (p->last ? Z_FINISH : Z_FULL_FLUSH) : Z_NO_FLUSH;
        int status = deflate(&z, flush);
        if (status == Z_STREAM_ERROR || z.avail_in != 0) { p->failed = 1; break; }
    }
    p->output_length = capacity - z.avail_out;
    p->raw_length = (uLong)(row_bytes * p->row_count);
    deflateEnd(&z);
    free(row);
    return NULL;
}

static int append(codecs_buffer *b, size_t *capacity, const void *data, size_t length) {
    if (b->length + length > *capacity) {
        size_t c = *capacity ? *capacity : 1024;
        while (c < b->length + length) c *= 2;
        uint8_t *bytes = realloc(b->bytes, c);
        if (!bytes) return -1;
        b->bytes = bytes;
        *capacity = c;
    }
    memcpy(b->bytes + b->length, data, length);
    b->length += length;
    return 0;
}

static void put32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
}

static int append_chunk(codecs_buffer *b, size_t *capacity, const char *type, const uint8_t *data, size_t length) {
    uint8_t header[8];
    put32(header, (uint32_t)length);
    memcpy(header + 4, type, 4);
    uLong crc = crc32(0L, (const Bytef *)type, 4);
    if (length) crc = crc32(crc, data, (uInt)length);
    uint8_t trailer[4];
    put32(trailer, (uint32_t)crc);
    if (append(b, capacity, header, 8)) return -1;
    if (length && append(b, capacity, data, length)) return -1;
    return append(b, capacity, trailer, 4);
}

int codecs_png_encode_opaque_parallel(const uint32_t *pixels, uint32_t width, uint32_t height, int level,
                                      int strategy, int threads, codecs_buffer *out, char *error, size_t error_size) {
    out->bytes = NULL;
    out->length = 0;
    if (width == 0 || height == 0) { snprintf(error, error_size, "empty image"); return -1; }
    if (threads < 1) threads = 1;
    if ((uint32_t)threads > height) threads = (int)height;
    if (threads > 8) threads = 8;
    piece pieces[8];
    pthread_t ids[8];
    int started[8] = { 0 };
    uint32_t row = 0;
    for (int i = 0; i < threads; i++) {
        uint32_t rows = height / (uint32_t)threads + ((uint32_t)i < height % (uint32_t)threads ? 1 : 0);
        pieces[i] = (piece){ pixels, width, row, rows, level, strategy, i == threads - 1, NULL, 0, 0, 0, 0 };
        row += rows;
    }
    for (int i = 1; i < threads; i++) started[i] = pthread_create(&ids[i], NULL, compress_piece, &pieces[i]) == 0;
    compress_piece(&pieces[0]);
    int failed = pieces[0].failed;
    for (int i = 1; i < threads; i++) {
        if (started[i]) pthread_join(ids[i], NULL); else compress_piece(&pieces[i]);
        failed |= pieces[i].failed;
    }
    size_t capacity = 0;
    int status = -1;
    if (failed) { snprintf(error, error_size, "compression failed (out of memory?)"); goto done; }
    {
        static const uint8_t signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n' };
        uint8_t ihdr[13];
        put32(ihdr, width);
        put32(ihdr + 4, height);
        ihdr[8] = 8;  // bit depth
        ihdr[9] = 2;  // colour type RGB
        ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
        size_t idat_length = 2 + 4;
        for (int i = 0; i < threads; i++) idat_length += pieces[i].output_length;
        uint8_t *idat = malloc(idat_length);
        if (!idat) { snprintf(error, error_size, "out of memory"); goto done; }
        idat[0] = 0x78; idat[1] = 0x01; // deflate, 32 KiB window, fastest
        size_t at = 2;
        uLong adler = pieces[0].adler;
        for (int i = 0; i < threads; i++) {
            memcpy(idat + at, pieces[i].output, pieces[i].output_length);
            at += pieces[i].output_length;
            if (i > 0) adler = adler32_combine(adler, pieces[i].adler, (z_off_t)pieces[i].raw_length);
        }
        put32(idat + at, (uint32_t)adler);
        /* The sRGB chunk (perceptual): the numbers are sRGB's, as libpng's writer says too. */
        static const uint8_t perceptual = 0;
        if (append(out, &capacity, signature, 8) || append_chunk(out, &capacity, "IHDR", ihdr, 13)
            || append_chunk(out, &capacity, "sRGB", &perceptual, 1)
            || append_chunk(out, &capacity, "IDAT", idat, idat_length) || append_chunk(out, &capacity, "IEND", NULL, 0)) {
            snprintf(error, error_size, "out of memory");
            free(idat);
            free(out->bytes);
            out->bytes = NULL;
            out->length = 0;
            goto done;
        }
        free(idat);
        status = 0;
    }
done:
    for (int i = 0; i < threads; i++) free(pieces[i].output);
    return status;
}

uint32_t codecs_crc32(const uint8_t *data, size_t length) {
    uLong crc = crc32(0L, Z_NULL, 0);
    while (length > 0) {
        uInt chunk = length > 0x40000000u ? 0x40000000u : (uInt)length;
        crc = crc32(crc, data, chunk);
        data += chunk;
        length -= chunk;
    }
    return (uint32_t)crc;
}

int codecs_zlib_compress(const uint8_t *data, size_t length, size_t trailing_zeros, int level, codecs_buffer *out) {
    // Streamed, so gigabytes of trailing zeros never exist in memory.
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    out->bytes = NULL;
    out->length = 0;
    if (deflateInit(&stream, level) != Z_OK) return -1;
    static const uint8_t zeros[65536];
    size_t capacity = 65536, used = 0;
    uint8_t *bytes = malloc(capacity);
    size_t zeros_left = trailing_zeros;
    int phase = 0; // 0: data, 1: zeros, 2: finish
    int status = Z_OK;
    stream.next_in = (Bytef *)data;
    stream.avail_in = (uInt)length;
    while (bytes && status != Z_STREAM_END) {
        if (stream.avail_in == 0 && phase == 0) phase = 1;
        if (stream.avail_in == 0 && phase == 1) {
            if (zeros_left == 0) phase = 2;
            else {
                size_t n = zeros_left < sizeof zeros ? zeros_left : sizeof zeros;
                stream.next_in = (Bytef *)zeros;
                stream.avail_in = (uInt)n;
                zeros_left -= n;
            }
        }
        if (capacity - used < 65536) {
            capacity *= 2;
            uint8_t *grown = realloc(bytes, capacity);
            if (!grown) { free(bytes); bytes = NULL; break; }
            bytes = grown;
        }
        stream.next_out = bytes + used;
        stream.avail_out = (uInt)(capacity - used);
        status = deflate(&stream, phase == 2 ? Z_FINISH : Z_NO_FLUSH);
        used = capacity - stream.avail_out;
        if (status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR) { free(bytes); bytes = NULL; }
    }
    deflateEnd(&stream);
    if (!bytes) return -1;
    out->bytes = bytes;
    out->length = used;
    return 0;
}
