#!/usr/bin/env bash
# Builds a Debian package of X11Paint: the files `scripts/install.sh` installs under /usr, and a
# control file whose Depends are the Debian packages that hold the libraries the binary links
# (as dpkg-shlibdeps finds them), plus the fonts and icon themes it reads.
#   scripts/build-deb.sh [OUTPUT_FOLDER]     (default: the current folder)
# The binary is the release build with the Swift runtime linked in statically, so the package
# needs nothing outside Debian; BINARY names another (the packaging test uses the debug build).
set -euo pipefail
cd "$(dirname "$0")/.."

output=${1:-.}
version=$(sed -n 's/.*static let version = "\(.*\)".*/\1/p' Sources/DrawingBoard/Board/AppInfo.swift)
architecture=$(dpkg --print-architecture)
if [ -z "${BINARY:-}" ]; then
  . scripts/packaged-build.sh
  BINARY=$(build_packaged_binary)
fi
staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT
root="$staging/x11paint_${version}_${architecture}"
BINARY="$BINARY" DESTDIR="$root" PREFIX=/usr scripts/install.sh install >/dev/null

# The packages that own the shared libraries the binary itself names (NEEDED; what
# dpkg-shlibdeps would list: their own dependencies come with them).
needed=$(objdump -p "$BINARY" | awk '/NEEDED/{print $2}')
libraries=$(for name in $needed; do ldd "$BINARY" | awk -v n="$name" '$1 == n && $3 ~ /^\// {print $3}'; done)
# And the libraries it opens on first use that every user meets: librsvg draws the icons on
# the first start, libcrypto's MD5 names thumbnails, GdkPixbuf reads and writes BMP, libtiff
# TIFF, libjpeg, libwebp and giflib their pictures, Little CMS their colour profiles, libdbus
# asks the desktop's portal for a file dialog, libxml2 keeps the recently-used list, HarfBuzz
# and FriBidi lay out the text tool's blocks. (The
# phone-photo codecs, libheif and libavif, are opened only for such a picture and stay optional.)
for name in librsvg-2.so.2 libcrypto.so.3 libgdk_pixbuf-2.0.so.0 libtiff.so.6 libjpeg.so.62 libwebp.so.7 libwebpdemux.so.2 \
            libwebpmux.so.3 libgif.so.7 liblcms2.so.2 libdbus-1.so.3 libxml2.so.2 libharfbuzz.so.0 libfribidi.so.0; do
  # (awk reads to the end: leaving early would stop ldconfig with SIGPIPE, fatal under pipefail)
  libraries="$libraries $(ldconfig -p | awk -v n="$name" '$1 == n && $NF ~ /^\// && !found {print $NF; found = 1}')"
done
depends=$(for library in $libraries; do dpkg -S "$(readlink -f "$library")" 2>/dev/null || dpkg -S "$library" 2>/dev/null || true; done \
  | cut -d: -f1 | grep -v '^libc6$' | sort -u | tr '\n' ' ')
depends_line="libc6"
for package in $depends; do depends_line="$depends_line, $package"; done
depends_line="$depends_line, fonts-dejavu-core, adwaita-icon-theme | hicolor-icon-theme"

mkdir -p "$root/DEBIAN"
installed_size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
cat > "$root/DEBIAN/control" <<CONTROL
Package: x11paint
Version: $version
Architecture: $architecture
Maintainer: The X11Paint developers <x11paint@users.noreply.github.com>
Installed-Size: $installed_size
Depends: $depends_line
Recommends: fonts-droid-fallback
Section: graphics
Priority: optional
Homepage: https://github.com/x11paint/x11paint
Description: fast drawing program for X11 desktops
 Anti-aliased freehand strokes, lines, shapes, a true eraser, a colour picker,
 a fill bucket, text in any script, selections with the desktop's clipboard,
 photos placed with gestures, pen pressure, undo and crash recovery; saves PNG
 into the Pictures folder.
CONTROL
mkdir -p "$output"
dpkg-deb --root-owner-group --build "$root" "$output" >/dev/null
echo "$output/x11paint_${version}_${architecture}.deb"
