// libmypaint glue: brushes read from .myb text, and a tiled surface of libmypaint's whose tiles
// are a layer's own pixels. A tile is made in libmypaint's form (15-bit premultiplied RGBA) the
// first time a dab reaches it and stays so while the surface lives, so dabs build up at the
// engine's own precision; each batch's changed rectangles go back to the layer's 8-bit words.
// The dabs of the blends DabRenderer covers are drawn by it as they come; the others (and every
// dab under symmetry, which libmypaint mirrors itself) go through libmypaint's queue.
#include "CMyPaint.h"
#include "DabRenderer.h"
#include <LazyLibrary.h>
#include <mypaint-brush.h>
#include <mypaint-tiled-surface.h>
#include <mypaint-fixed-tiled-surface.h>
#include <dlfcn.h>
#include <limits.h>
#include <malloc.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MYPAINT_FUNCTIONS(X) \
    X(mypaint_brush_new) X(mypaint_brush_from_defaults) X(mypaint_brush_from_string) \
    X(mypaint_brush_unref) X(mypaint_brush_set_base_value) X(mypaint_brush_get_base_value) \
    X(mypaint_brush_setting_from_cname) X(mypaint_brush_stroke_to) X(mypaint_brush_stroke_to_2) \
    X(mypaint_tiled_surface2_init) X(mypaint_tiled_surface2_destroy) X(mypaint_surface2_to_surface) \
    X(mypaint_surface_begin_atomic) X(mypaint_surface2_end_atomic) X(mypaint_surface_end_atomic) \
    X(mypaint_fixed_tiled_surface_new) X(mypaint_fixed_tiled_surface_interface) X(mypaint_surface_unref) \
    X(mypaint_tile_request_init) X(mypaint_tiled_surface_tile_request_start) X(mypaint_tiled_surface_tile_request_end) \
    X(mypaint_tiled_surface2_set_symmetry_state)
LAZY_LIBRARY(mypaint, "libmypaint-1.5.so.1", MYPAINT_FUNCTIONS)

#define TILE MYPAINT_TILE_SIZE
#define TILE_BYTES (TILE * TILE * 4 * sizeof(uint16_t))
#define ONE (1 << 15)
/* Enough for a dab and its mirror images (symmetry asks for one rectangle each). */
#define MOST_RECTANGLES 64

int brush_engine_available(void) { return load_mypaint(); }

int brush_engine_set_threads(int count) {
    if (!load_mypaint()) return 0;
    // libmypaint's OpenMP runtime came in with it; its own call sets how many threads the
    // surfaces that allow it spread a batch's tiles over.
    void *runtime = dlopen("libgomp.so.1", RTLD_NOW | RTLD_NOLOAD);
    void (*set_threads)(int) = runtime ? (void (*)(int))dlsym(runtime, "omp_set_num_threads") : NULL;
    if (runtime) dlclose(runtime);
    if (!set_threads) return 0;
    set_threads(count);
    return 1;
}

BrushEngineBrush *brush_engine_brush_new(const char *json) {
    if (!load_mypaint() || !json) return NULL;
    // libmypaint reads some of a new brush's computed settings before its first motion has
    // computed them (the dab rate, the grid map's scale): whatever malloc left there. That made
    // two brushes from one file draw two different strokes. glibc's M_PERTURB makes the
    // allocation zeroed, as calloc's would be, while the brush is made.
    static pthread_mutex_t making = PTHREAD_MUTEX_INITIALIZER;
    pthread_mutex_lock(&making);
    mallopt(M_PERTURB, 0xFF);
    MyPaintBrush *brush = p_mypaint_brush_new();
    mallopt(M_PERTURB, 0);
    pthread_mutex_unlock(&making);
    if (!brush) return NULL;
    p_mypaint_brush_from_defaults(brush);
    if (!p_mypaint_brush_from_string(brush, json)) {
        p_mypaint_brush_unref(brush);
        return NULL;
    }
    return (BrushEngineBrush *)brush;
}

void brush_engine_brush_free(BrushEngineBrush *brush) {
    if (brush) p_mypaint_brush_unref((MyPaintBrush *)brush);
}

int brush_engine_setting(const char *name) {
    if (!load_mypaint()) return -1;
    return p_mypaint_brush_setting_from_cname(name);
}

