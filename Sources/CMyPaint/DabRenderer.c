// A libmypaint dab drawn at once, straight into its tile: libmypaint's own arithmetic for the
// mask (two linear segments of hardness over the squared distance, antialiased below a radius
// of 3) and for its blends, step for step and in its order, so each pixel gets the very 15-bit
// value libmypaint's would. What it leaves out is libmypaint's way there: a malloc'd copy of
// every dab for every tile it reaches, queued until the batch ends; a float mask array for the
// whole box around the dab and a run-length pass over it; then the blend reading that back.
// Here each pixel's opacity goes straight into its blend, and a row's pixels beyond the dab's
// reach are not visited.
#include "DabRenderer.h"
#include <math.h>
#include <stddef.h>

// No fused multiply-adds: libmypaint's build makes none, and one would change a rounding.
#pragma STDC FP_CONTRACT OFF

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif
#define CLAMP(x, low, high) (((x) > (high)) ? (high) : (((x) < (low)) ? (low) : (x)))
#define ONE (1 << 15)

/* floor() of a float as an int, without a call into libm (which baseline x86-64 makes for it):
   exact for the range a layer's coordinates take. */
static inline int floor_int(float v) {
    int i = (int)v;
    return v < (float)i ? i - 1 : i;
}

DabKind dab_prepare(Dab *dab, float x, float y, float radius, float color_r, float color_g, float color_b,
                    float opaque, float hardness, float color_a, float aspect_ratio, float angle,
                    float lock_alpha, float colorize, float posterize, float paint) {
    dab->x = x;
    dab->y = y;
    dab->radius = radius;
    opaque = CLAMP(opaque, 0.0f, 1.0f);
    hardness = CLAMP(hardness, 0.0f, 1.0f);
    lock_alpha = CLAMP(lock_alpha, 0.0f, 1.0f);
    colorize = CLAMP(colorize, 0.0f, 1.0f);
    posterize = CLAMP(posterize, 0.0f, 1.0f);
    paint = CLAMP(paint, 0.0f, 1.0f);
    if (radius < 0.1f || hardness == 0.0f || opaque == 0.0f) return DAB_NOTHING;
    if (colorize != 0.0f || posterize != 0.0f || paint != 0.0f) return DAB_LIBMYPAINTS;
    color_r = CLAMP(color_r, 0.0f, 1.0f);
    color_g = CLAMP(color_g, 0.0f, 1.0f);
    color_b = CLAMP(color_b, 0.0f, 1.0f);
    color_a = CLAMP(color_a, 0.0f, 1.0f);
    if (aspect_ratio < 1.0f) aspect_ratio = 1.0f;
    // libmypaint's factors for colourize, posterize and pigment are all 1 here (their
    // amounts are 0): multiplying by 1 changes no float, so they are left out.
    const float normal = 1.0f - lock_alpha;

    dab->aspect_ratio = aspect_ratio;
    dab->color_r = (uint16_t)(color_r * ONE);
    dab->color_g = (uint16_t)(color_g * ONE);
    dab->color_b = (uint16_t)(color_b * ONE);
    // libmypaint's plain normal blend (colour alpha 1) is its eraser blend at a colour alpha of
    // 2^15, to the bit (opa * 2^15 / 2^15 = opa): one blend does both.
    dab->color_a = (uint16_t)(color_a * ONE);
    dab->normal = normal != 0.0f;
    dab->normal_opacity = (uint16_t)(normal * opaque * ONE);
    dab->lock_alpha = lock_alpha != 0.0f && color_a != 0.0f;
    dab->lock_opacity = (uint16_t)(lock_alpha * opaque * ONE);

    // The mask's constants, as libmypaint works them out for each tile.
    dab->hardness = hardness;
    dab->segment1_offset = 1.0f;
    dab->segment1_slope = -(1.0f / hardness - 1.0f);
    dab->segment2_offset = hardness / (1.0f - hardness);
    dab->segment2_slope = -hardness / (1.0f - hardness);
    float angle_rad = angle / 360 * 2 * M_PI;
    dab->cs = cos(angle_rad);
    dab->sn = sin(angle_rad);
    dab->one_over_radius2 = 1.0f / (radius * radius);
    const float aa_border = 1.0f;
    float r_aa_start = ((radius > aa_border) ? (radius - aa_border) : 0);
    r_aa_start *= r_aa_start / aspect_ratio;
    dab->r_aa_start = r_aa_start;
    return DAB_OURS;
}

