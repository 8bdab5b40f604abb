#include "CFontShim.h"
#include "FaceInternals.h"
#include <fribidi.h>
#include <ft2build.h>
#include FT_OUTLINE_H
#include <stdlib.h>

int fontshim_shape(fontshim_face *face, const uint32_t *text, int length, int start, int count,
                   uint32_t script, int right_to_left, fontshim_shaped_glyph *out, int capacity) {
    if (!face->shaper) {
        face->shaper = hb_ft_font_create_referenced(face->face);
        // Unhinted advances: positions scale exactly with the size (zoom, HiDPI) and glyphs
        // land on quarter pixels, as GTK and Qt place them.
        hb_ft_font_set_load_flags(face->shaper, FT_LOAD_NO_HINTING);
    }
    hb_buffer_t *buffer = hb_buffer_create();
    // The whole paragraph goes in as context (Arabic joining across a run's ends), only the run is shaped.
    hb_buffer_add_utf32(buffer, text, length, (unsigned)start, count);
    hb_buffer_set_direction(buffer, right_to_left ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
    hb_buffer_set_script(buffer, (hb_script_t)script);
    hb_buffer_set_language(buffer, hb_language_get_default());
    hb_shape(face->shaper, buffer, NULL, 0);
    unsigned glyph_count = 0;
    hb_glyph_info_t *info = hb_buffer_get_glyph_infos(buffer, &glyph_count);
    hb_glyph_position_t *position = hb_buffer_get_glyph_positions(buffer, &glyph_count);
    for (unsigned i = 0; i < glyph_count && (int)i < capacity; i++) {
        out[i].glyph = info[i].codepoint;
        out[i].cluster = info[i].cluster;
        out[i].x_advance = position[i].x_advance / 64.0;
        out[i].y_advance = position[i].y_advance / 64.0;
        out[i].x_offset = position[i].x_offset / 64.0;
        out[i].y_offset = position[i].y_offset / 64.0;
    }
    hb_buffer_destroy(buffer);
    return (int)glyph_count;
}

uint32_t fontshim_script(uint32_t codepoint) {
    return (uint32_t)hb_unicode_script(hb_unicode_funcs_get_default(), codepoint);
}

int fontshim_script_is_common(uint32_t script) {
    return script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN;
}

int fontshim_bidi_levels(const uint32_t *text, int length, uint8_t *levels) {
    if (length <= 0) return 0;
    FriBidiCharType *types = malloc(sizeof *types * (size_t)length);
    FriBidiBracketType *brackets = malloc(sizeof *brackets * (size_t)length);
    FriBidiLevel *computed = malloc(sizeof *computed * (size_t)length);
    int base = 0;
    if (types && brackets && computed) {
        fribidi_get_bidi_types(text, length, types);
        fribidi_get_bracket_types(text, length, types, brackets);
        // The paragraph's direction comes from its first strong character (UAX #9, P2-P3).
        FriBidiParType direction = FRIBIDI_PAR_ON;
        if (fribidi_get_par_embedding_levels_ex(types, brackets, length, &direction, computed)) {
            for (int i = 0; i < length; i++) levels[i] = (uint8_t)computed[i];
            base = FRIBIDI_IS_RTL(direction) ? 1 : 0;
        } else {
            for (int i = 0; i < length; i++) levels[i] = 0;
        }
    } else {
        for (int i = 0; i < length; i++) levels[i] = 0;
    }
    free(types); free(brackets); free(computed);
    return base;
}

int fontshim_render_glyph(fontshim_face *face, uint32_t glyph, double x_shift, fontshim_glyph *out) {
    // Light hinting works on the vertical only, so a glyph moved by a quarter pixel stays the same shape.
    if (FT_Load_Glyph(face->face, glyph, FT_LOAD_DEFAULT | FT_LOAD_TARGET_LIGHT)) return -1;
    FT_GlyphSlot slot = face->face->glyph;
    if (slot->format == FT_GLYPH_FORMAT_OUTLINE && x_shift != 0) {
        FT_Outline_Translate(&slot->outline, (FT_Pos)(x_shift * 64.0), 0);
    }
    if (FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL)) return -1;
    out->width = (int)slot->bitmap.width;
    out->rows = (int)slot->bitmap.rows;
    out->pitch = slot->bitmap.pitch;
    out->left = slot->bitmap_left;
    out->top = slot->bitmap_top;
    out->advance = slot->advance.x / 64.0;
    out->coverage = slot->bitmap.buffer;
    return 0;
}