void brush_engine_brush_set(BrushEngineBrush *brush, int setting, float value) {
    if (setting >= 0 && setting < MYPAINT_BRUSH_SETTINGS_COUNT) p_mypaint_brush_set_base_value((MyPaintBrush *)brush, setting, value);
}

float brush_engine_brush_get(BrushEngineBrush *brush, int setting) {
    if (setting < 0 || setting >= MYPAINT_BRUSH_SETTINGS_COUNT) return 0;
    return p_mypaint_brush_get_base_value((MyPaintBrush *)brush, setting);
}

/* A growing box of pixels, x0..x1 and y0..y1 with the ends excluded; empty while x1 <= x0. */
typedef struct { int x0, y0, x1, y1; } Bounds;

static const Bounds no_bounds = { INT_MAX, INT_MAX, INT_MIN, INT_MIN };

static void bounds_add(Bounds *bounds, int x0, int y0, int x1, int y1) {
    if (x0 < bounds->x0) bounds->x0 = x0;
    if (y0 < bounds->y0) bounds->y0 = y0;
    if (x1 > bounds->x1) bounds->x1 = x1;
    if (y1 > bounds->y1) bounds->y1 = y1;
}

/* The box as the interface gives rectangles back: width 0 when nothing was added. */
static void bounds_give(Bounds bounds, int *x, int *y, int *width, int *height) {
    int empty = bounds.x1 <= bounds.x0 || bounds.y1 <= bounds.y0;
    *x = empty ? 0 : bounds.x0;
    *y = empty ? 0 : bounds.y0;
    *width = empty ? 0 : bounds.x1 - bounds.x0;
    *height = empty ? 0 : bounds.y1 - bounds.y0;
}

struct BrushEngineSurface {
    MyPaintTiledSurface2 tiled; /* first: libmypaint's functions take the surface as this */
    uint32_t *pixels;
    int width, height, stride;
    int tiles_across, tiles_down;
    uint16_t **tiles;           /* tiles_across x tiles_down, NULL until a dab reaches one */
    uint16_t *outside;          /* what a dab past the layer's edge draws on, and forgets */
    uint32_t **originals;       /* each tile's words before its first dab; NULL unless kept */
    /* Where this batch's dabs may have drawn (ours and libmypaint's), written back at `end`. */
    Bounds reach;
    MyPaintSurfaceDrawDabFunction2 libmypaint_draw_dab;
    int symmetric;              /* libmypaint mirrors the dabs: all of them go its way */
    int own_dabs;               /* DabRenderer draws the dabs it can (the default) */
    int draws_nothing;          /* dabs computed by the brush and dropped: the engine's own time */
    int queued_in_libmypaint;   /* dabs wait in libmypaint's batch: ours must come after them */
};

/* A layer word (0xAARRGGBB, 8-bit) to libmypaint's 15-bit RGBA and back, each rounded to the
   nearest. */
static inline uint16_t widen(uint32_t byte) { return (uint16_t)((byte * ONE + 127) / 255); }
static inline uint32_t narrow(uint32_t fix) { return (fix * 255 + ONE / 2) >> 15; }

static inline void widen_word(uint32_t word, uint16_t out[4]) {
    out[0] = widen(word >> 16 & 0xFF);
    out[1] = widen(word >> 8 & 0xFF);
    out[2] = widen(word & 0xFF);
    out[3] = widen(word >> 24);
}

static inline uint32_t narrow_pixel(const uint16_t pixel[4]) {
    return narrow(pixel[3]) << 24 | narrow(pixel[0]) << 16 | narrow(pixel[1]) << 8 | narrow(pixel[2]);
}

/* Tile (tx, ty)'s first layer pixel, and how many of its columns and rows lie on the layer. */
static uint32_t *tile_on_layer(BrushEngineSurface *surface, int tx, int ty, int *columns, int *rows) {
    int x0 = tx * TILE, y0 = ty * TILE;
    *columns = surface->width - x0 < TILE ? surface->width - x0 : TILE;
    *rows = surface->height - y0 < TILE ? surface->height - y0 : TILE;
    return surface->pixels + (size_t)y0 * surface->stride + x0;
}

static void read_tile(BrushEngineSurface *surface, int tx, int ty, uint16_t *tile) {
    memset(tile, 0, TILE_BYTES);
    int columns, rows;
    const uint32_t *layer = tile_on_layer(surface, tx, ty, &columns, &rows);
    for (int y = 0; y < rows; y++) {
        const uint32_t *source = layer + (size_t)y * surface->stride;
        uint16_t *target = tile + (size_t)y * TILE * 4;
        for (int x = 0; x < columns; x++)
            if (source[x]) widen_word(source[x], target + x * 4);
    }
}

