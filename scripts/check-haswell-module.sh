#!/usr/bin/env bash
# Holds the loops compiled for x86-64-v3 (Sources/PaintGraphicsHaswell) to defining no code that
# the baseline modules may define too. A generic function specialized there, or an outlined
# helper, has shared (weak) linkage: the linker keeps one copy for every caller, and if it kept
# the x86-64-v3 one, an older processor would run AVX2 instructions in baseline code and die.
# Every weak function the module's objects define must be the module's own, or specialized
# for one of its types.
# Usage: scripts/check-haswell-module.sh BIN_PATH (what `swift build [-c release] --show-bin-path` prints)
set -euo pipefail
build="$1/PaintGraphicsHaswell.build"
[ -f "$build/sources" ] || { echo "check-haswell-module: no build of PaintGraphicsHaswell under $1" >&2; exit 1; }
# The objects of the module's current sources (a renamed source leaves its old object behind).
objects=()
while read -r source; do objects+=("$build/$(basename "$source").o"); done < "$build/sources"
for object in "${objects[@]}"; do
  [ -f "$object" ] || { echo "check-haswell-module: $object is missing" >&2; exit 1; }
done
# nm's W is a weak symbol that is not an object (code). The module's own functions, and
# specializations over its own types (KernelCompilation), name the module: no other module can
# define them.
shared=$(nm --defined-only "${objects[@]}" | awk '$2 == "W" { print $3 }' | swift demangle --compact \
  | grep -v 'PaintGraphicsHaswell\.' || true)
if [ -n "$shared" ]; then
  echo "check-haswell-module: PaintGraphicsHaswell defines code other modules may define too; inline it" >&2
  echo "whole into the module's own function, specialize it for the module's own KernelCompilation," >&2
  echo "or leave it to the baseline (not @inlinable):" >&2
  echo "$shared" >&2
  exit 1
fi
