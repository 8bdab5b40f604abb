#!/usr/bin/env bash
# Writes scripts/startup-functions.txt and scripts/startup-sections.ld: the code of the packaged
# binary that a start runs, for the linker to lay out side by side (scripts/packaged-build.sh).
# The kernel maps a binary's code in 64 KB windows around each page the app touches, so a start
# whose few thousand functions lie scattered over 18 MB of code kept 10 MB of it resident; laid
# out together, 3.5-4 MB less (BENCHMARKS.md). Run it again when much has changed:
# a function that is gone is skipped, a new one is laid out with the rest.
# The functions are named in the order of their part: a second start's until its window settles
# (what a start with an empty drawing runs), then a start that brings a drawing back, the
# strokes, and a first start. The linker orders functions by symbol; the few that have none
# (the compiler's private helpers, `.L__unnamed_N`) are named by their object file and section
# in a linker script fragment instead, found through the profiled binary's link map.
# It runs the binary under Valgrind's callgrind on a private Xvfb, as a user meets it: a first
# start in a new home (it draws and keeps the toolbar's icons), a second start in which 40
# strokes are drawn, as scripts/bench-memory.sh measures, and a third that brings them back;
# each ends as a window manager closes it.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh profile
. scripts/packaged-build.sh
work=$(mktemp -d)
. scripts/private-xvfb.sh
start_private_xvfb
cleanup() { kill $xvfb 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
binary=$(build_packaged_binary -Xlinker "-Map=$work/x11paint.map" -Xlinker --no-demangle)
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
  # What the start ran goes to a part of its own ($1.1); the strokes' part is $1.
  callgrind_control --dump=start "$app" >/dev/null
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

# The binary's functions in the order the parts first list them (callgrind names a second
# function of the same name name'2: the linker knows it by its name), and the sections of those
# it knows only by address.
python3 - "$work/x11paint.map" "$work/second.out.1" "$work/third.out.1" "$work/third.out" "$work/second.out" \
  "$work/first.out.1" "$work/first.out" <<'PYTHON'
import bisect, re, sys
# The link map: each input section of .text, its address and size, as "file:(section)".
sections = []
in_text = False
for line in open(sys.argv[1], errors="replace"):
    fields = line.split(None, 4)
    if len(fields) < 5: continue
    address, _, size, _, rest = fields
    rest = rest.strip()
    if ":(" not in rest:
        if rest.startswith("."): in_text = rest == ".text"
        continue
    if in_text: sections.append((int(address, 16), int(size, 16), rest))
sections.sort()
starts = [section[0] for section in sections]
names, unnamed, seen = [], [], set()
for path in sys.argv[2:]:
    objects, functions, current = {}, {}, None
    for line in open(path, errors="replace"):
        line = line.rstrip("\n")
        match = re.match(r"^(c?ob)=\((\d+)\)(?: (.*))?$", line)
        if match:
            kind, number, name = match.groups()
            if name: objects[number] = name
            if kind == "ob": current = objects.get(number)
            continue
        # A function's name is given once, where it is first mentioned: often as a callee
        # (cfn=), before its own costs (fn=) name it by number only.
        match = re.match(r"^(c?fn)=\((\d+)\)(?: (.*))?$", line)
        if not match: continue
        kind, number, name = match.groups()
        if name: functions[number] = name
        if kind == "cfn": continue
        name = functions.get(number, "").split("'")[0]
        if not (current and current.endswith("/bin/x11paint") and name) or name in seen: continue
        seen.add(name)
        if not name.startswith("0x"):
            names.append(name)
            continue
        index = bisect.bisect_right(starts, int(name, 16)) - 1
        if index < 0: continue
        address, size, section = sections[index]
        # Only a private function's own small section: a whole library object's .text moves
        # with any of its named functions already.
        match = re.match(r"^(.*\.o):\((\.text\.\.L[^)]*)\)$", section)
        if match and int(name, 16) < address + size:
            # The module's folder and the file name (unique within the build: the map's absolute
            # path is not the same from one checkout to another), or a library's name and member.
            member = re.match(r"^.*/(lib[^/]*\.a)\((.*)$", match.group(1))
            place = member.group(1) + ":" + member.group(2) if member else "/".join(match.group(1).split("/")[-2:])
            pattern = "*" + place + "(" + match.group(2) + ")"
            if pattern not in unnamed: unnamed.append(pattern)
with open("scripts/startup-functions.txt", "w") as out:
    print("# The functions a start of the packaged binary runs, in order: written by scripts/profile-startup.sh.", file=out)
    for name in names: print(name, file=out)
with open("scripts/startup-sections.ld", "w") as out:
    print("/* The private functions a start of the packaged binary runs, which have no symbol for", file=out)
    print("   scripts/startup-functions.txt to name: written by scripts/profile-startup.sh. */", file=out)
    # At the start of .text itself, before the rest of it (laid out by the ordering file): in
    # a section of another name Valgrind sees no code, and the next profile would miss them.
    print("SECTIONS {\n  .text : {", file=out)
    for pattern in unnamed: print("    " + pattern, file=out)
    print("    *(.text .text.*)\n  }\n} INSERT BEFORE .init;", file=out)
PYTHON
echo "scripts/startup-functions.txt: $(($(wc -l < scripts/startup-functions.txt) - 1)) functions;" \
  "scripts/startup-sections.ld: $(grep -c '^    \*' scripts/startup-sections.ld) private ones"
