# Sourced by the end-to-end gesture benchmarks (bench-photo.sh, bench-zoom.sh), which define
# `gesture_args NAME WINDOW` (the gesture's xdotool arguments, in `args`) and set $bin and $home.
#   run_gesture NAME WHAT LOGNAME SETTLE APP_ARGUMENTS...   starts x11paint at 3840x2160
#       (1920x1080 points at X11PAINT_SCALE=2) with APP_ARGUMENTS, waits SETTLE seconds after
#       its first frame, plays the gesture and prints the latency line; then plays it to
#       x11paint-present-floor, whose frames change as many pixels as the app's frame for the
#       same event did and do no drawing: the part of the latency that is the X server's copy
#       and the queueing it causes. (A floor frame of the app's median
#       frame's size would not do: the wheel's frames range from 0.08 to 5.2 million pixels,
#       and its largest would be compared with a floor of 0.8 million.)
run_gesture() {
  local name=$1 what=$2 log=$3 settle=$4
  shift 4
  local output
  output=$(mktemp)
  env HOME="$home" X11PAINT_SCALE=2 X11PAINT_TRACE_FRAMES=1 "$bin/x11paint" --size 1920x1080 --report-latency "$@" >"$output" 2>&1 &
  local app=$!
  local window
  window=$(timeout 60 xdotool search --sync --onlyvisible --name 'X11Paint$' | head -n 1)
  # The settling starts at the first frame, not at the window's mapping: loading 10,000 strokes
  # at 4K has taken from 1.3 to 6 s before it, and a gesture played into that measured the loading.
  for _ in $(seq 1 600); do grep -q '^frame:' "$output" && break; sleep 0.1; done
  sleep "$settle"
  gesture_args "$name" "$window"
  play_and_report "$name" "$what" "$log"
  local app_p50=$p50 app_p99=$p99 app_pixels=$frame_pixels
  play_floor "$name" "$app_pixels" "$log" "$event_sizes"
  # The target, against the floor measured just now.
  if [ -n "$app_p50" ] && [ -n "$p50" ] && [ "$app_pixels" -gt 0 ]; then
    local verdict=met
    if [ "$app_p50" -gt $((p50 + 2000)) ] || [ "$app_p99" -gt $((p99 + 4000)) ]; then verdict=MISSED; fi
    echo "  target p50 <= floor + 2 ms ($((p50 + 2000)) µs), p99 <= floor + 4 ms ($((p99 + 4000)) µs): $verdict" \
      "(X11Paint $((app_p50 - p50)) µs and $((app_p99 - p99)) µs above the floor)"
  fi
}

# Plays `args` to the running app ($app, writing to $output), ends it, prints its latency line
# and sets `frame_pixels` to the median number of pixels its frames changed and `p50`/`p99`
# to its latencies in µs (empty without a report).
play_and_report() {
  local name=$1 what=$2 log=$3
  xdotool "${args[@]}"
  sleep 1
  kill -TERM "$app" 2>/dev/null || true
  wait "$app" 2>/dev/null || true
  if [ -n "${KEEP_OUTPUT:-}" ]; then cp "$output" "/tmp/$log-$name.log"; fi
  grep latency "$output" | sed "s/^latency: /$what, $name: /" || { echo "$name: no latency report"; cat "$output"; }
  p50=$(sed -n 's/^latency: .* p50 \([0-9]*\) µs.*/\1/p' "$output" | head -n 1)
  p99=$(sed -n 's/^latency: .* p99 \([0-9]*\) µs.*/\1/p' "$output" | head -n 1)
  frame_pixels=$(sed -n 's/^frame: .*, \([0-9]*\) px$/\1/p' "$output" | sort -n | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)]; else print 0 }')
  # Each event's frame size, in order (a frame showing three events counts three times).
  event_sizes=$(mktemp)
  sed -n 's/^frame: .*, \([0-9]*\) events, \([0-9]*\) px$/\1 \2/p' "$output" | awk '{ for (i = 0; i < $1; i++) print $2 }' >"$event_sizes"
  rm -f "$output"
  rm -rf "$home/.local" "$home/Pictures"
}

play_floor() {
  local name=$1 pixels=$2 log=$3 sizes=$4
  [ "$pixels" -gt 0 ] || { rm -f "$sizes"; return 0; }
  local output
  output=$(mktemp)
  local frames=$pixels
  # FLOOR_OF_MEDIAN=1: every floor frame the median's size, as before (for comparison).
  [ -s "$sizes" ] && [ -z "${FLOOR_OF_MEDIAN:-}" ] && frames="@$sizes"
  "$bin/x11paint-present-floor" 3840 2160 "$frames" >"$output" 2>&1 &
  local app=$!
  local window
  window=$(timeout 60 xdotool search --sync --onlyvisible --name 'X11Paint present floor' | head -n 1)
  sleep 1
  gesture_args "$name" "$window"
  play_and_report "$name" "  the X server's floor for the app's frames (median $pixels px)" "$log-floor"
  rm -f "$sizes" "$event_sizes"
}
