#!/usr/bin/env python3
"""The anchors of x11paint-bench's adjustments workload: Pillow and libvips (pyvips).

image-anchor.py LIBRARY OP INPUT.raw WIDTH HEIGHT [OUTPUT.raw] [ARGS...]
Reads raw RGBA into memory, times OP best of 5 (the operation alone, into memory, no file
I/O: Pillow on one core as it works, libvips on its own threads), prints the seconds, and
writes the last result as raw RGBA when OUTPUT is given (not '-').
LIBRARY: pillow | vips.  OP: blur SIGMA | exactblur SIGMA | resize NEW_WIDTH NEW_HEIGHT |
perspective A B C D E F G H (Pillow only: Image.transform(PERSPECTIVE, BICUBIC) with the
coefficients that take each output pixel back to the input, into the same size)
blur is what each library's users get by default; exactblur (libvips only) is its Gaussian in
floating point with the kernel reaching until its weight is 0.001 of the peak: the reference
the app's blur is measured against. libvips uses VIPS_CONCURRENCY threads (all cores unset).
"""
import sys
import time


def pillow(op, data, width, height, args):
    from PIL import Image, ImageFilter
    image = Image.frombytes("RGBA", (width, height), data)
    if op == "blur":
        return lambda: image.filter(ImageFilter.GaussianBlur(radius=float(args[0]))), lambda r: r.tobytes()
    if op == "perspective":
        coefficients = [float(a) for a in args[:8]]
        return lambda: image.transform((width, height), Image.Transform.PERSPECTIVE, coefficients, Image.Resampling.BICUBIC), lambda r: r.tobytes()
    return lambda: image.resize((int(args[0]), int(args[1])), Image.Resampling.LANCZOS), lambda r: r.tobytes()


def vips(op, data, width, height, args):
    import pyvips
    pyvips.cache_set_max(0)  # every run computes
    image = pyvips.Image.new_from_memory(data, width, height, 4, "uchar").copy_memory()
    if op == "blur":
        return lambda: image.gaussblur(float(args[0])).copy_memory(), lambda r: r.write_to_memory()
    if op == "exactblur":
        exact = lambda: image.gaussblur(float(args[0]), precision="float", min_ampl=0.001).cast("uchar").copy_memory()
        return exact, lambda r: r.write_to_memory()
    return lambda: image.resize(int(args[0]) / width, kernel="lanczos3").copy_memory(), lambda r: r.write_to_memory()


def main():
    library, op, source, width, height = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
    output = sys.argv[6] if len(sys.argv) > 6 else "-"
    if op not in ("blur", "exactblur", "resize", "perspective") or library not in ("pillow", "vips") \
            or (op == "exactblur" and library != "vips") or (op == "perspective" and library != "pillow"):
        sys.exit("usage: image-anchor.py pillow|vips blur|exactblur|resize INPUT WIDTH HEIGHT [OUTPUT] ARGS")
    with open(source, "rb") as f:
        data = f.read()  # kept alive: libvips reads it while it copies
    work, bytes_of = (pillow if library == "pillow" else vips)(op, data, width, height, sys.argv[7:])
    best, result = float("inf"), None
    for _ in range(5):
        start = time.perf_counter()
        result = work()
        best = min(best, time.perf_counter() - start)
    if output != "-":
        with open(output, "wb") as f:
            f.write(bytes_of(result))
    print(best)


main()
