#!/usr/bin/env bash
# Builds once and runs every test: the modules' unit tests and the end-to-end tests that drive
# the real binary on a real X server (Xvfb) with xdotool.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh test
start=$(date +%s)
# The design's size limits (no type over about 400 lines or three extension files) hold.
scripts/type-sizes.sh --check > /dev/null || { scripts/type-sizes.sh; exit 1; }
# The x86-64-v3 module's copy of PaintGraphics' inlinable loops is compiled afresh: incremental
# builds do not recompile it when only such a body changed, and its tests would compare the
# baseline with a stale copy.
rm -f "$(swift build --show-bin-path)"/PaintGraphicsHaswell.build/*.o
set +e
# An import of a module the target does not depend on is an error, not a build that works by luck.
swift build --build-tests --explicit-target-dependency-import-check error 2>&1 | grep -vE '^\[[0-9]+/[0-9]+\]|^Building|^Write'
build_status=${PIPESTATUS[0]}
set -e
[ "$build_status" -eq 0 ] || { echo "the build failed" >&2; exit 1; }
# The fill compiled for x86-64-v3 shares no code with the baseline that a linker could swap.
scripts/check-haswell-module.sh "$(swift build --show-bin-path)"
X11PAINT_BINARY="$(swift build --show-bin-path)/x11paint"
export X11PAINT_BINARY

log=$(mktemp)
# A private PostgreSQL server for the session server's shared-database tests.
postgres_folder=$(mktemp -d /tmp/x11paint-postgres.XXXXXX)
trap 'scripts/test-postgres.sh stop "$postgres_folder"; rm -rf "$log" "$postgres_folder"' EXIT
X11PAINT_TEST_POSTGRES=$(scripts/test-postgres.sh start "$postgres_folder")
export X11PAINT_TEST_POSTGRES
set +e
swift test --skip-build --disable-swift-testing "$@" 2>&1 | tee "$log" | grep -vE '^Test (Case|Suite) .*(started|passed)'
status=${PIPESTATUS[0]}
set -e
# The decoders under libFuzzer and AddressSanitizer for a bounded time.
fuzz_status=0
FUZZ_SECONDS=${FUZZ_SECONDS:-15} scripts/fuzz.sh || fuzz_status=1
[ "$fuzz_status" -eq 0 ] || status=1
passed=$(grep -cE '^Test Case .* passed' "$log" || true)
failed=$(grep -cE '^Test Case .* failed' "$log" || true)
echo "make test took $(( $(date +%s) - start )) s"
echo "tests: $passed passed, $failed failed"
exit "$status"
