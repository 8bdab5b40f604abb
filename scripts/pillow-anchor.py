#!/usr/bin/env python3
"""The Pillow side of x11paint-bench's adjustments workload (issue 41).

pillow-anchor.py OP INPUT.raw WIDTH HEIGHT [OUTPUT.raw] [ARGS...]
Reads raw RGBA, times OP best of 5 (the operation alone, no file I/O), prints the seconds,
and writes the last result as raw RGBA when OUTPUT is given (not '-').
OP: blur SIGMA | resize NEW_WIDTH NEW_HEIGHT
"""
import sys
import time

from PIL import Image, ImageFilter


def main():
    op, source, width, height = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    output = sys.argv[5] if len(sys.argv) > 5 else "-"
    args = sys.argv[6:]
    with open(source, "rb") as f:
        image = Image.frombytes("RGBA", (width, height), f.read())
    if op == "blur":
        work = lambda: image.filter(ImageFilter.GaussianBlur(radius=float(args[0])))
    elif op == "resize":
        work = lambda: image.resize((int(args[0]), int(args[1])), Image.Resampling.LANCZOS)
    else:
        sys.exit("unknown operation " + op)
    best, result = float("inf"), None
    for _ in range(5):
        start = time.perf_counter()
        result = work()
        best = min(best, time.perf_counter() - start)
    if output != "-":
        with open(output, "wb") as f:
            f.write(result.tobytes())
    print(best)


main()
