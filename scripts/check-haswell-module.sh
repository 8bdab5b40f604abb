#!/usr/bin/env bash
# Holds the fill compiled for x86-64-v3 (Sources/PaintGraphicsHaswell) to defining no code that
# the baseline modules may define too. A generic function specialized there, or an outlined
# helper, has shared (weak) linkage: the linker keeps one copy for every caller, and if it kept
# the x86-64-v3 one, an older processor would run AVX2 instructions in baseline code and die.
# Every weak function the module's objects define must be the module's own.
# Usage: scripts/check-haswell-module.sh BIN_PATH (what `swift build [-c release] --show-bin-path` prints)
set -euo pipefail
objects=("$1"/PaintGraphicsHaswell.build/*.o)
[ -e "${objects[0]}" ] || { echo "check-haswell-module: no objects under $1/PaintGraphicsHaswell.build" >&2; exit 1; }
# nm's W is a weak symbol that is not an object (code); the module's own names mangle its name.
shared=$(nm --defined-only "${objects[@]}" | awk '$2 == "W" { print $3 }' | grep -v '20PaintGraphicsHaswell' || true)
if [ -n "$shared" ]; then
  echo "check-haswell-module: PaintGraphicsHaswell defines code other modules may define too; inline it" >&2
  echo "whole into the module's own function, or leave it to the baseline (not @inlinable):" >&2
  echo "$shared" | swift demangle --simplified >&2
  exit 1
fi
