#!/usr/bin/env bash
# Zooming and scrolling a big drawing, end to end: x11paint (optimised) with a
# 3840x2160 window (1920x1080 points at X11PAINT_SCALE=2) and 10,000 strokes already drawn
# on a private Xvfb; xdotool turns the wheel at a mouse's pace: Ctrl+wheel zooms in and out
# about the pointer, the wheel scrolls the zoomed drawing down and up, Shift+wheel sideways.
# The app prints the time from each event's arrival at the server to the completion of the
# frame that shows it, one run per gesture.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$(swift build -c release --show-bin-path)"
events=${EVENTS:-300}
. scripts/private-xvfb.sh
. scripts/bench-gesture.sh
XVFB_SCREEN=3840x2200 start_private_xvfb
home=$(mktemp -d)
trap 'kill $xvfb 2>/dev/null || true; rm -rf "$home"' EXIT

# The gesture's xdotool arguments for window $2, in `args`.
gesture_args() {
  local name=$1 window=$2
  args=(mousemove --window "$window" 1900 1000)
  [ "$name" = zoom ] && args+=(keydown ctrl)
  [ "$name" = sideways ] && args+=(keydown shift)
  for i in $(seq 1 "$events"); do
    # Twenty notches one way, twenty back: the view never runs into an end for long.
    args+=(click $(( (i / 20) % 2 == 0 ? 4 : 5 )) sleep 0.008)
    # Zooming follows the pointer, which wanders a little.
    [ "$name" = zoom ] && args+=(mousemove --window "$window" $((1700 + (i * 13) % 400)) $((900 + (i * 7) % 200)))
  done
  [ "$name" = zoom ] && args+=(keyup ctrl)
  [ "$name" = sideways ] && args+=(keyup shift)
  return 0
}

# Replaying 10,000 strokes and the first frame at 200% (which builds the composed copy it
# scrolls over) take 1.3-1.4 s on this machine after the window maps; run_gesture waits for
# that first frame and then SETTLE seconds more (the journal compacting the strokes on the
# other core), so a wheel measures scrolling, not start-up. Scrolling needs something to
# scroll: those runs start at 200%.
gesture() {
  local zoom=200
  [ "$1" = zoom ] && zoom=100
  run_gesture "$1" "10,000 strokes at 3840x2160" bench-zoom "${SETTLE:-4}" --preload-strokes 10000 --zoom "$zoom"
}

for name in ${GESTURES:-zoom scroll sideways}; do gesture "$name"; done
