# The two commands a newcomer needs (see README.md).
.PHONY: run test bench soak install uninstall deb

# Installs into PREFIX (default /usr/local; DESTDIR stages it for a package), and removes exactly that.
install:
	@scripts/install-deps.sh install
	@scripts/install.sh install

uninstall:
	@scripts/install.sh uninstall

# A Debian package in the current folder (apt-get install ./x11paint_*.deb installs it).
deb:
	@scripts/install-deps.sh install
	@scripts/build-deb.sh .

run:
	@scripts/run.sh

test:
	@scripts/test.sh

# The recovery soak at its full length (twenty minutes; `make test` runs one minute of it):
# seeded random work on the real binary, kill -9 every round, what comes back compared pixel
# for pixel with what was there. X11PAINT_SOAK_SECONDS and X11PAINT_SOAK_SEED change it.
soak:
	@scripts/install-deps.sh test
	@swift build --build-tests 2>&1 | grep -vE '^\[[0-9]+/[0-9]+\]' || true
	@X11PAINT_SOAK_SECONDS=$${X11PAINT_SOAK_SECONDS:-1200} X11PAINT_BINARY="$$(swift build --show-bin-path)/x11paint" \
		swift test --skip-build --disable-swift-testing --filter RecoverySoakEndToEndTests

# Renderer benchmarks against cairo (an optimised build; cairo is installed for this only).
bench:
	@scripts/install-deps.sh bench
	@swift build -c release --product x11paint-bench 2>&1 | grep -vE '^\[[0-9]+/[0-9]+\]' || true
	@scripts/check-haswell-module.sh "$$(swift build -c release --show-bin-path)"
	@"$$(swift build -c release --show-bin-path)/x11paint-bench"
	@swift build -c release --product x11paint 2>&1 | grep -vE '^\[[0-9]+/[0-9]+\]' || true
	@swift build -c release --product x11paint-present-floor 2>&1 | grep -vE '^\[[0-9]+/[0-9]+\]' || true
	@echo "input to photons, 1920x1080 with 10,000 strokes drawn, 5000 motion events:"
	@EVENTS=5000 scripts/bench-latency.sh
	@EVENTS=5000 ZOOM=400 scripts/bench-latency.sh
	@EVENTS=5000 HOST=1 scripts/bench-latency.sh
	@echo "at a 1000 Hz mouse's pace: the pencil, then MyPaint's pencil and charcoal (p99 within 2 ms of the pencil's):"
	@EVENTS=3000 PACE=0.001 scripts/bench-latency.sh
	@EVENTS=3000 PACE=0.001 MYPAINT_BRUSH=classic/pencil scripts/bench-latency.sh
	@EVENTS=3000 PACE=0.001 MYPAINT_BRUSH=classic/charcoal scripts/bench-latency.sh
	@echo "a placed 24 MP photo at 3840x2160, one event every 8 ms (each gesture then on a window that only changes as many pixels as the app did for each event):"
	@scripts/bench-photo.sh
	@echo "zooming and scrolling 10,000 strokes at 3840x2160, one wheel notch every 8 ms:"
	@scripts/bench-zoom.sh
	@swift build -c release --product x11paint-latency-probe 2>&1 | grep -vE '^\[[0-9]+/[0-9]+\]' || true
	@scripts/bench-blackbox.sh
	@echo "resident memory beside mtPaint:"
	@scripts/bench-memory.sh
	@echo "drawing together: the session server under load, its own process on loopback:"
	@scripts/bench-session.sh
