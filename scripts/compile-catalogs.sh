#!/usr/bin/env bash
# Compiles the translations (po/*.po, GNU gettext catalogs) into .build/locale, where the app
# run from the build folder finds them (`make install` puts them in PREFIX/share/locale).
# msgfmt --check fails the build on a broken catalog.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build/locale}
for po in po/*.po; do
  language=$(basename "$po" .po)
  mkdir -p "$out/$language/LC_MESSAGES"
  msgfmt --check -o "$out/$language/LC_MESSAGES/x11paint.mo" "$po"
done