void dab_reach(float x, float y, float radius, int *x0, int *y0, int *x1, int *y1) {
    float r_fringe = radius + 1.0f;
    *x0 = floor_int(x - r_fringe);
    *y0 = floor_int(y - r_fringe);
    *x1 = floor_int(x + r_fringe);
    *y1 = floor_int(y + r_fringe);
}

void dab_bounds(const Dab *dab, int *x0, int *y0, int *x1, int *y1) { dab_reach(dab->x, dab->y, dab->radius, x0, y0, x1, y1); }

void dab_tiles(const Dab *dab, int *tx1, int *ty1, int *tx2, int *ty2) {
    int x0, y0, x1, y1;
    dab_bounds(dab, &x0, &y0, &x1, &y1);
    // floor(n / 64) of a whole number: an arithmetic shift.
    *tx1 = x0 >> 6;
    *ty1 = y0 >> 6;
    *tx2 = x1 >> 6;
    *ty2 = y1 >> 6;
}

/* Eight pixels of a row at a time: each lane does libmypaint's scalar operations, in its order,
   so the values are its values; where libmypaint branches, both sides are worked and one is
   picked. */
typedef float Floats __attribute__((ext_vector_type(8)));
typedef int32_t Ints __attribute__((ext_vector_type(8)));
typedef uint16_t Masks __attribute__((ext_vector_type(8)));
#define LANES 8

static inline __attribute__((always_inline)) Floats pick(Ints condition, Floats yes, Floats no) {
    return (Floats)((condition & (Ints)yes) | (~condition & (Ints)no));
}

static inline __attribute__((always_inline)) Floats lane_positions(int xp) {
    const Ints lanes = { 0, 1, 2, 3, 4, 5, 6, 7 };
    return __builtin_convertvector(lanes + xp, Floats);
}

static inline __attribute__((always_inline)) Floats r_samples(Floats x, Floats y, float aspect_ratio, float sn, float cs) {
    const Floats yyr = (y * cs - x * sn) * aspect_ratio;
    const Floats xxr = y * sn + x * cs;
    return yyr * yyr + xxr * xxr;
}

/* libmypaint's mask value for squared distances rr: its two hardness segments, 0 beyond the
   dab, times 2^15 and truncated. */
static inline __attribute__((always_inline)) void store_masks(const Dab *dab, Floats rr, uint16_t *masks) {
    const Ints inner = rr <= dab->hardness;
    const Floats opa = pick(inner, (Floats)dab->segment1_offset, (Floats)dab->segment2_offset)
        + rr * pick(inner, (Floats)dab->segment1_slope, (Floats)dab->segment2_slope);
    const Ints drawn = ~(rr > 1.0f) & (opa > 0.0f);
    const Floats scaled = pick(drawn, opa * ONE, (Floats)0.0f);
    const Masks values = __builtin_convertvector(__builtin_convertvector(scaled, Ints), Masks);
    __builtin_memcpy(masks, &values, sizeof values);
}

/* The mask along one row of a large dab (radius 3 or more), for pixels from..to into masks[0...]
   (rounded up to whole groups of lanes: the buffer has room). */
static inline __attribute__((always_inline)) void row_masks(const Dab *dab, float x, float yy, int from, int to, uint16_t *masks) {
    const float cs = dab->cs, sn = dab->sn, aspect_ratio = dab->aspect_ratio, one_over_radius2 = dab->one_over_radius2;
    for (int xp = from; xp <= to; xp += LANES) {
        const Floats xx = (lane_positions(xp) + 0.5f) - x;
        store_masks(dab, r_samples(xx, (Floats)yy, aspect_ratio, sn, cs) * one_over_radius2, masks + (xp - from));
    }
}

