# Sourced by the end-to-end gesture benchmarks (bench-photo.sh, bench-zoom.sh), which define
# `gesture_args NAME WINDOW` (the gesture's xdotool arguments, in `args`) and set $bin and $home.
#   run_gesture NAME WHAT LOGNAME SETTLE APP_ARGUMENTS...   starts x11paint at 3840x2160
#       (1920x1080 points at X11PAINT_SCALE=2) with APP_ARGUMENTS, waits SETTLE seconds after
#       its window maps, plays the gesture and prints the latency line; then plays it to
#       x11paint-present-floor, whose frames change as many pixels as the app's median frame
#       and do no drawing: the part of the latency that is the X server's copy and the
#       queueing it causes.
run_gesture() {
  local name=$1 what=$2 log=$3 settle=$4
  shift 4
  local output
  output=$(mktemp)
  env HOME="$home" X11PAINT_SCALE=2 X11PAINT_TRACE_FRAMES=1 "$bin/x11paint" --size 1920x1080 --report-latency "$@" >"$output" 2>&1 &
  local app=$!
  local window
  window=$(timeout 60 xdotool search --sync --onlyvisible --name 'X11Paint$' | head -n 1)
  sleep "$settle"
  gesture_args "$name" "$window"
  play_and_report "$name" "$what" "$log"
  play_floor "$name" "$frame_pixels" "$log"
}

# Plays `args` to the running app ($app, writing to $output), ends it, prints its latency line
# and sets `frame_pixels` to the median number of pixels its frames changed.
play_and_report() {
  local name=$1 what=$2 log=$3
  xdotool "${args[@]}"
  sleep 1
  kill -TERM "$app" 2>/dev/null || true
  wait "$app" 2>/dev/null || true
  if [ -n "${KEEP_OUTPUT:-}" ]; then cp "$output" "/tmp/$log-$name.log"; fi
  grep latency "$output" | sed "s/^latency: /$what, $name: /" || { echo "$name: no latency report"; cat "$output"; }
  frame_pixels=$(sed -n 's/^frame: .*, \([0-9]*\) px$/\1/p' "$output" | sort -n | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)]; else print 0 }')
  rm -f "$output"
  rm -rf "$home/.local" "$home/Pictures"
}

play_floor() {
  local name=$1 pixels=$2 log=$3
  [ "$pixels" -gt 0 ] || return 0
  local output
  output=$(mktemp)
  "$bin/x11paint-present-floor" 3840 2160 "$pixels" >"$output" 2>&1 &
  local app=$!
  local window
  window=$(timeout 60 xdotool search --sync --onlyvisible --name 'X11Paint present floor' | head -n 1)
  sleep 1
  gesture_args "$name" "$window"
  play_and_report "$name" "  the X server's floor for frames of $pixels px" "$log-floor"
}
