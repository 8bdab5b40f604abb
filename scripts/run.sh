#!/usr/bin/env bash
# Builds X11Paint and runs it on $DISPLAY. With no display it starts a private Xvfb, plays a
# short scripted demo (strokes in three colours and widths, then Save) and prints where the
# drawing was saved.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh run
swift build -c release --product x11paint 2>&1 | grep -vE '^\[[0-9]+/[0-9]+\]' || true
binary="$(swift build -c release --show-bin-path)/x11paint"
[ -x "$binary" ] || { echo "the build failed" >&2; exit 1; }
scripts/check-haswell-module.sh "$(dirname "$binary")"

if [ -n "${DISPLAY:-}" ]; then
  exec "$binary" "$@"
fi

echo "No DISPLAY: starting a private X server (Xvfb) and playing a demo."
ready=$(mktemp)
Xvfb -displayfd 3 -screen 0 1280x1024x24 -nolisten tcp 3>"$ready" 2>/dev/null &
xvfb_pid=$!
trap 'kill "$xvfb_pid" 2>/dev/null || true; rm -f "$ready"' EXIT
for _ in $(seq 100); do [ -s "$ready" ] && break; sleep 0.1; done
[ -s "$ready" ] || { echo "Xvfb did not start" >&2; exit 1; }
DISPLAY=":$(head -n 1 "$ready")" "$binary" --demo "$@"
