#!/usr/bin/env bash
# Resident memory beside mtPaint, both on one private Xvfb in the same run: each app
# in a 1280x800 window with an empty drawing of the same size (X11Paint's new drawing in that
# window is 1280x656; mtPaint opens a white picture of that size), its VmRSS 4 s after its window
# appears; then after 200 strokes drawn through XTest (xdotool), 2 s after the last. X11Paint's
# headline is its first start in a new home (no icon cache yet), its second start beside it.
# Targets: X11Paint at start no more than mtPaint, after the strokes no more than 1.3x mtPaint.
# X11Paint is measured as Debian packages it (scripts/build-deb.sh: the release build with
# Swift's runtime and Foundation linked in, built here if missing), as mtPaint is measured as
# Debian packages it; and as the release build `make run` uses (Swift's libraries shared).
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$(swift build -c release --show-bin-path)"
. scripts/packaged-build.sh
packaged=$(build_packaged_binary)
strokes=${STROKES:-200}
. scripts/private-xvfb.sh
start_private_xvfb
work=$(mktemp -d)
cleanup() { kill $xvfb 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

resident() { awk '/^VmRSS:/ { printf "%.1f", $2 / 1024 }' "/proc/$1/status"; }

# Where a process's resident memory is: its own binary, Swift's shared libraries, the window's
# shared-memory frame, heap and anonymous memory, the other libraries (MB).
breakdown() {
  awk '/^[0-9a-f]+-[0-9a-f]+ / { name = $6 }
       /^Rss:/ { kb = $2
                 if (name ~ /\/x11paint$/) binary += kb
                 else if (name ~ /\/swift\/linux\//) swift += kb
                 else if (name ~ /^\/SYSV/) frame += kb
                 else if (name == "" || name == "[heap]") anonymous += kb
                 else other += kb }
       END { printf "the binary %.1f, Swift'"'"'s shared libraries %.1f, the shared-memory frame %.1f, heap and anonymous %.1f, other libraries %.1f MB",
             binary / 1024, swift / 1024, frame / 1024, anonymous / 1024, other / 1024 }' "/proc/$1/smaps"
}

# Strokes of 12 moves each across the window, rows down and back up.
draw() { # window x0 y0
  local window=$1 x0=$2 y0=$3 stroke step
  for stroke in $(seq 0 $((strokes - 1))); do
    local y=$((y0 + (stroke * 37) % 400))
    local args=(mousemove --window "$window" "$x0" "$y" mousedown 1)
    for step in $(seq 1 12); do args+=(mousemove --window "$window" $((x0 + step * 45)) $((y + (step * 13) % 40))); done
    args+=(mouseup 1)
    xdotool "${args[@]}"
  done
}

measure() { # name pid window x0 y0
  sleep 4
  local start after
  start=$(resident "$2")
  [ "$1" = x11paint ] && breakdown "$2" > "$work/breakdown"
  draw "$3" "$4" "$5"
  sleep 2
  after=$(resident "$2")
  echo "$start $after"
}

# Each app is started from its file on disk, not from the page cache a build or a copy just
# wrote: how the kernel holds a file's pages (in large folios or small) decides how much of the
# code around each page touched it maps, and a binary the linker had just written measured up to
# 1.5 MB apart from the same binary read back from disk.
from_disk() { python3 -c 'import os, sys; fd = os.open(sys.argv[1], os.O_RDONLY); os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)' "$1"; }

# X11Paint's second start in a home of its own (the first draws the toolbar's icons and keeps them).
measure_x11paint() { # binary home; sets ours_start ours_after first_start
  local x11paint window
  from_disk "$1"
  HOME="$2" "$1" --size 1280x800 >/dev/null 2>&1 &
  x11paint=$!
  timeout 60 xdotool search --sync --all --onlyvisible --pid $x11paint --name 'X11Paint$' >/dev/null
  sleep 4
  first_start=$(resident $x11paint)
  kill -TERM $x11paint; wait $x11paint 2>/dev/null || true
  from_disk "$1"
  HOME="$2" "$1" --size 1280x800 >/dev/null 2>&1 &
  x11paint=$!
  window=$(timeout 60 xdotool search --sync --all --onlyvisible --pid $x11paint --name 'X11Paint$' | head -n 1)
  read -r ours_start ours_after < <(measure x11paint $x11paint "$window" 100 150)
  kill -TERM $x11paint; wait $x11paint 2>/dev/null || true
}

mkdir -p "$work/x11paint" "$work/packaged" "$work/mtpaint"
measure_x11paint "$bin/x11paint" "$work/x11paint"
release_start=$ours_start release_after=$ours_after release_breakdown=$(cat "$work/breakdown")
measure_x11paint "$packaged" "$work/packaged"
packaged_breakdown=$(cat "$work/breakdown")

# mtPaint's picture the size of X11Paint's new drawing in the same window (its own new picture
# is 640x480).
python3 -c 'import struct, sys, zlib
w, h = 1280, 656
raw = b"".join(b"\0" + b"\xff" * (w * 3) for _ in range(h))
chunk = lambda t, d: struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d))
sys.stdout.buffer.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))' > "$work/blank.png"
from_disk "$(command -v mtpaint)"
HOME="$work/mtpaint" mtpaint "$work/blank.png" >/dev/null 2>&1 &
mtpaint=$!
window=$(timeout 60 xdotool search --sync --onlyvisible --name '^mtPaint [0-9.]+ - ' | head -n 1)
sleep 1
# The first tool of the second toolbar row is Paint (mtPaint starts with a selection tool);
# chosen before the window grows (its toolbars then become one row).
xdotool mousemove --window "$window" 16 78 click 1
xdotool windowsize "$window" 1280 800
# Its 1280x656 picture fills the grown window's canvas: the strokes go on it.
read -r theirs_start theirs_after < <(measure mtpaint $mtpaint "$window" 400 200)
kill -TERM $mtpaint; wait $mtpaint 2>/dev/null || true

verdict() { awk -v a="$1" -v b="$2" -v k="$3" 'BEGIN { print (a <= b * k ? "met" : "MISSED") }'; }
echo "    at the first start, an empty 1280x656 drawing in a 1280x800 window: X11Paint as packaged $first_start MB (drawing its icons before keeping them), mtPaint $(dpkg-query -W -f='${Version}' mtpaint) $theirs_start MB;" \
     "target <= mtPaint's: $(verdict "$first_start" "$theirs_start" 1)"
echo "    at a later start, its icons kept: X11Paint $ours_start MB; target <= mtPaint's: $(verdict "$ours_start" "$theirs_start" 1)"
echo "    (of it $packaged_breakdown)"
echo "    after $strokes strokes: X11Paint as packaged $ours_after MB, mtPaint $theirs_after MB;" \
     "target <= 1.3x mtPaint's: $(verdict "$ours_after" "$theirs_after" 1.3)"
echo "    the release build with Swift's libraries shared (make run): $release_start MB at start, $release_after MB after the strokes"
echo "    (of it $release_breakdown)"
