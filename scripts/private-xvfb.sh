# Sourced by the benchmark scripts: starts a private Xvfb (1920x1200, or $XVFB_SCREEN) on a
# free display number, waits until it is ready, and exports DISPLAY. Sets $xvfb to its pid (the
# caller kills it).
start_private_xvfb() {
  local ready
  ready=$(mktemp)
  Xvfb -displayfd 3 -screen 0 "${XVFB_SCREEN:-1920x1200}x24" -nolisten tcp 3>"$ready" 2>/dev/null &
  xvfb=$!
  for _ in $(seq 100); do [ -s "$ready" ] && break; sleep 0.1; done
  export DISPLAY=":$(head -n 1 "$ready")"
  rm -f "$ready"
}
