#!/usr/bin/env bash
# Each type's size across its files (Type.swift and its extension files Type+Part.swift), largest
# first, and the types over the design's limits: about 400 lines, at most three extension files.
#   scripts/type-sizes.sh           prints the table (information)
#   scripts/type-sizes.sh --check   also exits 1 when a type is over a limit
set -euo pipefail
cd "$(dirname "$0")/.."
python3 - "$@" <<'PY'
import collections, glob, os, sys
lines, parts = collections.Counter(), collections.Counter()
for path in glob.glob("Sources/**/*.swift", recursive=True):
    name = os.path.basename(path)[:-len(".swift")]
    base = name.split("+")[0]
    with open(path, encoding="utf-8") as f:
        lines[base] += sum(1 for _ in f)
    if "+" in name:
        parts[base] += 1
over = [(t, n) for t, n in lines.items() if n > 400 or parts[t] > 3]
print("lines  extension files  type")
for t, n in lines.most_common(15):
    print(f"{n:5}  {parts[t]:15}  {t}{'  (over the limits)' if (t, n) in over else ''}")
if over:
    print(f"{len(over)} type(s) over 400 lines or 3 extension files: " + ", ".join(t for t, _ in over))
if "--check" in sys.argv and over:
    sys.exit(1)
PY