/* The tile's words as the layer has them now, kept for `restore`; 0 without memory for them. */
static int keep_original(BrushEngineSurface *surface, int tx, int ty) {
    uint32_t *kept = malloc(TILE * TILE * sizeof(uint32_t));
    if (!kept) return 0;
    int columns, rows;
    const uint32_t *layer = tile_on_layer(surface, tx, ty, &columns, &rows);
    for (int y = 0; y < rows; y++)
        memcpy(kept + (size_t)y * TILE, layer + (size_t)y * surface->stride, (size_t)columns * sizeof(uint32_t));
    surface->originals[(size_t)ty * surface->tiles_across + tx] = kept;
    return 1;
}

/* Tile (tx, ty) in libmypaint's form, made from the layer the first time; NULL past the layer's
   edge or without memory for it. */
static uint16_t *tile_at(BrushEngineSurface *surface, int tx, int ty) {
    if (tx < 0 || ty < 0 || tx >= surface->tiles_across || ty >= surface->tiles_down) return NULL;
    size_t index = (size_t)ty * surface->tiles_across + tx;
    uint16_t **slot = &surface->tiles[index];
    if (!*slot) {
        *slot = malloc(TILE_BYTES);
        // A tile whose pixels could not be kept takes no dab: a restore could not undo it.
        if (*slot && surface->originals && !keep_original(surface, tx, ty)) {
            free(*slot);
            *slot = NULL;
        }
        if (!*slot) return NULL;
        read_tile(surface, tx, ty, *slot);
    }
    return *slot;
}

static void tile_request_start(MyPaintTiledSurface2 *tiled, MyPaintTileRequest *request) {
    BrushEngineSurface *surface = (BrushEngineSurface *)tiled;
    request->buffer = tile_at(surface, request->tx, request->ty);
    if (!request->buffer) {
        memset(surface->outside, 0, TILE_BYTES);
        request->buffer = surface->outside;
    }
}

static void tile_request_end(MyPaintTiledSurface2 *tiled, MyPaintTileRequest *request) {
    (void)tiled;
    (void)request;
}

static void write_back(BrushEngineSurface *surface, int x0, int y0, int x1, int y1);

/* The dabs queued in libmypaint's batch so far drawn into the tiles (libmypaint keeps them until
   end_atomic), their rectangles kept for `end`, and a new batch begun: a colour sampled now, or
   a dab of ours drawn now, comes after them. */
static void draw_queued_dabs(BrushEngineSurface *surface) {
    if (!surface->queued_in_libmypaint) return;
    surface->queued_in_libmypaint = 0;
    MyPaintRectangle rectangles[MOST_RECTANGLES];
    MyPaintRectangles changed = { MOST_RECTANGLES, rectangles };
    memset(rectangles, 0, sizeof rectangles);
    p_mypaint_surface2_end_atomic(&surface->tiled.parent, &changed);
    // Without symmetry every dab's reach is in `reach` already.
    int count = !surface->symmetric ? 0 : changed.num_rectangles < MOST_RECTANGLES ? changed.num_rectangles : MOST_RECTANGLES;
    for (int i = 0; i < count; i++) {
        MyPaintRectangle r = rectangles[i];
        if (r.width > 0 && r.height > 0) bounds_add(&surface->reach, r.x, r.y, r.x + r.width, r.y + r.height);
    }
    p_mypaint_surface_begin_atomic(p_mypaint_surface2_to_surface(&surface->tiled.parent));
}

/* A dab as libmypaint's second interface gives it: drawn here at once when DabRenderer covers
   its blends, else queued in libmypaint's batch. */
