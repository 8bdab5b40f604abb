#!/usr/bin/env python3
"""Blend2D as x11paint-bench's second anchor: draws the geometry x11paint-bench
exported (a JSON file) with Blend2D (PyPI's blend2d-python, one thread: the binding's context
takes no thread count) and prints the best
time of RUNS, in seconds, as `seconds: T`. The Python calls' own cost is measured with the same
loop calling nothing and printed as `overhead: T`, so the table can say how much is Python's;
for freehand, the same loop making the same binding call on an empty path is printed as
`calls: T` (the loop and the binding's cost per call, with no drawing), so Blend2D's stroking
can be given net of both.

  blend2d-anchor.py polygons|freehand|photo GEOMETRY.json RUNS
"""
import json
import sys
import time

import blend2d as b


def canvas(width, height):
    image = b.BLImage(width, height, b.BLFormat.PRGB32)
    context = b.BLContext(image)
    context.set_fill_style((1.0, 1.0, 1.0, 1.0))
    context.fill_all()
    return image, context


def best_of(runs, prepare, draw):
    """The shortest of `runs` timings of draw(prepare()), the preparing untimed."""
    best = float("inf")
    for _ in range(runs):
        context = prepare()
        start = time.perf_counter()
        draw(context)
        best = min(best, time.perf_counter() - start)
    return best


def loop_overhead(runs, items):
    """What Python's own loop over the items costs, the drawing calls left out."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        for _item in items:
            pass
        best = min(best, time.perf_counter() - start)
    return best


def polygons(geometry, runs):
    paths = []
    for shape in geometry["shapes"]:
        path = b.BLPath()
        points = shape["points"]
        path.move_to(*points[0])
        for x, y in points[1:]:
            path.line_to(x, y)
        path.close()
        paths.append((path, tuple(shape["color"])))

    def prepare():
        _, context = canvas(geometry["width"], geometry["height"])
        if geometry.get("evenOdd"):
            context.fill_rule = b.BLFillRule.EVEN_ODD
        return context

    def draw(context):
        for path, color in paths:
            context.set_fill_style(color)
            context.fill_path(path)
        context.flush()

    return best_of(runs, prepare, draw), loop_overhead(runs, paths), None


def freehand(geometry, runs):
    points = geometry["points"]
    segments = []
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        path = b.BLPath()
        path.move_to(x0, y0)
        path.line_to(x1, y1)
        segments.append(path)
    def prepare():
        _, context = canvas(geometry["width"], geometry["height"])
        context.stroke_width = geometry["strokeWidth"]
        context.set_stroke_caps(b.BLStrokeCap.CAP_ROUND)
        context.stroke_join = b.BLStrokeJoin.JOIN_ROUND
        context.set_stroke_style(tuple(geometry["color"]))
        return context

    def draw(context):
        for path in segments:
            context.stroke_path(path)
        context.flush()

    empty = b.BLPath()

    def call_only(context):
        for _path in segments:
            context.stroke_path(empty)
        context.flush()

    return best_of(runs, prepare, draw), loop_overhead(runs, segments), best_of(runs, prepare, call_only)


def photo(geometry, runs):
    """The photo (a PNG x11paint-bench wrote) drawn through an affine matrix, Blend2D's default
    bilinear pattern quality, over the whole of its full-size pixels (no mip level)."""
    image = b.BLImage()
    image.readFromFile(geometry["image"])
    matrix = b.Matrix2D(*geometry["matrix"])

    def prepare():
        _, context = canvas(geometry["width"], geometry["height"])
        context.transform(matrix)
        return context

    def draw(context):
        context.blit_image(b.BLPoint(0, 0), image)
        context.flush()

    return best_of(runs, prepare, draw), 0.0, None


if __name__ == "__main__":
    workload, path, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
    with open(path) as file:
        geometry = json.load(file)
    seconds, overhead, calls = {"polygons": polygons, "freehand": freehand, "photo": photo}[workload](geometry, runs)
    print(f"seconds: {seconds:.6f}")
    print(f"overhead: {overhead:.6f}")
    if calls is not None:
        print(f"calls: {calls:.6f}")
