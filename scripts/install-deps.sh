#!/usr/bin/env bash
# Installs the Debian packages X11Paint needs that are missing, quietly and idempotently.
#   scripts/install-deps.sh run    what building and running the app needs
#   scripts/install-deps.sh test   that, plus what the tests need (Xvfb, xdotool, ...)
#   scripts/install-deps.sh desktop  what a GNOME desktop adds that the tests must not trip on
#   (bench, install and profile: what those scripts need)
set -euo pipefail

purpose=${1:-run}
# librsvg draws the SVG icons of the desktop's icon theme (Adwaita, hicolor) and the app's own.
# HarfBuzz shapes text (kerning, ligatures, Arabic joining) and FriBidi orders right-to-left runs.
# libdbus talks to the desktop's portal (its file chooser) on the session bus; libcrypto's MD5
# names the thumbnail cache's files.
# libwebp reads and writes WebP pictures, libtiff TIFF, libheif HEIC, libavif AVIF, giflib GIF,
# GdkPixbuf (under librsvg too) BMP;
# Little CMS (lcms2) converts an embedded colour profile's colours to sRGB. libxml2 reads and
# writes the recently-used list and OpenRaster's stack.xml. SQLite (under GRDB) keeps the
# shared sessions of x11paint-server. libmypaint and MyPaint's brush set: the Brush tool.
packages=(pkg-config libx11-dev libxext-dev libxi-dev libpng-dev libjpeg62-turbo-dev libwebp-dev libtiff-dev libheif-dev libavif-dev
          libgif-dev liblcms2-dev libgdk-pixbuf-2.0-dev libfreetype-dev libfontconfig-dev fonts-dejavu-core
          librsvg2-dev adwaita-icon-theme hicolor-icon-theme gettext libharfbuzz-dev libfribidi-dev libdbus-1-dev libssl-dev libzstd-dev libxml2-dev
          libsqlite3-dev libmypaint-dev mypaint-brushes)
case "$purpose" in
  run)
    # A headless machine gets the demo on a private X server.
    [ -n "${DISPLAY:-}" ] || packages+=(xvfb)
    ;;
  # Droid Sans Fallback: the CJK font a Chinese Debian desktop has (the locale test needs it).
  # hb-shape (libharfbuzz-bin): the reference the text layout is checked against.
  # desktop-file-validate, appstreamcli and rsvg-convert: the install and packaging tests.
  # webp (cwebp, dwebp, img2webp): libwebp's own tools, the references the WebP tests compare with;
  # libtiff-tools, libheif-examples (heif-enc, heif-convert), libavif-bin (avifenc, avifdec) and
  # giflib-tools likewise for theirs; liblcms2-utils (tificc) computes the colours an ICC profile
  # means, and colord-data has the Adobe RGB profile the colour management tests use.
  # dbus-daemon, python3-dbus and python3-gi: a private session bus with a stand-in file chooser
  # portal (the portal tests), and GLib's own reader of the recently-used list.
  # postgresql: a private server for the session servers that share one database.
  test) packages+=(xvfb xdotool x11-utils xclip libcairo2-dev libxtst-dev fonts-droid-fallback libharfbuzz-bin
                   desktop-file-utils appstream librsvg2-bin libglib2.0-dev dbus-daemon python3-dbus python3-gi gir1.2-glib-2.0 webp libtiff-tools
                   libheif-examples libavif-bin giflib-tools liblcms2-utils colord-data postgresql) ;;
  # A desktop's real file chooser portal (D-Bus activation would start it on any session bus
  # that lists the system's services) and another CJK fallback face: CI installs them so the
  # suite is shown to pass on a desktop machine as on a bare one.
  desktop) packages+=(xdg-desktop-portal xdg-desktop-portal-gtk fonts-noto-cjk) ;;
  # rsvg-convert draws the app's icon at the sizes the hicolor theme keeps.
  install) packages+=(librsvg2-bin) ;;
  # libvips (and pyvips, below) and Pillow (from PyPI, below): the anchors of the adjustments' bench.
  bench) packages+=(libcairo2-dev xvfb xdotool libxtst-dev mtpaint libvips42 libvips-tools python3-pip webp libheif-examples libavif-bin postgresql) ;;
  # Valgrind's callgrind lists the functions a start runs (scripts/profile-startup.sh).
  profile) packages+=(valgrind xvfb xdotool) ;;
  *) echo "usage: $0 run|test|desktop|bench|install|profile" >&2; exit 2 ;;
esac

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}"
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "Please install as root: apt-get install ${missing[*]}" >&2; exit 1; }
    sudo="sudo"
  fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq >/dev/null
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Pillow and pyvips from PyPI (Debian's Pillow is older): the bench times what their users have,
# pyvips timing libvips's own operations in memory; blend2d-python is the second anchor of the
# renderer's workloads beside cairo (scripts/blend2d-anchor.py).
if [ "$purpose" = bench ]; then
  for module in PIL:pillow pyvips:pyvips blend2d:blend2d-python; do
    python3 -c "import ${module%%:*}" 2>/dev/null && continue
    python3 -m pip install -q "${module##*:}" 2>/dev/null || python3 -m pip install -q --break-system-packages "${module##*:}"
  done
fi

if ! command -v swift >/dev/null; then
  for candidate in /opt/swift/usr/bin /opt/swift/bin /usr/share/swift/usr/bin; do
    [ -x "$candidate/swift" ] && { echo "Swift is at $candidate; add it to PATH." >&2; break; }
  done
  echo "The Swift toolchain (5.10 or newer) is required: https://www.swift.org/install/linux/" >&2
  exit 1
fi
