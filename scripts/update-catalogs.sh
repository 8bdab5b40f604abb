#!/usr/bin/env bash
# For translators and developers: extracts every tr("…") message from the sources into the
# template po/x11paint.pot (xgettext reads Swift's string literals with its C lexer) and merges
# it into each po/*.po (msgmerge), as with any gettext project. Then edit the .po files with
# Poedit or a text editor; `make test` checks that zh_CN and zh_TW translate every message.
set -euo pipefail
cd "$(dirname "$0")/.."
xgettext --language=C --from-code=UTF-8 --keyword=tr --keyword=trn:1,2 --keyword=trc:1c,2 --add-comments=TRANSLATORS: \
  --package-name=X11Paint --msgid-bugs-address=https://github.com/x11paint \
  --no-wrap --sort-by-file --add-location=file -o po/x11paint.pot $(git ls-files 'Sources/PaintGraphics/*.swift' 'Sources/PaintToolkit/*.swift' 'Sources/PaintDocument/*.swift' 'Sources/DrawingBoard/*.swift' 'Sources/DesktopPortal/*.swift' 'Sources/X11Adapter/*.swift' 'Sources/X11Paint/*.swift' 'Sources/DrawingTogether/*.swift' 'Sources/SessionProtocol/*.swift')
sed -i 's/charset=CHARSET/charset=UTF-8/' po/x11paint.pot
for po in po/*.po; do msgmerge --quiet --no-wrap --update --backup=none "$po" po/x11paint.pot; done