static int draw_dab_second(MyPaintSurface2 *self, float x, float y, float radius, float color_r, float color_g, float color_b,
                           float opaque, float hardness, float color_a, float aspect_ratio, float angle, float lock_alpha,
                           float colorize, float posterize, float posterize_num, float paint) {
    BrushEngineSurface *surface = (BrushEngineSurface *)self;
    if (surface->draws_nothing) return 1;
    // Under symmetry libmypaint draws the dab and its mirror images and reports where.
    if (surface->symmetric) {
        surface->queued_in_libmypaint = 1;
        return surface->libmypaint_draw_dab(self, x, y, radius, color_r, color_g, color_b, opaque, hardness, color_a,
                                            aspect_ratio, angle, lock_alpha, colorize, posterize, posterize_num, paint);
    }
    // Where the dab may draw, kept here: libmypaint reports only the bounds of a batch whose
    // last dab drew, so a batch ending in an empty dab (a pen lifting) never reached the layer.
    int x0, y0, x1, y1;
    dab_reach(x, y, radius, &x0, &y0, &x1, &y1);
    bounds_add(&surface->reach, x0, y0, x1 + 1, y1 + 1);
    Dab dab;
    DabKind kind = surface->own_dabs ? dab_prepare(&dab, x, y, radius, color_r, color_g, color_b, opaque, hardness, color_a,
                                                   aspect_ratio, angle, lock_alpha, colorize, posterize, paint)
                                     : DAB_LIBMYPAINTS;
    if (kind == DAB_NOTHING) return 0;
    if (kind == DAB_LIBMYPAINTS) {
        surface->queued_in_libmypaint = 1;
        return surface->libmypaint_draw_dab(self, x, y, radius, color_r, color_g, color_b, opaque, hardness, color_a,
                                            aspect_ratio, angle, lock_alpha, colorize, posterize, posterize_num, paint);
    }
    // Dabs in the order they came: those waiting in libmypaint's batch first.
    draw_queued_dabs(surface);
    int tx1, ty1, tx2, ty2;
    dab_tiles(&dab, &tx1, &ty1, &tx2, &ty2);
    for (int ty = ty1; ty <= ty2; ty++) {
        for (int tx = tx1; tx <= tx2; tx++) {
            uint16_t *tile = tile_at(surface, tx, ty);
            if (tile) dab_draw_on_tile(&dab, tile, tx, ty);
        }
    }
    return 1;
}

static int draw_dab_first(MyPaintSurface *self, float x, float y, float radius, float color_r, float color_g, float color_b,
                          float opaque, float hardness, float color_a, float aspect_ratio, float angle, float lock_alpha,
                          float colorize) {
    // libmypaint's own adapter from the first interface passes no posterizing and no pigment.
    return draw_dab_second((MyPaintSurface2 *)self, x, y, radius, color_r, color_g, color_b, opaque, hardness, color_a,
                           aspect_ratio, angle, lock_alpha, colorize, 0.0f, 1.0f, 0.0f);
}

/* One pixel in libmypaint's form (15-bit premultiplied RGBA): from its tile when a dab made
   one, else from the layer's word; transparent past the layer's edge. */
static void pixel_at(BrushEngineSurface *surface, int x, int y, uint32_t out[4]) {
    if (x < 0 || y < 0 || x >= surface->width || y >= surface->height) {
        out[0] = out[1] = out[2] = out[3] = 0;
        return;
    }
    const uint16_t *tile = surface->tiles[(size_t)(y / TILE) * surface->tiles_across + x / TILE];
    if (tile) {
        const uint16_t *p = tile + ((size_t)(y % TILE) * TILE + x % TILE) * 4;
        for (int c = 0; c < 4; c++) out[c] = p[c];
        return;
    }
    uint16_t widened[4];
    widen_word(surface->pixels[(size_t)y * surface->stride + x], widened);
    for (int c = 0; c < 4; c++) out[c] = widened[c];
}

/* The colour under a dab as smudging brushes take it: the mean of the pixels within `radius`,
   each weighted 1 - (d/r)^2 (libmypaint's own mask at hardness 0.5), straight (not
   premultiplied). libmypaint's sampler reads part of its mask from memory it never set and
   skips pixels at random, so two replays of a smudge differed; this one reads the same pixels
   every time (every pixel of a small dab, a grid of about 400 over a large one). Its pigment
   mode mixes spectrally; here the mean is of the light, which a smudge shows little of. */
