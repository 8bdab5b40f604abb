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

/// One glyph of a shaped run, in pixels at the face's size; `cluster` is the index in the
/// UTF-32 text of the first character it stands for.
typedef struct {
    uint32_t glyph;
    uint32_t cluster;
    double x_advance, y_advance, x_offset, y_offset;
} fontshim_shaped_glyph;

/// Shapes text[start ..< start + count] with HarfBuzz in one direction and script, the rest of
/// the paragraph given as context. Writes up to `capacity` glyphs in visual order and returns
/// how many there are (call again with room for all when that is more).
int fontshim_shape(fontshim_face *face, const uint32_t *text, int length, int start, int count,
                   uint32_t script, int right_to_left, fontshim_shaped_glyph *out, int capacity);

/// Why text cannot be shaped and ordered (HarfBuzz or FriBidi, opened on first use, cannot be
/// opened), or NULL when it can. Text is then laid out unshaped and left to right.
const char *fontshim_shaping_problem(void);

/// The Unicode script of a character (HarfBuzz's hb_script_t), for splitting text into runs.
uint32_t fontshim_script(uint32_t codepoint);
/// Whether a script belongs to its neighbours (spaces, digits, punctuation, combining marks).
int fontshim_script_is_common(uint32_t script);

/// The Unicode bidirectional algorithm (FriBidi) on one paragraph: each character's embedding
/// level (odd: right to left). Returns the paragraph's own level (0 or 1).
int fontshim_bidi_levels(const uint32_t *text, int length, uint8_t *levels);

/// Renders a glyph by index, moved right by a fraction of a pixel first. Returns 0 on success.
int fontshim_render_glyph(fontshim_face *face, uint32_t glyph, double x_shift, fontshim_glyph *out);

#endif
