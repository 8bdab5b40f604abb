// Our own drawing of a libmypaint dab onto a tile in libmypaint's form (64x64, 15-bit
// premultiplied RGBA), for the blends it covers: normal, eraser (smudging's partial alpha too)
// and lock alpha. The others (pigment mixing, colourize, posterize) stay libmypaint's.
#ifndef DAB_RENDERER_H
#define DAB_RENDERER_H

#include <stdint.h>

#define DAB_TILE 64

typedef struct {
    float x, y, radius, hardness, aspect_ratio;
    float cs, sn;                       /* the dab's angle */
    float one_over_radius2, r_aa_start; /* r_aa_start: where a small dab's antialiasing starts */
    float segment1_offset, segment1_slope, segment2_offset, segment2_slope;
    uint16_t color_r, color_g, color_b, color_a;
    uint16_t normal_opacity, lock_opacity;
    int normal, lock_alpha;             /* which blends the dab makes */
} Dab;

typedef enum { DAB_NOTHING, DAB_OURS, DAB_LIBMYPAINTS } DabKind;

/* The dab as libmypaint's draw_dab_2 takes it, made ready to draw (the same clamps and the same
   arithmetic as libmypaint's): DAB_NOTHING when libmypaint would draw nothing either,
   DAB_LIBMYPAINTS when it asks for a blend only libmypaint draws (its place and radius are set
   either way, for dab_bounds). */
DabKind dab_prepare(Dab *dab, float x, float y, float radius, float color_r, float color_g, float color_b,
                    float opaque, float hardness, float color_a, float aspect_ratio, float angle,
                    float lock_alpha, float colorize, float posterize, float paint);

/* The tiles (tx1...tx2, ty1...ty2) the dab reaches, as libmypaint finds them. */
void dab_tiles(const Dab *dab, int *tx1, int *ty1, int *tx2, int *ty2);

/* The pixels a dab at (x, y) of `radius` may change, as libmypaint reports them (x0...x1,
   y0...y1 inclusive); dab_bounds, those of a prepared dab. */
void dab_reach(float x, float y, float radius, int *x0, int *y0, int *x1, int *y1);
void dab_bounds(const Dab *dab, int *x0, int *y0, int *x1, int *y1);

/* Draws the dab onto tile (tx, ty): the same 15-bit values libmypaint's mask and blend loops give. */
void dab_draw_on_tile(const Dab *dab, uint16_t *tile, int tx, int ty);

#endif
