// HarfBuzz's shaping and FriBidi's ordering of the text tool's blocks. Both are opened on first
// use (LazyLibrary.h): the interface's own labels are laid out by FreeType alone, so a start
// with an empty drawing needs neither, nor the GLib, graphite2 and PCRE2 HarfBuzz brings
// (0.9 MB resident). Should one be missing, text is still laid out, unshaped and
// left to right, and the reason is logged once (fontshim_shaping_problem).
#include "CFontShim.h"
#include "FaceInternals.h"
#include <LazyLibrary.h>
#include <fribidi.h>
#include <ft2build.h>
#include FT_OUTLINE_H
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define HARFBUZZ_FUNCTIONS(X) \
    X(hb_buffer_add_utf32) X(hb_buffer_create) X(hb_buffer_destroy) X(hb_buffer_get_glyph_infos) \
    X(hb_buffer_get_glyph_positions) X(hb_buffer_set_direction) X(hb_buffer_set_language) \
    X(hb_buffer_set_script) X(hb_font_destroy) X(hb_ft_font_changed) X(hb_ft_font_create_referenced) \
    X(hb_ft_font_set_load_flags) X(hb_language_get_default) X(hb_shape) X(hb_unicode_funcs_get_default) \
    X(hb_unicode_script)
LAZY_LIBRARY(harfbuzz, "libharfbuzz.so.0", HARFBUZZ_FUNCTIONS)

#define FRIBIDI_FUNCTIONS(X) \
    X(fribidi_get_bidi_types) X(fribidi_get_bracket_types) X(fribidi_get_par_embedding_levels_ex)
LAZY_LIBRARY(fribidi, "libfribidi.so.0", FRIBIDI_FUNCTIONS)

/* The first library of the two that cannot be opened, and why; computed with the first call,
   so dlerror still holds the reason. */
static char shaping_problem[512];
static pthread_once_t shaping_problem_once = PTHREAD_ONCE_INIT;

static void find_shaping_problem(void) {
    const char *names[] = {"libharfbuzz.so.0", "libfribidi.so.0"};
    int (*loads[])(void) = {load_harfbuzz, load_fribidi};
    for (int i = 0; i < 2; i++) {
        if (loads[i]()) continue;
        const char *why = dlerror();
        snprintf(shaping_problem, sizeof shaping_problem, "%s could not be opened (%s)", names[i],
                 why ? why : "a function it should have is missing");
        return;
    }
}

const char *fontshim_shaping_problem(void) {
    pthread_once(&shaping_problem_once, find_shaping_problem);
    return shaping_problem[0] ? shaping_problem : NULL;
}

/* Each character's own glyph and advance (no kerning, ligatures or joining): text without HarfBuzz. */
static int shape_unshaped(fontshim_face *face, const uint32_t *text, int start, int count, fontshim_shaped_glyph *out,
                          int capacity) {
    for (int i = 0; i < count && i < capacity; i++) {
        FT_UInt glyph = FT_Get_Char_Index(face->face, text[start + i]);
        double advance = FT_Load_Glyph(face->face, glyph, FT_LOAD_NO_HINTING) ? 0 : face->face->glyph->advance.x / 64.0;
        out[i] = (fontshim_shaped_glyph){.glyph = glyph, .cluster = (uint32_t)(start + i), .x_advance = advance};
    }
    return count;
}

int fontshim_shape(fontshim_face *face, const uint32_t *text, int length, int start, int count,
                   uint32_t script, int right_to_left, fontshim_shaped_glyph *out, int capacity) {
    if (!load_harfbuzz()) return shape_unshaped(face, text, start, count, out, capacity);
    if (!face->shaper) {
        face->shaper = p_hb_ft_font_create_referenced(face->face);
        // Unhinted advances: positions scale exactly with the size (zoom, HiDPI) and glyphs
        // land on quarter pixels, as GTK and Qt place them.
        p_hb_ft_font_set_load_flags(face->shaper, FT_LOAD_NO_HINTING);
    }
    hb_buffer_t *buffer = p_hb_buffer_create();
    // The whole paragraph goes in as context (Arabic joining across a run's ends), only the run is shaped.
    p_hb_buffer_add_utf32(buffer, text, length, (unsigned)start, count);
    p_hb_buffer_set_direction(buffer, right_to_left ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
    p_hb_buffer_set_script(buffer, (hb_script_t)script);
    p_hb_buffer_set_language(buffer, p_hb_language_get_default());
    p_hb_shape(face->shaper, buffer, NULL, 0);
    unsigned glyph_count = 0;
    hb_glyph_info_t *info = p_hb_buffer_get_glyph_infos(buffer, &glyph_count);
    hb_glyph_position_t *position = p_hb_buffer_get_glyph_positions(buffer, &glyph_count);
    for (unsigned i = 0; i < glyph_count && (int)i < capacity; i++) {
        out[i].glyph = info[i].codepoint;
        out[i].cluster = info[i].cluster;
        out[i].x_advance = position[i].x_advance / 64.0;
        out[i].y_advance = position[i].y_advance / 64.0;
        out[i].x_offset = position[i].x_offset / 64.0;
        out[i].y_offset = position[i].y_offset / 64.0;
    }
    p_hb_buffer_destroy(buffer);
    return (int)glyph_count;
}

/* Only a face that has shaped has a shaper, and only once HarfBuzz was opened. */
void fontshim_shaper_destroy(fontshim_face *face) {
    if (face->shaper) p_hb_font_destroy(face->shaper);
}

void fontshim_shaper_size_changed(fontshim_face *face) {
    if (face->shaper) p_hb_ft_font_changed(face->shaper);
}

uint32_t fontshim_script(uint32_t codepoint) {
    // Without HarfBuzz every character is Common: one run a line.
    if (!load_harfbuzz()) return HB_SCRIPT_COMMON;
    return (uint32_t)p_hb_unicode_script(p_hb_unicode_funcs_get_default(), codepoint);
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
    if (types && brackets && computed && load_fribidi()) {
        p_fribidi_get_bidi_types(text, length, types);
        p_fribidi_get_bracket_types(text, length, types, brackets);
        // The paragraph's direction comes from its first strong character (UAX #9, P2-P3).
        FriBidiParType direction = FRIBIDI_PAR_ON;
        if (p_fribidi_get_par_embedding_levels_ex(types, brackets, length, &direction, computed)) {
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
