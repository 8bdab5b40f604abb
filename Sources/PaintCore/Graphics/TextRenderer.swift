/// Draws strings of a font onto a bitmap, clipped to a rectangle.
enum TextRenderer {
    static func draw(_ text: String, font: Font, color: Color, baseline origin: Point, clip: PixelRect, on bitmap: Bitmap) {
        let source = color.premultipliedPixel
        let clip = clip.intersection(bitmap.bounds)
        var penX = origin.x
        let baseline = Int(origin.y.rounded())
        for scalar in text.unicodeScalars {
            guard let glyph = font.glyph(for: scalar) else { continue }
            let left = Int(penX.rounded()) + glyph.left
            let top = baseline - glyph.top
            let area = PixelRect(x0: left, y0: top, x1: left + glyph.width, y1: top + glyph.rows).intersection(clip)
            if !area.isEmpty {
                glyph.coverage.withUnsafeBufferPointer { coverage in
                    for y in area.y0..<area.y1 {
                        let d = bitmap.pixels + y * bitmap.width
                        let row = (y - top) * glyph.width - left
                        for x in area.x0..<area.x1 {
                            let c = UInt32(coverage[row + x])
                            if c != 0 { d[x] = PixelMath.over(PixelMath.scale(source, by: c), d[x]) }
                        }
                    }
                }
            }
            penX += glyph.advance
        }
    }
}
