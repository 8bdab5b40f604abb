# Sourced by the end-to-end gesture benchmarks (bench-photo.sh, bench-zoom.sh).
#   play_and_report NAME WHAT LOGNAME   plays the xdotool arguments in `args` to the running
#       app, ends it, prints its latency line and sets `frame_pixels` to the median number of
#       pixels its frames changed (uses $app, $output and $home of the caller).
#   play_floor NAME PIXELS LOGNAME ARGS_FUNCTION   plays the same gesture to
#       x11paint-present-floor, whose frames change PIXELS pixels and do no drawing: the part
#       of the app's latency that is the X server's copy and the queueing it causes.
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
  local name=$1 pixels=$2 log=$3 make_args=$4
  [ "$pixels" -gt 0 ] || return 0
  local output
  output=$(mktemp)
  "$bin/x11paint-present-floor" 3840 2160 "$pixels" >"$output" 2>&1 &
  local app=$!
  local window
  window=$(timeout 60 xdotool search --sync --onlyvisible --name 'X11Paint present floor' | head -n 1)
  sleep 1
  "$make_args" "$name" "$window"
  play_and_report "$name" "  the X server's floor for frames of $pixels px" "$log-floor"
}
