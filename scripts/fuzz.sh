#!/usr/bin/env bash
# Fuzzes the picture decoders (CImageCodecs: PNG, JPEG, WebP, TIFF, HEIF, AVIF, GIF, BMP) and the colour
# profile readers with libFuzzer and AddressSanitizer for a bounded time (FUZZ_SECONDS, default 32), starting from a few valid seeds. Fails on a crash.
set -euo pipefail
cd "$(dirname "$0")/.."
clang=$(command -v clang || true)
[ -x /opt/swift/usr/bin/clang ] && clang=/opt/swift/usr/bin/clang
[ -n "$clang" ] || { echo "fuzz: no clang, skipped"; exit 0; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Seeds: small valid pictures of each kind from the test corpus generator, if present.
mkdir -p "$work/corpus"
if ls Tests/Fixtures/seeds/* >/dev/null 2>&1; then cp Tests/Fixtures/seeds/* "$work/corpus/"; fi
printf '\x89PNG\r\n\x1a\n' > "$work/corpus/png-signature"
printf '\xff\xd8\xff\xe0' > "$work/corpus/jpeg-signature"
printf 'RIFF\x1a\x00\x00\x00WEBPVP8L' > "$work/corpus/webp-signature"
printf 'II*\x00\x08\x00\x00\x00' > "$work/corpus/tiff-signature"
printf 'GIF89a\x02\x00\x02\x00\x80\x00\x00' > "$work/corpus/gif-signature"
printf 'BM\x3a\x00\x00\x00\x00\x00\x00\x00\x36\x00\x00\x00\x28\x00\x00\x00' > "$work/corpus/bmp-signature"
# Inputs that crash, leak, hang or take too much memory are kept in .fuzz-findings/ (not in git).
mkdir -p .fuzz-findings
# One harness per decoder family, the time shared between them.
seconds=$(( ${FUZZ_SECONDS:-32} / 8 > 0 ? ${FUZZ_SECONDS:-32} / 8 : 1 ))
fuzz() { # name, sources and libraries
  local name=$1; shift
  "$clang" -g -O1 -fsanitize=fuzzer,address -I Sources/CImageCodecs/include -I Sources/CMachine/include "$@" -o "$work/$name" 2>"$work/build.log" \
    || { cat "$work/build.log"; echo "fuzz: the $name fuzzer did not build"; exit 1; }
  "$work/$name" "$work/corpus" -max_total_time="$seconds" -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix=.fuzz-findings/ 2>"$work/log" \
    || { tail -40 "$work/log"; echo "fuzz: the $name decoders failed on an input; it is in .fuzz-findings/"; exit 1; }
  grep -E "^Done" "$work/log" | sed "s/^/fuzz: $name: no crash, /"
}
fuzz png-jpeg Fuzz/ImageDecoderFuzzer.c Sources/CImageCodecs/PNGCodec.c Sources/CImageCodecs/PNGReducingDecoder.c \
  Sources/CImageCodecs/JPEGCodec.c Sources/CImageCodecs/ParallelPNGWriter.c -lpng -ljpeg -lz -lpthread
fuzz webp Fuzz/WebPDecoderFuzzer.c Sources/CImageCodecs/WebPCodec.c Sources/CImageCodecs/PNGCodec.c -lwebp -lwebpdemux -lwebpmux -lpng -lz
fuzz tiff Fuzz/TIFFDecoderFuzzer.c Sources/CImageCodecs/TIFFCodec.c Sources/CImageCodecs/PNGCodec.c -ltiff -lpng -lz -lpthread -ldl
fuzz heif Fuzz/HEIFDecoderFuzzer.c Sources/CImageCodecs/HEIFCodec.c Sources/CImageCodecs/ColorManagement.c Sources/CImageCodecs/PNGCodec.c \
  -llcms2 -lpng -lz -lpthread -ldl
fuzz avif Fuzz/AVIFDecoderFuzzer.c Sources/CImageCodecs/AVIFCodec.c Sources/CImageCodecs/ColorManagement.c Sources/CImageCodecs/PNGCodec.c \
  -llcms2 -lpng -lz -lpthread -ldl
fuzz gif Fuzz/GIFDecoderFuzzer.c Sources/CImageCodecs/GIFCodec.c Sources/CImageCodecs/PNGCodec.c -lgif -lpng -lz
fuzz bmp Fuzz/BMPDecoderFuzzer.c Sources/CImageCodecs/BMPCodec.c Sources/CImageCodecs/PNGCodec.c $(pkg-config --cflags --libs gdk-pixbuf-2.0) -lpng -lz
fuzz colour-profiles Fuzz/ColorProfileFuzzer.c Sources/CImageCodecs/ColorManagement.c Sources/CImageCodecs/PNGTextChunks.c \
  Sources/CImageCodecs/JPEGCodec.c Sources/CImageCodecs/WebPCodec.c Sources/CImageCodecs/PNGCodec.c -llcms2 -ljpeg -lwebp -lwebpdemux -lwebpmux -lpng -lz -lpthread