/* The same for a small dab (radius under 3), antialiased as libmypaint does it: a pixel's
   squared distance from its point nearest the dab's centre and a point a unit area's radius
   beyond that. */
static inline __attribute__((always_inline)) void row_masks_small(const Dab *dab, float x, float y, int yp, int from, int to, uint16_t *masks) {
    const float cs = dab->cs, sn = dab->sn, aspect_ratio = dab->aspect_ratio, one_over_radius2 = dab->one_over_radius2;
    const float r_aa_start = dab->r_aa_start, l2 = cs * cs + sn * sn;
    const float rad_area_1 = sqrtf(1.0f / M_PI);
    const float pixel_bottom = y - (float)yp, pixel_center_y = pixel_bottom - 0.5f, pixel_top = pixel_bottom - 1.0f;
    for (int xp = from; xp <= to; xp += LANES) {
        const Floats pixel_right = x - lane_positions(xp);
        const Floats pixel_center_x = pixel_right - 0.5f;
        const Floats pixel_left = pixel_right - 1.0f;
        // The centre inside the pixel: the nearest point is the centre itself.
        const Ints inside = (pixel_left < 0) & (pixel_right > 0) & (Ints)(pixel_top < 0 && pixel_bottom > 0 ? -1 : 0);
        const Floats t = (pixel_center_x * cs + pixel_center_y * sn) / l2;
        const Floats along_x = cs * t, along_y = sn * t;
        const Floats clamped_x = pick(along_x > pixel_right, pixel_right, pick(along_x < pixel_left, pixel_left, along_x));
        const Floats clamped_y = pick(along_y > pixel_bottom, (Floats)pixel_bottom, pick(along_y < pixel_top, (Floats)pixel_top, along_y));
        const Floats nearest_x = pick(inside, (Floats)0.0f, clamped_x);
        const Floats nearest_y = pick(inside, (Floats)0.0f, clamped_y);
        const Floats rr_near = pick(inside, (Floats)0.0f, r_samples(nearest_x, nearest_y, aspect_ratio, sn, cs) * one_over_radius2);
        // Which side of the dab's line the pixel's centre is on.
        const Ints below = (pixel_center_x - cs) * sn - cs * (pixel_center_y + sn) < 0.0f;
        const Floats farthest_x = pick(below, nearest_x - sn * rad_area_1, nearest_x + sn * rad_area_1);
        const Floats farthest_y = pick(below, nearest_y + cs * rad_area_1, nearest_y - cs * rad_area_1);
        const Floats r_far = r_samples(farthest_x, farthest_y, aspect_ratio, sn, cs);
        const Floats rr_far = r_far * one_over_radius2;
        const Floats antialiased = pick(r_far < r_aa_start, (rr_far + rr_near) * 0.5f,
                                        1.0f - (1.0f - rr_near) / (1.0f + (rr_far - rr_near)));
        store_masks(dab, pick(rr_near > 1.0f, rr_near, antialiased), masks + (xp - from));
    }
}

typedef uint32_t Channels __attribute__((ext_vector_type(4)));
typedef uint16_t Pixel __attribute__((ext_vector_type(4)));

/* libmypaint's normal-and-eraser blend of `count` pixels at their mask opacities, a pixel's four
   channels at once: (opa_a * top + opa_b * pixel) / 2^15 with the top's alpha as 2^15 is
   libmypaint's alpha, opa_a + opa_b * alpha / 2^15, exactly (opa_a * 2^15 divides evenly). A
   mask of 0 leaves a pixel's values as they were, so no pixel is skipped and the loop has no
   branch. */
