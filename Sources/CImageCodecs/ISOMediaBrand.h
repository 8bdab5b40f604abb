// The brands of an ISO base media file (HEIF, AVIF): how the two phone-photo codecs tell
// their files apart before opening their libraries.
#ifndef ISO_MEDIA_BRAND_H
#define ISO_MEDIA_BRAND_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Whether an ISO base media file (HEIF, AVIF) names `brand` as its major or a compatible brand
   in its ftyp box. */
static inline int iso_file_has_brand(const uint8_t *data, size_t length, const char *brand) {
    if (length < 16 || memcmp(data + 4, "ftyp", 4) != 0) return 0;
    size_t box = (size_t)data[0] << 24 | (size_t)data[1] << 16 | (size_t)data[2] << 8 | data[3];
    if (box < 16 || box > length) box = length;
    if (memcmp(data + 8, brand, 4) == 0) return 1;
    for (size_t at = 16; at + 4 <= box; at += 4)
        if (memcmp(data + at, brand, 4) == 0) return 1;
    return 0;
}

#endif
