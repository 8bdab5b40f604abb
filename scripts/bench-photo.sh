#!/usr/bin/env bash
# Frame times of a placed photo, end to end: x11paint (optimised) with a 3840x2160 window
# (1920x1080 points at X11PAINT_SCALE=2) on a private Xvfb places a 24-megapixel JPEG, and
# xdotool moves it (a drag), pinches and turns it (a Ctrl-drag: two simulated fingers) and
# zooms it (the wheel), at a mouse's 125 events a second. The app prints the time from each event's arrival at the server to the
# completion of the frame that shows it, one run per gesture.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$(swift build -c release --show-bin-path)"
events=${EVENTS:-400}
. scripts/private-xvfb.sh
. scripts/bench-gesture.sh
XVFB_SCREEN=3840x2200 start_private_xvfb
home=$(mktemp -d)
trap 'kill $xvfb 2>/dev/null || true; rm -rf "$home"' EXIT
photo="$home/photo-24mp.jpg"
"$bin/x11paint-bench" --write-photo "$photo" >/dev/null

# The gesture's xdotool arguments for window $2, in `args`.
gesture_args() {
  local name=$1 window=$2
  # The photo sits in the middle of the canvas (about 1920,1020); the moves stay on it. The
  # pinch's two fingers mirror about its centre: the pointer circles at 500-700 px from it, so
  # the photo turns and grows and shrinks within a third.
  args=(mousemove --window "$window" 2520 1020)
  case $name in
    drag) args+=(mousedown 1) ;;
    pinch) args+=(keydown ctrl mousedown 1) ;;
  esac
  for i in $(seq 1 "$events"); do
    case $name in
      wheel) args+=(click $(( (i / 20) % 2 == 0 ? 5 : 4 ))) ;;
      pinch) args+=(mousemove --window "$window" $(awk -v i="$i" 'BEGIN { r = 600 + 100 * sin(i / 15); a = i * 0.004;
                                                                      printf "%d %d", 1920 + r * cos(a), 1020 + r * sin(a) }')) ;;
      *) args+=(mousemove --window "$window" $((2220 + (i * 7) % 600)) $((800 + (i * 5) % 400))) ;;
    esac
    # A hand's pace: a 125 Hz mouse. A burst faster than frames would measure the backlog.
    args+=(sleep 0.008)
  done
  case $name in
    drag) args+=(mouseup 1) ;;
    pinch) args+=(mouseup 1 keyup ctrl) ;;
  esac
}

# The photo decodes in the background: its gestures start 3 s after the window maps.
gesture() { run_gesture "$1" "24 MP photo at 3840x2160" bench-photo "${SETTLE:-3}" --photo "$photo"; }

for name in ${GESTURES:-drag pinch wheel}; do gesture "$name"; done
