#!/usr/bin/env bash
# Input-to-photons on a private Xvfb: x11paint (optimised) at 1920x1080 with 10,000 strokes
# already drawn, at ZOOM percent (100 by default); xdotool drags the mouse through thousands of
# motion events; the app prints the time from each event's arrival to the completion of the
# frame that shows it. HOST=1: the same in a shared session the app serves (--host), every
# stroke going out to its server and back as others would see it. MYPAINT_BRUSH=SET/NAME: drawn
# with the Paintbrush tool (B) and that brush of MyPaint's set, instead of the pencil. PACE=S:
# S seconds between motion events (0.001: a 1000 Hz mouse), instead of as fast as xdotool sends.
set -euo pipefail
cd "$(dirname "$0")/.."
binary="$(swift build -c release --show-bin-path)/x11paint"
events=${EVENTS:-3000}
zoom=${ZOOM:-100}
sharing=() label="at $zoom%"
if [ -n "${HOST:-}" ]; then sharing=(--host --public-name 127.0.0.1); label="at $zoom% in a shared session"; fi
if [ -n "${MYPAINT_BRUSH:-}" ]; then label="$label with MyPaint's $MYPAINT_BRUSH"; fi
if [ -n "${PACE:-}" ]; then label="$label, an event every $PACE s"; fi
. scripts/private-xvfb.sh
start_private_xvfb
home=$(mktemp -d)
trap 'kill $xvfb 2>/dev/null || true; rm -rf "$home"' EXIT
if [ -n "${MYPAINT_BRUSH:-}" ]; then
  mkdir -p "$home/.config/x11paint"
  printf 'mypaint_brush = "%s"\n' "$MYPAINT_BRUSH" >"$home/.config/x11paint/settings.toml"
fi
output=$(mktemp)
HOME="$home" "$binary" --size 1920x1080 --preload-strokes 10000 --report-latency --zoom "$zoom" "${sharing[@]}" >"$output" 2>&1 &
app=$!
window=$(timeout 60 xdotool search --sync --onlyvisible --name 'X11Paint$' | head -n 1)
sleep 1
if [ -n "${MYPAINT_BRUSH:-}" ]; then xdotool key --window "$window" b; sleep 0.3; fi
# Shared: drawing starts once the session is under way (its invitation printed, the drawing
# kept by its server), as a person draws after sharing, not during it.
if [ -n "${HOST:-}" ]; then
  for _ in $(seq 1 300); do grep -q 'x11paint://' "$output" && break; sleep 0.1; done
  sleep 3
fi
# One xdotool process, many motion events: a zigzag across the canvas with the button down.
args=(mousemove --window "$window" 200 300 mousedown 1)
for i in $(seq 1 "$events"); do
  args+=(mousemove --window "$window" $((200 + (i * 3) % 1500)) $((300 + (i * 7) % 500)))
  if [ -n "${PACE:-}" ]; then args+=(sleep "$PACE"); fi
done
args+=(mouseup 1)
xdotool "${args[@]}"
sleep 1
kill -TERM $app 2>/dev/null || true
wait $app 2>/dev/null || true
grep -a latency "$output" | sed "s|^|$label: |" || { echo "no latency report"; cat "$output"; exit 1; }
