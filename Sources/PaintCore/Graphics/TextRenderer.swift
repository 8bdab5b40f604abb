/// Draws strings of a font onto a bitmap, clipped to a rectangle.
enum TextRenderer {
    static func draw(_ text: String, font: Font, color: Color, baseline origin: Point, clip: PixelRect, mask: ClipMask? = nil,
                     on bitmap: Bitmap) {
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
                        SpanBlender.blend(solid: source, mode: .sourceOver,
                                          coverage: coverage.baseAddress! + (y - top) * glyph.width + (area.x0 - left),
                                          clip: mask?.row(y: y, x: area.x0), count: area.width,
                                          into: bitmap.pixels + y * bitmap.width + area.x0)
                    }
                }
            }
            penX += glyph.advance
        }
    }
}