static void sample_color(BrushEngineSurface *surface, float x, float y, float radius, float *r, float *g, float *b, float *a) {
    draw_queued_dabs(surface);
    if (!(radius >= 1.0f)) radius = 1.0f;
    if (radius > 1000.0f) radius = 1000.0f;
    int step = (int)(radius / 10.0f);
    if (step < 1) step = 1;
    int x0 = (int)floorf(x - radius), x1 = (int)ceilf(x + radius), y0 = (int)floorf(y - radius), y1 = (int)ceilf(y + radius);
    double sum[4] = { 0, 0, 0, 0 }, weights = 0;
    for (int py = y0; py <= y1; py += step) {
        for (int px = x0; px <= x1; px += step) {
            float dx = (float)px + 0.5f - x, dy = (float)py + 0.5f - y;
            float rr = (dx * dx + dy * dy) / (radius * radius);
            if (rr > 1.0f) continue;
            double weight = 1.0 - rr;
            uint32_t p[4];
            pixel_at(surface, px, py, p);
            for (int c = 0; c < 4; c++) sum[c] += weight * p[c];
            weights += weight;
        }
    }
    if (weights <= 0) {
        *r = *g = *b = *a = 0;
        return;
    }
    double alpha = sum[3] / weights / ONE;
    *a = (float)(alpha > 1 ? 1 : alpha);
    if (sum[3] <= 0) {
        *r = *g = *b = 0;
        return;
    }
    float channels[3];
    for (int c = 0; c < 3; c++) {
        double v = sum[c] / sum[3];
        channels[c] = (float)(v > 1 ? 1 : v < 0 ? 0 : v);
    }
    *r = channels[0];
    *g = channels[1];
    *b = channels[2];
}

static void get_color_first(MyPaintSurface *self, float x, float y, float radius, float *r, float *g, float *b, float *a) {
    sample_color((BrushEngineSurface *)self, x, y, radius, r, g, b, a);
}

static void get_color_second(MyPaintSurface2 *self, float x, float y, float radius, float *r, float *g, float *b, float *a, float paint) {
    (void)paint;
    sample_color((BrushEngineSurface *)self, x, y, radius, r, g, b, a);
}

BrushEngineSurface *brush_engine_surface_new(uint32_t *pixels, int width, int height, int stride) {
    if (!load_mypaint() || width <= 0 || height <= 0) return NULL;
    BrushEngineSurface *surface = calloc(1, sizeof(BrushEngineSurface));
    if (!surface) return NULL;
    surface->pixels = pixels;
    surface->width = width;
    surface->height = height;
    surface->stride = stride;
    surface->tiles_across = (width + TILE - 1) / TILE;
    surface->tiles_down = (height + TILE - 1) / TILE;
    surface->tiles = calloc((size_t)surface->tiles_across * surface->tiles_down, sizeof(uint16_t *));
    surface->outside = malloc(TILE_BYTES);
    if (!surface->tiles || !surface->outside) {
        free(surface->tiles);
        free(surface->outside);
        free(surface);
        return NULL;
    }
    p_mypaint_tiled_surface2_init(&surface->tiled, tile_request_start, tile_request_end);
    surface->tiled.parent.parent.get_color = get_color_first;
    surface->tiled.parent.get_color_pigment = get_color_second;
    surface->libmypaint_draw_dab = surface->tiled.parent.draw_dab_pigment;
    surface->tiled.parent.draw_dab_pigment = draw_dab_second;
    surface->tiled.parent.parent.draw_dab = draw_dab_first;
    surface->own_dabs = 1;
    surface->reach = no_bounds;
    // One thread: a tile is made on first touch, which is not safe from several at once.
    surface->tiled.threadsafe_tile_requests = 0;
    return surface;
}

void brush_engine_surface_free(BrushEngineSurface *surface) {
    if (!surface) return;
    p_mypaint_tiled_surface2_destroy(&surface->tiled);
    size_t count = (size_t)surface->tiles_across * surface->tiles_down;
    for (size_t i = 0; i < count; i++) free(surface->tiles[i]);
    free(surface->tiles);
    if (surface->originals)
        for (size_t i = 0; i < count; i++) free(surface->originals[i]);
    free(surface->originals);
    free(surface->outside);
    free(surface);
}

int brush_engine_surface_keep_originals(BrushEngineSurface *surface) {
    if (surface->originals) return 1;
    surface->originals = calloc((size_t)surface->tiles_across * surface->tiles_down, sizeof(uint32_t *));
    return surface->originals != NULL;
}