static inline __attribute__((always_inline)) void blend_normal(uint16_t *restrict rgba, const uint16_t *restrict masks, int count, uint32_t opacity,
                         uint32_t color_r, uint32_t color_g, uint32_t color_b, uint32_t color_a) {
    const Channels top = { color_r, color_g, color_b, ONE };
    for (int i = 0; i < count; i++, rgba += 4) {
        const uint32_t opa_a = masks[i] * opacity / ONE;
        const uint32_t opa_b = ONE - opa_a;
        const uint32_t opa_top = opa_a * color_a / ONE;
        Pixel pixel;
        __builtin_memcpy(&pixel, rgba, sizeof pixel);
        const Channels below = __builtin_convertvector(pixel, Channels);
        const Channels mixed = (top * opa_top + below * opa_b) >> 15;
        pixel = __builtin_convertvector(mixed, Pixel);
        __builtin_memcpy(rgba, &pixel, sizeof pixel);
    }
}

/* libmypaint's lock-alpha blend: the colour goes only where there is alpha already. */
static inline __attribute__((always_inline)) void blend_lock_alpha(uint16_t *restrict rgba, const uint16_t *restrict masks, int count, uint32_t opacity,
                             uint32_t color_r, uint32_t color_g, uint32_t color_b) {
    for (int i = 0; i < count; i++, rgba += 4) {
        uint32_t opa_a = masks[i] * opacity / ONE;
        uint32_t opa_b = ONE - opa_a;
        opa_a *= rgba[3];
        opa_a /= ONE;
        rgba[0] = (opa_a * color_r + opa_b * rgba[0]) / ONE;
        rgba[1] = (opa_a * color_g + opa_b * rgba[1]) / ONE;
        rgba[2] = (opa_a * color_b + opa_b * rgba[2]) / ONE;
    }
}

/* Built twice, for AVX2 (eight lanes to an instruction) and for any x86-64, the loader picking. */
__attribute__((target_clones("avx2", "default")))
void dab_draw_on_tile(const Dab *dab, uint16_t *tile, int tx, int ty) {
    // The dab's centre in the tile's pixels, as libmypaint gives it to its mask.
    const float x = dab->x - tx * DAB_TILE, y = dab->y - ty * DAB_TILE;
    const float radius = dab->radius, r_fringe = radius + 1.0f;
    int x0 = floor_int(x - r_fringe), y0 = floor_int(y - r_fringe), x1 = floor_int(x + r_fringe), y1 = floor_int(y + r_fringe);
    if (x0 < 0) x0 = 0;
    if (y0 < 0) y0 = 0;
    if (x1 > DAB_TILE - 1) x1 = DAB_TILE - 1;
    if (y1 > DAB_TILE - 1) y1 = DAB_TILE - 1;
    const int small = radius < 3.0f;
    uint16_t masks[DAB_TILE + LANES];
    for (int yp = y0; yp <= y1; yp++) {
        const float yy = (yp + 0.5f - y);
        int from = x0, to = x1;
        if (!small) {
            // Every pixel the mask reaches lies within the radius of the centre (the aspect
            // ratio only narrows the dab): a row's pixels more than a pixel and a half beyond it
            // have an opacity of 0, rounding and all. (A small dab's box is its span already.)
            const double reach2 = (double)radius * radius - (double)yy * yy;
            const double half = (reach2 > 0 ? sqrt(reach2) : 0) + 1.5;
            const int left = floor_int((float)(x - half)), right = -floor_int((float)-(x + half));
            if (left > from) from = left;
            if (right < to) to = right;
            if (from > to) continue;
        }
        if (small) row_masks_small(dab, x, y, yp, from, to, masks);
        else row_masks(dab, x, yy, from, to, masks);
        uint16_t *pixels = tile + ((size_t)yp * DAB_TILE + from) * 4;
        const int count = to - from + 1;
        if (dab->normal)
            blend_normal(pixels, masks, count, dab->normal_opacity, dab->color_r, dab->color_g, dab->color_b, dab->color_a);
        if (dab->lock_alpha) blend_lock_alpha(pixels, masks, count, dab->lock_opacity, dab->color_r, dab->color_g, dab->color_b);
    }
}
