#!/usr/bin/env bash
# Makes Tests/Fixtures/journal/<name>: the crash-recovery journal a released X11Paint leaves
# when it is killed (kill -9) after a little of everything, and the drawing as that release
# exported it just before. A test reads it with the current code: a journal written by the
# previous release must still open, pixel for pixel.
#   scripts/make-journal-fixture.sh COMMIT NAME    (e.g. 5df5c12 previous-release)
# The commit is built in a worktree of its own under /tmp; nothing of it is kept but the files.
set -euo pipefail
cd "$(dirname "$0")/.."
commit=$1 name=$2
tree=/tmp/x11paint-fixture-$commit
[ -d "$tree" ] || git worktree add -f "$tree" "$commit" >/dev/null
(cd "$tree" && swift build --product x11paint 2>&1 | tail -n 1)
binary="$tree/.build/debug/x11paint"
. scripts/private-xvfb.sh
start_private_xvfb
home=$(mktemp -d)
trap 'kill $xvfb 2>/dev/null || true; rm -rf "$home"' EXIT
mkdir -p "$home/Pictures"
HOME="$home" XDG_CONFIG_HOME="$home/config" XDG_DATA_HOME="$home/.local/share" LANG=C.UTF-8 \
  DBUS_SESSION_BUS_ADDRESS=unix:path=/nonexistent "$binary" --size 800x600 >/dev/null 2>&1 &
app=$!
window=$(timeout 60 xdotool search --sync --all --onlyvisible --pid $app --name 'X11Paint$' | head -n 1)
xdotool windowfocus --sync "$window"
sleep 1
drag() { local args=(mousemove --window "$window" "$1" "$2" mousedown 1); shift 2
         while [ $# -gt 0 ]; do args+=(mousemove --window "$window" "$1" "$2"); shift 2; done
         xdotool "${args[@]}" mouseup 1; }
# A stroke; a second layer with a stroke in another colour; a half turn; a crop of several
# layers (the release kept the whole drawing aside for Ctrl+Z); words and a stroke, both undone
# (redo items: the words are read back without drawing them, so no font decides the pixels).
xdotool key p bracketright bracketright
drag 100 150 300 250 500 180 700 320
xdotool key ctrl+shift+n
xdotool mousemove --window "$window" 460 565 click 1
drag 150 400 400 200 650 420
xdotool key ctrl+j
sleep 0.3
xdotool key s
drag 80 120 420 300 720 480
xdotool key ctrl+shift+x
sleep 0.3
xdotool key t
xdotool mousemove --window "$window" 200 200 click 1
LC_ALL=C.UTF-8 xdotool type --delay 20 "Fixture 你好"
xdotool key Escape p
drag 120 300 500 330
xdotool key ctrl+z ctrl+z
sleep 0.5
# The drawing as that release has it, through its own Export (its chooser, no portal here).
xdotool key ctrl+shift+e
sleep 0.6
xdotool key ctrl+a
xdotool type --delay 20 "exported.png"
xdotool key Return
for _ in $(seq 50); do [ -s "$home/Pictures/exported.png" ] && break; sleep 0.2; done
sleep 1.5
kill -9 $app
out="Tests/Fixtures/journal/$name"
rm -rf "$out"
mkdir -p "$out"
cp -r "$home/.local/state/x11paint/journal" "$home/.local/state/x11paint/pictures" "$out/"
cp "$home/Pictures/exported.png" "$out/exported.png"
echo "$commit" > "$out/commit"
ls -la "$out"
