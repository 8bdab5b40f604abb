#!/usr/bin/env bash
# Installs X11Paint the way the freedesktop specifications expect, or removes exactly that.
#   scripts/install.sh install     the optimised binary and everything the desktop needs
#   scripts/install.sh uninstall   removes every file `install` writes, and nothing else
#   scripts/install.sh list        prints the files `install` writes (relative to DESTDIR)
# PREFIX (default /usr/local) is where it lives; DESTDIR stages it for a package. BINARY names
# a binary to install instead of building the release one (the install test uses the debug build).
set -euo pipefail
cd "$(dirname "$0")/.."

mode=${1:-install}
PREFIX=${PREFIX:-/usr/local}
DESTDIR=${DESTDIR:-}
icon_sizes=(16 22 24 32 48 64 128 256 512)

# Every file install writes, relative to the root (DESTDIR prefixes it).
files() {
  echo "$PREFIX/bin/x11paint"
  echo "$PREFIX/share/applications/x11paint.desktop"
  echo "$PREFIX/share/metainfo/io.github.x11paint.X11Paint.metainfo.xml"
  echo "$PREFIX/share/man/man1/x11paint.1.gz"
  echo "$PREFIX/share/icons/hicolor/scalable/apps/x11paint.svg"
  for size in "${icon_sizes[@]}"; do echo "$PREFIX/share/icons/hicolor/${size}x${size}/apps/x11paint.png"; done
  # The app's own icons (tool icons), a hicolor-style tree it reads itself.
  (cd Sources/PaintToolkit/Resources && find icons -type f | sort) | sed "s|^|$PREFIX/share/x11paint/|"
  for po in po/*.po; do
    lang=$(basename "$po" .po)
    echo "$PREFIX/share/locale/$lang/LC_MESSAGES/x11paint.mo"
  done
}

# Refreshes the desktop's caches, when installing for real (a package's scripts do it otherwise).
refresh_caches() {
  [ -z "$DESTDIR" ] || return 0
  command -v gtk-update-icon-cache >/dev/null && gtk-update-icon-cache -q -t -f "$PREFIX/share/icons/hicolor" || true
  command -v update-desktop-database >/dev/null && update-desktop-database -q "$PREFIX/share/applications" || true
}

case "$mode" in
  list)
    files
    ;;
  install)
    if [ -z "${BINARY:-}" ]; then
      swift build -c release --product x11paint 2>&1 | grep -vE '^\[[0-9]+/[0-9]+\]|^Building|^Write' || true
      BINARY="$(swift build -c release --show-bin-path)/x11paint"
      scripts/check-haswell-module.sh "$(dirname "$BINARY")"
    fi
    command -v rsvg-convert >/dev/null || { echo "rsvg-convert is missing: scripts/install-deps.sh install" >&2; exit 1; }
    root="$DESTDIR$PREFIX"
    install -Dm755 "$BINARY" "$root/bin/x11paint"
    install -Dm644 Resources/x11paint.desktop "$root/share/applications/x11paint.desktop"
    install -Dm644 Resources/x11paint.metainfo.xml "$root/share/metainfo/io.github.x11paint.X11Paint.metainfo.xml"
    mkdir -p "$root/share/man/man1"
    gzip -9n < Resources/x11paint.1 > "$root/share/man/man1/x11paint.1.gz"
    chmod 644 "$root/share/man/man1/x11paint.1.gz"
    install -Dm644 Sources/PaintToolkit/Resources/icons/hicolor/scalable/apps/x11paint.svg "$root/share/icons/hicolor/scalable/apps/x11paint.svg"
    for size in "${icon_sizes[@]}"; do
      mkdir -p "$root/share/icons/hicolor/${size}x${size}/apps"
      rsvg-convert -w "$size" -h "$size" Sources/PaintToolkit/Resources/icons/hicolor/scalable/apps/x11paint.svg \
        -o "$root/share/icons/hicolor/${size}x${size}/apps/x11paint.png"
    done
    (cd Sources/PaintToolkit/Resources && find icons -type f) | while read -r icon; do install -Dm644 "Sources/PaintToolkit/Resources/$icon" "$root/share/x11paint/$icon"; done
    for po in po/*.po; do
      lang=$(basename "$po" .po)
      mkdir -p "$root/share/locale/$lang/LC_MESSAGES"
      msgfmt --check -o "$root/share/locale/$lang/LC_MESSAGES/x11paint.mo" "$po"
    done
    refresh_caches
    echo "Installed X11Paint into ${DESTDIR}${PREFIX}"
    ;;
  uninstall)
    files | while read -r file; do rm -f "$DESTDIR$file"; done
    # Folders this install made and left empty (never the shared ones with other files in them).
    for folder in "$DESTDIR$PREFIX/share/x11paint"; do
      [ -d "$folder" ] && find "$folder" -depth -type d -empty -delete
    done
    refresh_caches
    echo "Removed X11Paint from ${DESTDIR}${PREFIX}"
    ;;
  *)
    echo "usage: $0 install|uninstall|list" >&2
    exit 2
    ;;
esac