void brush_engine_surface_restore(BrushEngineSurface *surface, int *x, int *y, int *width, int *height) {
    Bounds restored = no_bounds;
    for (int ty = 0; surface->originals && ty < surface->tiles_down; ty++) {
        for (int tx = 0; tx < surface->tiles_across; tx++) {
            size_t index = (size_t)ty * surface->tiles_across + tx;
            uint32_t *kept = surface->originals[index];
            if (!kept) continue;
            int columns, rows;
            uint32_t *layer = tile_on_layer(surface, tx, ty, &columns, &rows);
            for (int row = 0; row < rows; row++)
                memcpy(layer + (size_t)row * surface->stride, kept + (size_t)row * TILE, (size_t)columns * sizeof(uint32_t));
            free(kept);
            surface->originals[index] = NULL;
            // The engine's copy of the tile goes too: the next dab reads the layer afresh.
            free(surface->tiles[index]);
            surface->tiles[index] = NULL;
            bounds_add(&restored, tx * TILE, ty * TILE, tx * TILE + columns, ty * TILE + rows);
        }
    }
    bounds_give(restored, x, y, width, height);
}

void brush_engine_surface_use_own_dabs(BrushEngineSurface *surface, int own) { surface->own_dabs = own != 0; }

void brush_engine_surface_draw_nothing(BrushEngineSurface *surface) { surface->draws_nothing = 1; }

void brush_engine_surface_set_symmetry(BrushEngineSurface *surface, int type, float center_x, float center_y, int lines) {
    // libmypaint's own: each dab drawn again through the symmetry's maps, from the next batch.
    int active = type >= 0 && type < MYPAINT_SYMMETRY_TYPES_COUNT;
    surface->symmetric = active;
    p_mypaint_tiled_surface2_set_symmetry_state(&surface->tiled, active, center_x, center_y, 0.0f,
                                                active ? (MyPaintSymmetryType)type : MYPAINT_SYMMETRY_TYPE_VERTICAL, lines);
}

void brush_engine_surface_begin(BrushEngineSurface *surface) {
    p_mypaint_surface_begin_atomic(p_mypaint_surface2_to_surface(&surface->tiled.parent));
}

/* The tiles' pixels within the rectangle back into the layer's words, a tile's row span at a time. */
static void write_back(BrushEngineSurface *surface, int x0, int y0, int x1, int y1) {
    for (int y = y0; y < y1; y++) {
        uint32_t *row = surface->pixels + (size_t)y * surface->stride;
        uint16_t *const *tiles = surface->tiles + (size_t)(y / TILE) * surface->tiles_across;
        size_t tile_row = (size_t)(y % TILE) * TILE;
        for (int x = x0; x < x1;) {
            int tile_x = x / TILE, end = (tile_x + 1) * TILE < x1 ? (tile_x + 1) * TILE : x1;
            const uint16_t *tile = tiles[tile_x];
            if (tile) {
                const uint16_t *pixel = tile + (tile_row + (size_t)(x - tile_x * TILE)) * 4;
                for (int i = x; i < end; i++, pixel += 4) row[i] = narrow_pixel(pixel);
            }
            x = end;
        }
    }
}

void brush_engine_surface_end(BrushEngineSurface *surface, int *x, int *y, int *width, int *height) {
    MyPaintRectangle rectangles[MOST_RECTANGLES];
    MyPaintRectangles changed = { MOST_RECTANGLES, rectangles };
    memset(rectangles, 0, sizeof rectangles);
    p_mypaint_surface2_end_atomic(&surface->tiled.parent, &changed);
    surface->queued_in_libmypaint = 0;
    /* libmypaint's rectangles only under symmetry (its mirrored dabs' places are known to it
       alone); every other dab's reach is in `reach`, one more rectangle. */
    int count = !surface->symmetric ? 0 : changed.num_rectangles < MOST_RECTANGLES ? changed.num_rectangles : MOST_RECTANGLES;
    Bounds reach = surface->reach;
    surface->reach = no_bounds;
    if (reach.x1 > reach.x0 && count < MOST_RECTANGLES)
        rectangles[count++] = (MyPaintRectangle){ reach.x0, reach.y0, reach.x1 - reach.x0, reach.y1 - reach.y0 };
    Bounds written = no_bounds;
    for (int i = 0; i < count; i++) {
        MyPaintRectangle r = rectangles[i];
        int x0 = r.x < 0 ? 0 : r.x, y0 = r.y < 0 ? 0 : r.y;
        int x1 = r.x + r.width > surface->width ? surface->width : r.x + r.width;
        int y1 = r.y + r.height > surface->height ? surface->height : r.y + r.height;
        if (x0 >= x1 || y0 >= y1) continue;
        write_back(surface, x0, y0, x1, y1);
        bounds_add(&written, x0, y0, x1, y1);
    }
    bounds_give(written, x, y, width, height);
}

