#ifndef CFONTSHIM_H
#define CFONTSHIM_H

#include <stddef.h>
#include <stdint.h>

typedef struct fontshim_face fontshim_face;

/// One rendered glyph; `coverage` stays valid until the next render on the same face.
typedef struct {
    int width;
    int rows;
    int pitch;
    int left;      // pixels from the pen to the bitmap's left edge
    int top;       // pixels from the baseline up to the bitmap's top edge
    double advance; // pixels the pen moves right
    const uint8_t *coverage;
} fontshim_glyph;

/// Finds a font through fontconfig (for example "sans-serif") and opens it with FreeType.
fontshim_face *fontshim_open(const char *pattern, char *error, size_t error_size);
/// Finds a font that has a glyph for the code point (a CJK font for Chinese, say), or NULL.
fontshim_face *fontshim_open_covering(const char *pattern, uint32_t codepoint);

void fontshim_close(fontshim_face *face);

/// The path of the file fontconfig chose.
const char *fontshim_file(const fontshim_face *face);

int fontshim_set_pixel_size(fontshim_face *face, double pixels);

/// Ascender (positive, up), descender (negative, down) and line height in pixels.
void fontshim_metrics(const fontshim_face *face, double *ascender, double *descender, double *line_height);

/// Whether the font has a glyph for the code point.
int fontshim_has_glyph(const fontshim_face *face, uint32_t codepoint);

/// Renders an anti-aliased glyph. Returns 0 on success.
int fontshim_render(fontshim_face *face, uint32_t codepoint, fontshim_glyph *out);

#endif
