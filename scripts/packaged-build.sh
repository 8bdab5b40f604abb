# Sourced by scripts/build-deb.sh and scripts/bench-memory.sh: the flags of the binary Debian
# packages (the release build with Swift's runtime and Foundation linked in, in .build-deb).
# Linked by LLVM's lld, for what it saves of resident memory (BENCHMARKS.md): relative
# relocations packed (-z pack-relative-relocs, glibc 2.36's DT_RELR)
# instead of the 2.1 MB table the loader reads at every start; functions in sections of their
# own, laid out with the ones a start runs side by side (scripts/startup-functions.txt and, for
# the private ones without a symbol, scripts/startup-sections.ld, both written by
# scripts/profile-startup.sh); and no dynamic symbol table of the app's own functions (Swift's
# static runtime asks for one, and nothing loaded looks them up).
packaged_build_flags=(-c release --static-swift-stdlib --scratch-path .build-deb
  -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections -Xcxx -ffunction-sections
  -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic
  -Xlinker "--symbol-ordering-file=$PWD/scripts/startup-functions.txt" -Xlinker --no-warn-symbol-ordering
  -Xlinker -T -Xlinker "$PWD/scripts/startup-sections.ld")

# Builds the packaged binary (with any further arguments for swift build) and prints its path.
build_packaged_binary() {
  # The build does not know the layout files as inputs: a binary older than them is linked again.
  local binary
  binary="$(swift build "${packaged_build_flags[@]}" --show-bin-path)/x11paint"
  if [ -e "$binary" ] && { [ scripts/startup-functions.txt -nt "$binary" ] || [ scripts/startup-sections.ld -nt "$binary" ]; }; then
    rm -f "$binary"
  fi
  swift build "${packaged_build_flags[@]}" "$@" --product x11paint 2>&1 | grep -vE '^\[[0-9]+/[0-9]+\]|^Building|^Write|mktemp' >&2 || true
  scripts/check-haswell-module.sh "$(swift build "${packaged_build_flags[@]}" --show-bin-path)" || return 1
  echo "$(swift build "${packaged_build_flags[@]}" --show-bin-path)/x11paint"
}
