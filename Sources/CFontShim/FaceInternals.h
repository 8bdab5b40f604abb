#ifndef FACE_INTERNALS_H
#define FACE_INTERNALS_H
// The face's insides, shared by the font and shaping glue (not part of the module's interface).
#include <ft2build.h>
#include FT_FREETYPE_H
#include <hb-ft.h>

struct fontshim_face {
    FT_Library library;
    FT_Face face;
    char *file;
    /// The pixel size FreeType is set to (0: none yet).
    double pixels;
    /// HarfBuzz's font over the FreeType face, made on first shaping.
    hb_font_t *shaper;
};

/// HarfBuzz's font over the face, if it shaped: freed, or told the face's size changed
/// (TextShaping.c, where HarfBuzz is opened).
void fontshim_shaper_destroy(struct fontshim_face *face);
void fontshim_shaper_size_changed(struct fontshim_face *face);

#endif
