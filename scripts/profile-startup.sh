#!/usr/bin/env bash
# Writes scripts/startup-functions.txt: the functions of the packaged binary that a start runs,
# in the order they first run, for the linker to lay out side by side (scripts/packaged-build.sh).
# The kernel maps a binary's code in 64 KB windows around each page the app touches, so a start
# whose few thousand functions lie scattered over 18 MB of code kept 10 MB of it resident; laid
# out together, 1.3-1.7 MB less (issue 44, BENCHMARKS.md). Run it again when much has changed:
# a function that is gone is skipped, a new one is laid out with the rest.
# It runs the binary under Valgrind's callgrind on a private Xvfb, as a user meets it: a first
# start in a new home (it draws and keeps the toolbar's icons), a second start in which 40
# strokes are drawn, as scripts/bench-memory.sh measures, and a third that brings them back;
# each ends as a window manager closes it.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh profile
. scripts/packaged-build.sh
[ -e scripts/startup-functions.txt ] || : > scripts/startup-functions.txt
binary=$(build_packaged_binary)
work=$(mktemp -d)
. scripts/private-xvfb.sh
start_private_xvfb
cleanup() { kill $xvfb 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
# Valgrind 3.19 stops at the DWARF 5 of Swift's toolchain: the profile needs only the symbols.
mkdir "$work/bin" "$work/home"
objcopy --strip-debug "$binary" "$work/bin/x11paint"
cp -r "$(dirname "$binary")"/*.resources "$work/bin/"

profile() { # output strokes
  HOME="$work/home" valgrind --tool=callgrind --demangle=no --callgrind-out-file="$1" "$work/bin/x11paint" --size 1280x800 \
    >"$work/valgrind.log" 2>&1 &
  local app=$! window stroke step
  window=$(timeout 300 xdotool search --sync --all --onlyvisible --name 'X11Paint$' | head -n 1)
  # Under callgrind the app runs some fifty times slower: what follows its window natively
  # (reading the settings, the journal, fonts) takes it half a minute.
  sleep 30
  for stroke in $(seq 1 "$2"); do
    local y=$((150 + (stroke * 37) % 400)) args=()
    args=(mousemove --window "$window" 100 "$y" mousedown 1)
    for step in $(seq 1 12); do args+=(mousemove --window "$window" $((100 + step * 45)) $((y + (step * 13) % 40))); done
    xdotool "${args[@]}" mouseup 1
  done
  sleep 20
  kill -TERM $app
  wait $app || true
}
profile "$work/first.out" 0
profile "$work/second.out" 40
# And a start that brings those strokes back from the journal, as most starts do.
profile "$work/third.out" 0

# The binary's functions in the order a callgrind profile first lists them (callgrind names a
# second function of the same name name'2: the linker knows it by its name).
python3 - "$work/second.out" "$work/third.out" "$work/first.out" > scripts/startup-functions.txt <<'PYTHON'
import re, sys
print("# The functions a start of the packaged binary runs, in order: written by scripts/profile-startup.sh.")
seen = set()
for path in sys.argv[1:]:
    objects, functions, current = {}, {}, None
    for line in open(path, errors="replace"):
        line = line.rstrip("\n")
        match = re.match(r"^(c?ob)=\((\d+)\)(?: (.*))?$", line)
        if match:
            kind, number, name = match.groups()
            if name: objects[number] = name
            if kind == "ob": current = objects.get(number)
            continue
        match = re.match(r"^fn=\((\d+)\)(?: (.*))?$", line)
        if not match: continue
        number, name = match.groups()
        if name: functions[number] = name
        name = functions.get(number, "").split("'")[0]
        if current and current.endswith("/bin/x11paint") and name and not name.startswith("0x") and name not in seen:
            seen.add(name)
            print(name)
PYTHON
echo "scripts/startup-functions.txt: $(($(wc -l < scripts/startup-functions.txt) - 1)) functions"
