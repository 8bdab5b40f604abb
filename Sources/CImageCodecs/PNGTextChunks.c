#include "CImageCodecs.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* PNG's tEXt chunks on encoded bytes: the thumbnail cache's Thumb::URI and Thumb::MTime
   (the freedesktop Thumbnail Managing Standard keeps them there). zlib computes the CRCs. */

static uint32_t read_be32(const uint8_t *p) { return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3]; }
static void write_be32(uint8_t *p, uint32_t v) { p[0] = v >> 24; p[1] = v >> 16; p[2] = v >> 8; p[3] = v; }

static const uint8_t signature[8] = { 137, 80, 78, 71, 13, 10, 26, 10 };

int codecs_png_add_text(const uint8_t *png, size_t length, const char *const *keys, const char *const *values, int count,
                        codecs_buffer *out) {
    out->bytes = NULL;
    out->length = 0;
    /* The signature and a whole IHDR (8 + 4 + 4 + 13 + 4 bytes): the text goes after it. */
    if (length < 33 || memcmp(png, signature, 8) != 0 || memcmp(png + 12, "IHDR", 4) != 0 || read_be32(png + 8) != 13) return -1;
    size_t extra = 0;
    for (int i = 0; i < count; i++) {
        size_t key = strlen(keys[i]);
        if (key == 0 || key > 79) return -1;
        extra += 12 + key + 1 + strlen(values[i]);
    }
    uint8_t *bytes = malloc(length + extra);
    if (!bytes) return -1;
    memcpy(bytes, png, 33);
    size_t at = 33;
    for (int i = 0; i < count; i++) {
        size_t key = strlen(keys[i]), value = strlen(values[i]), data = key + 1 + value;
        write_be32(bytes + at, (uint32_t)data);
        memcpy(bytes + at + 4, "tEXt", 4);
        memcpy(bytes + at + 8, keys[i], key + 1);
        memcpy(bytes + at + 8 + key + 1, values[i], value);
        uLong crc = crc32(0L, bytes + at + 4, (uInt)(4 + data));
        write_be32(bytes + at + 8 + data, (uint32_t)crc);
        at += 12 + data;
    }
    memcpy(bytes + at, png + 33, length - 33);
    out->bytes = bytes;
    out->length = length + extra;
    return 0;
}

int codecs_png_text(const uint8_t *png, size_t length, const char *key, char *value, size_t value_size) {
    if (length < 8 || memcmp(png, signature, 8) != 0 || value_size == 0) return -1;
    size_t key_length = strlen(key), at = 8;
    while (at + 12 <= length) {
        uint32_t data = read_be32(png + at);
        if (data > length - at - 12) return -1;
        const uint8_t *type = png + at + 4, *start = png + at + 8;
        /* Text before the pixels is what a reader sees first; the thumbnail spec puts it there. */
        if (memcmp(type, "IDAT", 4) == 0 || memcmp(type, "IEND", 4) == 0) return -1;
        if (memcmp(type, "tEXt", 4) == 0 && data > key_length && memcmp(start, key, key_length) == 0 && start[key_length] == 0) {
            size_t n = data - key_length - 1;
            if (n >= value_size) n = value_size - 1;
            memcpy(value, start + key_length + 1, n);
            value[n] = 0;
            return 0;
        }
        at += 12 + data;
    }
    return -1;
}

/* An iCCP chunk before the image data: its zlib stream inflated, at most 16 MB (a profile's
   header says its size; nothing real comes near that, a hostile stream stops there). */
int codecs_png_icc_profile(const uint8_t *png, size_t length, codecs_buffer *out) {
    out->bytes = NULL;
    out->length = 0;
    if (length < 8 || memcmp(png, signature, 8) != 0) return -1;
    size_t at = 8;
    while (at + 12 <= length) {
        uint32_t data = read_be32(png + at);
        if (data > length - at - 12) return -1;
        const uint8_t *type = png + at + 4, *start = png + at + 8;
        if (memcmp(type, "IDAT", 4) == 0 || memcmp(type, "IEND", 4) == 0) return -1;
        if (memcmp(type, "iCCP", 4) == 0) {
            /* name (1-79 bytes), a zero, the compression method (0), then the zlib stream. */
            const uint8_t *zero = memchr(start, 0, data < 81 ? data : 81);
            if (!zero || zero == start || (size_t)(zero - start) + 2 > data || zero[1] != 0) return -1;
            const uint8_t *stream = zero + 2;
            size_t stream_length = data - (size_t)(stream - start);
            enum { limit = 16 << 20 };
            size_t capacity = 4096;
            uint8_t *profile = malloc(capacity);
            if (!profile) return -1;
            z_stream z;
            memset(&z, 0, sizeof z);
            if (inflateInit(&z) != Z_OK) { free(profile); return -1; }
            z.next_in = (Bytef *)stream;
            z.avail_in = (uInt)stream_length;
            int status = Z_OK;
            while (status == Z_OK) {
                if (z.total_out == capacity) {
                    if (capacity >= limit) break;
                    uint8_t *grown = realloc(profile, capacity * 2);
                    if (!grown) break;
                    profile = grown;
                    capacity *= 2;
                }
                z.next_out = profile + z.total_out;
                z.avail_out = (uInt)(capacity - z.total_out);
                status = inflate(&z, Z_NO_FLUSH);
            }
            size_t produced = z.total_out;
            inflateEnd(&z);
            if (status != Z_STREAM_END || produced < 128) { free(profile); return -1; }
            out->bytes = profile;
            out->length = produced;
            return 0;
        }
        at += 12 + data;
    }
    return -1;
}
