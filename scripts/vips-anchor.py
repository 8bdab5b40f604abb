#!/usr/bin/env python3
"""The libvips side of x11paint-bench's adjustments workload (issue 41), through pyvips.

vips-anchor.py OP INPUT.raw WIDTH HEIGHT [OUTPUT.raw] [ARGS...]
Reads raw RGBA into memory, times OP best of 5 (the operation computed into memory with
libvips's own threads, no file I/O), prints the seconds, and writes the last result as raw
RGBA when OUTPUT is given (not '-').
OP: blur SIGMA | resize SCALE
"""
import sys
import time

import pyvips


def main():
    op, source, width, height = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    output = sys.argv[5] if len(sys.argv) > 5 else "-"
    args = sys.argv[6:]
    with open(source, "rb") as f:
        data = f.read()  # kept alive: libvips reads it while it copies
    image = pyvips.Image.new_from_memory(data, width, height, 4, "uchar").copy_memory()
    if op == "blur":
        work = lambda: image.gaussblur(float(args[0])).copy_memory()
    elif op == "resize":
        work = lambda: image.resize(float(args[0]), kernel="lanczos3").copy_memory()
    else:
        sys.exit("unknown operation " + op)
    pyvips.cache_set_max(0)  # every run computes
    best, result = float("inf"), None
    for _ in range(5):
        start = time.perf_counter()
        result = work()
        best = min(best, time.perf_counter() - start)
    if output != "-":
        with open(output, "wb") as f:
            f.write(result.write_to_memory())
    print(best)


main()
