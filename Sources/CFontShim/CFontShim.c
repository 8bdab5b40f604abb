#include "CFontShim.h"
#include "FaceInternals.h"
#include <fontconfig/fontconfig.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

fontshim_face *fontshim_open(const char *pattern, char *error, size_t error_size) {
    if (!FcInit()) { snprintf(error, error_size, "fontconfig could not be initialised"); return NULL; }
    FcPattern *query = FcNameParse((const FcChar8 *)pattern);
    if (!query) { snprintf(error, error_size, "bad font pattern '%s'", pattern); return NULL; }
    FcConfigSubstitute(NULL, query, FcMatchPattern);
    FcDefaultSubstitute(query);
    FcResult result;
    FcPattern *match = FcFontMatch(NULL, query, &result);
    FcPatternDestroy(query);
    FcChar8 *file = NULL;
    int index = 0;
    if (!match || FcPatternGetString(match, FC_FILE, 0, &file) != FcResultMatch) {
        if (match) FcPatternDestroy(match);
        snprintf(error, error_size, "fontconfig found no font for '%s' (install fonts-dejavu-core)", pattern);
        return NULL;
    }
    FcPatternGetInteger(match, FC_INDEX, 0, &index);
    fontshim_face *face = calloc(1, sizeof *face);
    if (!face) { FcPatternDestroy(match); snprintf(error, error_size, "out of memory"); return NULL; }
    face->file = strdup((const char *)file);
    FcPatternDestroy(match);
    if (FT_Init_FreeType(&face->library)) {
        snprintf(error, error_size, "FreeType could not be initialised");
        free(face->file); free(face);
        return NULL;
    }
    if (FT_New_Face(face->library, face->file, index, &face->face)) {
        snprintf(error, error_size, "FreeType could not open %s", face->file);
        FT_Done_FreeType(face->library);
        free(face->file); free(face);
        return NULL;
    }
    return face;
}

fontshim_face *fontshim_open_covering(const char *pattern, uint32_t codepoint) {
    if (!FcInit()) return NULL;
    FcPattern *query = FcNameParse((const FcChar8 *)pattern);
    if (!query) return NULL;
    FcCharSet *charset = FcCharSetCreate();
    FcCharSetAddChar(charset, codepoint);
    FcPatternAddCharSet(query, FC_CHARSET, charset);
    FcConfigSubstitute(NULL, query, FcMatchPattern);
    FcDefaultSubstitute(query);
    // fontconfig's list sorted for the pattern (and the locale's language), walked until a
    // face has the character: the best match alone may not have it.
    FcResult result;
    FcFontSet *sorted = FcFontSort(NULL, query, FcTrue, NULL, &result);
    FcPattern *match = NULL;
    for (int i = 0; sorted && i < sorted->nfont && !match; i++) {
        FcCharSet *available = NULL;
        if (FcPatternGetCharSet(sorted->fonts[i], FC_CHARSET, 0, &available) == FcResultMatch
            && FcCharSetHasChar(available, codepoint)) {
            match = FcFontRenderPrepare(NULL, query, sorted->fonts[i]);
        }
    }
    if (sorted) FcFontSetDestroy(sorted);
    FcPatternDestroy(query);
    FcCharSetDestroy(charset);
    if (!match) return NULL;
    FcChar8 *file = NULL;
    int index = 0;
    if (FcPatternGetString(match, FC_FILE, 0, &file) != FcResultMatch) {
        FcPatternDestroy(match);
        return NULL;
    }
    FcPatternGetInteger(match, FC_INDEX, 0, &index);
    fontshim_face *face = calloc(1, sizeof *face);
    if (!face) { FcPatternDestroy(match); return NULL; }
    face->file = strdup((const char *)file);
    FcPatternDestroy(match);
    if (FT_Init_FreeType(&face->library) || FT_New_Face(face->library, face->file, index, &face->face)) {
        if (face->library) FT_Done_FreeType(face->library);
        free(face->file);
        free(face);
        return NULL;
    }
    return face;
}

void fontshim_close(fontshim_face *face) {
    if (!face) return;
    fontshim_shaper_destroy(face);
    FT_Done_Face(face->face);
    FT_Done_FreeType(face->library);
    free(face->file);
    free(face);
}

const char *fontshim_file(const fontshim_face *face) { return face->file; }

int fontshim_set_pixel_size(fontshim_face *face, double pixels) {
    // Faces are shared between sizes: only a change of size costs FreeType's (and HarfBuzz's) work.
    if (face->pixels == pixels) return 0;
    if (FT_Set_Char_Size(face->face, 0, (FT_F26Dot6)(pixels * 64.0 + 0.5), 72, 72)) return -1;
    face->pixels = pixels;
    fontshim_shaper_size_changed(face);
    return 0;
}

void fontshim_metrics(const fontshim_face *face, double *ascender, double *descender, double *line_height) {
    FT_Size_Metrics m = face->face->size->metrics;
    *ascender = m.ascender / 64.0;
    *descender = m.descender / 64.0;
    *line_height = m.height / 64.0;
}

int fontshim_has_glyph(const fontshim_face *face, uint32_t codepoint) {
    return FT_Get_Char_Index(face->face, codepoint) != 0;
}

int fontshim_render(fontshim_face *face, uint32_t codepoint, fontshim_glyph *out) {
    return fontshim_render_glyph(face, FT_Get_Char_Index(face->face, codepoint), 0, out);
}