int brush_engine_stroke_to(BrushEngineBrush *brush, BrushEngineSurface *surface, float x, float y, float pressure,
                           float xtilt, float ytilt, double dtime, float zoom, float rotation) {
    return p_mypaint_brush_stroke_to_2((MyPaintBrush *)brush, &surface->tiled.parent, x, y, pressure, xtilt, ytilt, dtime,
                                       zoom, rotation, 0);
}

int brush_engine_stroke_to_first_interface(BrushEngineBrush *brush, BrushEngineSurface *surface, float x, float y,
                                           float pressure, float xtilt, float ytilt, double dtime) {
    return p_mypaint_brush_stroke_to((MyPaintBrush *)brush, p_mypaint_surface2_to_surface(&surface->tiled.parent),
                                     x, y, pressure, xtilt, ytilt, dtime);
}

struct BrushEngineReference {
    MyPaintFixedTiledSurface *fixed;
    int width, height;
};

BrushEngineReference *brush_engine_reference_new(int width, int height) {
    if (!load_mypaint()) return NULL;
    BrushEngineReference *reference = calloc(1, sizeof(BrushEngineReference));
    if (!reference) return NULL;
    reference->fixed = p_mypaint_fixed_tiled_surface_new(width, height);
    reference->width = width;
    reference->height = height;
    if (!reference->fixed) {
        free(reference);
        return NULL;
    }
    // It starts every channel at 0xFFFF, twice libmypaint's own 1.0 (1 << 15), which its blend
    // modes take past their range: white as they mean it, for both surfaces to start from.
    MyPaintTiledSurface *tiled = (MyPaintTiledSurface *)p_mypaint_fixed_tiled_surface_interface(reference->fixed);
    for (int ty = 0; ty * TILE < height; ty++) {
        for (int tx = 0; tx * TILE < width; tx++) {
            MyPaintTileRequest request;
            p_mypaint_tile_request_init(&request, 0, tx, ty, 0);
            p_mypaint_tiled_surface_tile_request_start(tiled, &request);
            for (int i = 0; request.buffer && i < TILE * TILE * 4; i++) request.buffer[i] = ONE;
            p_mypaint_tiled_surface_tile_request_end(tiled, &request);
        }
    }
    return reference;
}

void brush_engine_reference_free(BrushEngineReference *reference) {
    if (!reference) return;
    p_mypaint_surface_unref(p_mypaint_fixed_tiled_surface_interface(reference->fixed));
    free(reference);
}

void brush_engine_reference_begin(BrushEngineReference *reference) {
    p_mypaint_surface_begin_atomic(p_mypaint_fixed_tiled_surface_interface(reference->fixed));
}

void brush_engine_reference_end(BrushEngineReference *reference) {
    MyPaintRectangle changed;
    p_mypaint_surface_end_atomic(p_mypaint_fixed_tiled_surface_interface(reference->fixed), &changed);
}

int brush_engine_reference_stroke_to(BrushEngineBrush *brush, BrushEngineReference *reference, float x, float y,
                                     float pressure, float xtilt, float ytilt, double dtime) {
    return p_mypaint_brush_stroke_to((MyPaintBrush *)brush, p_mypaint_fixed_tiled_surface_interface(reference->fixed),
                                     x, y, pressure, xtilt, ytilt, dtime);
}

void brush_engine_reference_read(BrushEngineReference *reference, uint32_t *pixels) {
    MyPaintTiledSurface *tiled = (MyPaintTiledSurface *)p_mypaint_fixed_tiled_surface_interface(reference->fixed);
    for (int ty = 0; ty * TILE < reference->height; ty++) {
        for (int tx = 0; tx * TILE < reference->width; tx++) {
            MyPaintTileRequest request;
            p_mypaint_tile_request_init(&request, 0, tx, ty, 1);
            p_mypaint_tiled_surface_tile_request_start(tiled, &request);
            const uint16_t *tile = request.buffer;
            for (int y = 0; y < TILE && ty * TILE + y < reference->height; y++) {
                for (int x = 0; x < TILE && tx * TILE + x < reference->width; x++) {
                    const uint16_t *pixel = tile ? tile + ((size_t)y * TILE + x) * 4 : NULL;
                    pixels[(size_t)(ty * TILE + y) * reference->width + tx * TILE + x] = pixel ? narrow_pixel(pixel) : 0;
                }
            }
            p_mypaint_tiled_surface_tile_request_end(tiled, &request);
        }
    }
}
