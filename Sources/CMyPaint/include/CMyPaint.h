// libmypaint, MyPaint's brush engine, opened on first use: its brushes draw their dabs into a
// layer's own pixels through a tiled surface of libmypaint's (its dab shapes, blend modes,
// pigment mixing and smudging), whose tiles are the layer's, kept in libmypaint's 15-bit form
// while a stroke draws and written back as premultiplied 0xAARRGGBB words.
#ifndef CMYPAINT_H
#define CMYPAINT_H

#include <stdint.h>

/* 1 when libmypaint is there to draw with (opened on the first call). */
int brush_engine_available(void);
/* How many OpenMP threads libmypaint's thread-safe surfaces (its reference surface) use; 1 when set. */
int brush_engine_set_threads(int count);

typedef struct BrushEngineBrush BrushEngineBrush;

/* A brush from the text of a .myb file, its settings libmypaint's defaults where the file says
   nothing; NULL when libmypaint is missing or cannot read it. */
BrushEngineBrush *brush_engine_brush_new(const char *json);
void brush_engine_brush_free(BrushEngineBrush *brush);
/* A setting's number by its name in .myb files ("radius_logarithmic"), -1 when unknown. */
int brush_engine_setting(const char *name);
void brush_engine_brush_set(BrushEngineBrush *brush, int setting, float value);
float brush_engine_brush_get(BrushEngineBrush *brush, int setting);

typedef struct BrushEngineSurface BrushEngineSurface;

/* A surface over width x height premultiplied 0xAARRGGBB pixels (rows `stride` pixels apart),
   which it reads and writes until it is freed. NULL when libmypaint is missing. */
BrushEngineSurface *brush_engine_surface_new(uint32_t *pixels, int width, int height, int stride);
void brush_engine_surface_free(BrushEngineSurface *surface);
/* From now on, each tile's pixels are kept as they were before the first dab reached it, so
   `restore` can put them back (a stroke drawn on a layer's own pixels, then cancelled). 0 when
   there was no memory for it. */
int brush_engine_surface_keep_originals(BrushEngineSurface *surface);
/* Puts back every kept tile's pixels as they were; the bounds of what changed back in *x, *y,
   *width, *height (width 0: nothing). Drawing on afterwards starts from those pixels again. */
void brush_engine_surface_restore(BrushEngineSurface *surface, int *x, int *y, int *width, int *height);
/* Symmetry for the dabs from the next batch: libmypaint's type (0 vertical, 1 horizontal, 2 both,
   3 rotational; -1 none) about (center_x, center_y) in the surface's pixels, with `lines` marks
   for the rotational one. */
void brush_engine_surface_set_symmetry(BrushEngineSurface *surface, int type, float center_x, float center_y, int lines);
/* Whether our own dab renderer draws the dabs of the blends it covers (1, the default: the same
   pixels as libmypaint's, sooner) or libmypaint's draws every dab (0: to compare against). */
void brush_engine_surface_use_own_dabs(BrushEngineSurface *surface, int own);
/* From now on the brush's dabs are dropped, not drawn: what is left is libmypaint's brush engine
   working out each dab (a benchmark's floor, which no surface can go under). */
void brush_engine_surface_draw_nothing(BrushEngineSurface *surface);
void brush_engine_surface_begin(BrushEngineSurface *surface);
/* Draws the dabs since `begin` and writes the pixels they changed back; the bounds of what
   changed in *x, *y, *width, *height (width 0: nothing). */
void brush_engine_surface_end(BrushEngineSurface *surface, int *x, int *y, int *width, int *height);
/* The brush's motion to (x, y) over `dtime` seconds, with its pressure, tilt and the view's
   zoom (a factor) and rotation (degrees) as the brush's inputs. */
int brush_engine_stroke_to(BrushEngineBrush *brush, BrushEngineSurface *surface, float x, float y, float pressure,
                           float xtilt, float ytilt, double dtime, float zoom, float rotation);

/* libmypaint's own reference surface (mypaint_fixed_tiled_surface), white: the same strokes drawn by
   libmypaint's own tile store, for comparing and timing against. Both go through libmypaint's
   first interface (no pigment mixing, which only its second one has). */
typedef struct BrushEngineReference BrushEngineReference;
BrushEngineReference *brush_engine_reference_new(int width, int height);
void brush_engine_reference_free(BrushEngineReference *reference);
void brush_engine_reference_begin(BrushEngineReference *reference);
void brush_engine_reference_end(BrushEngineReference *reference);
int brush_engine_reference_stroke_to(BrushEngineBrush *brush, BrushEngineReference *reference, float x, float y,
                                     float pressure, float xtilt, float ytilt, double dtime);
/* Its pixels as premultiplied 0xAARRGGBB words (width x height). */
void brush_engine_reference_read(BrushEngineReference *reference, uint32_t *pixels);
/* The same motion on our surface through that first interface, to compare like with like. */
int brush_engine_stroke_to_first_interface(BrushEngineBrush *brush, BrushEngineSurface *surface, float x, float y,
                                           float pressure, float xtilt, float ytilt, double dtime);

#endif
