#!/usr/bin/env bash
# Input to pixels as the user feels it, measured from outside each app by
# x11paint-latency-probe (XTest motion in, XShmGetImage polling of the pixels under the
# pointer out), side by side with mtPaint in one run on one private Xvfb:
#   X11Paint at 1920x1080 with 10,000 strokes drawn and crash recovery on, as users run it;
#   mtPaint 3.40 from Debian with its paint tool;
# each quiet, then again while `dd` writes 1 GB with fsync to the same filesystem (in a loop).
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$(swift build -c release --show-bin-path)"
moves=${MOVES:-300}
. scripts/private-xvfb.sh
start_private_xvfb
# On the disk the journal is on (the repository's filesystem, not a tmpfs).
work=$(mktemp -d "$PWD/.build/bench-blackbox.XXXXXX")
writer=""
cleanup() {
  [ -n "$writer" ] && kill "$writer" 2>/dev/null
  pkill -P $$ dd 2>/dev/null || true
  kill $xvfb 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# Beside the isolated moves, the machine's own floor: how late a bare process wakes from the
# same 30 ms sleep at the same time. An isolated move takes at least three wake-ups (Xvfb, the
# app, the probe), none of which an app controls.
probe() { # window x0 y0 x1 y1
  "$bin/x11paint-latency-probe" wakeup "$moves" 30 >"$work/floor" &
  local floor=$!
  "$bin/x11paint-latency-probe" "$@" "$moves" isolated 30
  wait $floor
  cat "$work/floor"
  "$bin/x11paint-latency-probe" "$1" "$2" $(($3 + 7)) "$4" "$5" "$moves" drag
}

measure_x11paint() {
  local home="$work/home-x11paint-$1"
  mkdir -p "$home"
  HOME="$home" "$bin/x11paint" --size 1920x1080 --preload-strokes 10000 >/dev/null 2>&1 &
  local app=$!
  local window
  window=$(timeout 60 xdotool search --sync --all --onlyvisible --pid $app --name 'X11Paint$' | head -n 1)
  sleep 4 # the first journal generation (10,000 strokes) is written in the background
  echo "X11Paint ($1):"
  probe "$window" 100 120 1800 900 | sed 's/^/    /'
  kill -TERM $app; wait $app 2>/dev/null || true
}

measure_mtpaint() {
  local home="$work/home-mtpaint-$1"
  mkdir -p "$home"
  HOME="$home" mtpaint >/dev/null 2>&1 &
  local app=$!
  local window
  window=$(timeout 60 xdotool search --sync --onlyvisible --name '^mtPaint [0-9.]+ - ' | head -n 1)
  sleep 1
  # The first tool of the second toolbar row is Paint (mtPaint starts with a selection tool).
  xdotool mousemove --window "$window" 16 78 click 1
  sleep 0.5
  echo "mtPaint $(dpkg-query -W -f='${Version}' mtpaint) ($1):"
  probe "$window" 100 110 600 350 | sed 's/^/    /'
  kill -TERM $app; wait $app 2>/dev/null || true
}

disk_writer() {
  while true; do dd if=/dev/zero of="$work/dd.bin" bs=1M count=1024 conv=fsync status=none; done
}

echo "input to pixels, $moves moves each (isolated: 30 ms still before each move):"
measure_x11paint quiet
measure_mtpaint quiet
disk_writer &
writer=$!
sleep 2
measure_x11paint "dd writing 1 GB with fsync meanwhile"
measure_mtpaint "dd writing 1 GB with fsync meanwhile"
