#!/usr/bin/env bash
# Makes the OpenRaster interoperability fixtures in Tests/Fixtures/ora once (they are committed):
#   source.ora     five layers (normal, overlay, multiply at 60%, a hidden one, a screen veil at 80%
#                  with an offset), written by Python's zipfile from ImageMagick's pictures
#   x11paint.ora   that stack as X11Paint writes it (x11paint --export)
#   krita.ora      x11paint.ora as Krita writes it (krita --export, Debian's krita package)
#   krita-flat.png x11paint.ora flattened by Krita
# Needs: ImageMagick's convert, python3, krita, Xvfb, and the x11paint binary (make test builds it).
# OpenRasterInteropTests checks X11Paint reads krita.ora's layers and flattens as Krita does.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v krita >/dev/null || { echo "krita is not installed (apt-get install krita); the committed fixtures stay" >&2; exit 0; }
binary=$(realpath "${X11PAINT_BINARY:-$(swift build --show-bin-path)/x11paint}")
out=$(pwd)/Tests/Fixtures/ora
work=$(mktemp -d)
trap 'rm -rf "$work"; [ -n "${xvfb:-}" ] && kill "$xvfb" 2>/dev/null || true' EXIT
cd "$work"
/usr/bin/convert -size 160x120 gradient:'#3060c0'-'#f0d080' base.png
/usr/bin/convert -size 160x120 xc:none -fill '#e04040' -draw "circle 60,60 60,20" red.png
/usr/bin/convert -size 160x120 xc:none -fill '#40c060' -draw "rectangle 70,30 150,100" green.png
/usr/bin/convert -size 60x40 xc:'#ffffff80' half.png
/usr/bin/python3 - <<'PY'
import zipfile
z = zipfile.ZipFile('source.ora', 'w')
z.writestr(zipfile.ZipInfo('mimetype'), 'image/openraster')
z.writestr('stack.xml', '''<?xml version="1.0" encoding="UTF-8"?>
<image w="160" h="120" version="0.0.5"><stack>
<layer name="Veil" src="data/half.png" x="90" y="70" opacity="0.800" visibility="visible" composite-op="svg:screen"/>
<layer name="Hidden red" src="data/red.png" x="0" y="0" opacity="1.000" visibility="hidden" composite-op="svg:src-over"/>
<layer name="Green multiply" src="data/green.png" x="0" y="0" opacity="0.600" visibility="visible" composite-op="svg:multiply"/>
<layer name="Red overlay" src="data/red.png" x="0" y="0" opacity="1.000" visibility="visible" composite-op="svg:overlay"/>
<layer name="Background" src="data/base.png" x="0" y="0" opacity="1.000" visibility="visible" composite-op="svg:src-over"/>
</stack></image>''', zipfile.ZIP_DEFLATED)
for n in ['half', 'red', 'green', 'base']: z.write(n + '.png', 'data/' + n + '.png')
z.close()
PY
"$binary" --export x11paint.ora source.ora
Xvfb :97 -screen 0 1024x768x24 >/dev/null 2>&1 & xvfb=$!
sleep 1
DISPLAY=:97 krita --export --export-filename krita.ora x11paint.ora >/dev/null 2>&1
DISPLAY=:97 krita --export --export-filename krita-flat.png x11paint.ora >/dev/null 2>&1
cp x11paint.ora krita.ora krita-flat.png "$out/"
echo "made $out/x11paint.ora, krita.ora, krita-flat.png"
