# Sourced by the end-to-end gesture benchmarks (bench-photo.sh, bench-zoom.sh): plays the
# xdotool arguments in `args` to the running app, ends it, and prints its latency line.
#   play_and_report NAME WHAT LOGNAME   (uses $app, $output and $home of the caller)
play_and_report() {
  local name=$1 what=$2 log=$3
  xdotool "${args[@]}"
  sleep 1
  kill -TERM "$app" 2>/dev/null || true
  wait "$app" 2>/dev/null || true
  if [ -n "${KEEP_OUTPUT:-}" ]; then cp "$output" "/tmp/$log-$name.log"; fi
  grep latency "$output" | sed "s/^latency: /$what, $name: /" || { echo "$name: no latency report"; cat "$output"; }
  rm -f "$output"
  rm -rf "$home/.local" "$home/Pictures"
}
