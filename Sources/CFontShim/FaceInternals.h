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

#endif
