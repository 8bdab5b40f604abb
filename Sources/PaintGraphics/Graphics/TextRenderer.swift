/// Draws strings of a font onto a bitmap, clipped to a rectangle.
package enum TextRenderer {
    /// `paint`: a graphics context's table of the colour's coverage levels, which blends a glyph
    /// four pixels at a time where no clip mask applies (the labels a window draws each frame).
    package static func draw(_ text: String, font: Font, color: Color, baseline origin: Point, clip: PixelRect, mask: ClipMask? = nil,
                     paint: ScaledPaint? = nil, on bitmap: Bitmap) {
        guard isNear(origin) else { return }
        let source = color.premultipliedPixel
        let levels = mask == nil ? paint?.levels(for: source) : nil
        let clip = clip.intersection(bitmap.bounds)
        var penX = origin.x
        let baseline = Int(origin.y.rounded())
        for scalar in text.unicodeScalars {
            guard let glyph = font.glyph(for: scalar) else { continue }
            blit(glyph, left: Int(penX.rounded()) + glyph.left, top: baseline - glyph.top, source: source, levels: levels, clip: clip, mask: mask,
                 on: bitmap)
            penX += glyph.advance
        }
    }

    /// Draws laid-out text with its top-left corner at `origin` (in the bitmap's pixels, any
    /// fraction: glyphs land on quarter pixels across, whole pixels down).
    package static func draw(_ layout: TextLayout, color: Color, at origin: Point, clip: PixelRect, on bitmap: Bitmap) {
        guard isNear(origin) else { return }
        let source = color.premultipliedPixel
        let clip = clip.intersection(bitmap.bounds)
        for line in layout.lines {
            for placed in line.glyphs {
                let x = origin.x + line.x + placed.x
                var whole = Int(x.rounded(.down))
                var quarter = Int(((x - Double(whole)) * 4).rounded())
                if quarter == 4 { whole += 1; quarter = 0 }
                guard let glyph = placed.face.glyph(placed.glyph, pixelSize: layout.pixelSize, quarter: quarter) else { continue }
                blit(glyph, left: whole + glyph.left, top: Int((origin.y + placed.baseline).rounded()) - glyph.top,
                     source: source, levels: nil, clip: clip, mask: nil, on: bitmap)
            }
        }
    }

    /// Whether text placed at `origin` can reach a bitmap at all: glyph positions are converted
    /// to Int, which traps for a point far outside it (a damaged document's text at 1e20) or
    /// not a number. A line a billion pixels long is no text anyone placed.
    private static func isNear(_ origin: Point) -> Bool { isNearPixel(origin.x) && isNearPixel(origin.y) }

    /// Blends one glyph's coverage in a colour with its bitmap's top-left at (left, top), clipped;
    /// through `levels` (the colour's coverage levels, no clip mask) when given.
    private static func blit(_ glyph: Glyph, left: Int, top: Int, source: UInt32, levels: UnsafePointer<UInt32>?, clip: PixelRect,
                             mask: ClipMask?, on bitmap: Bitmap) {
        let area = PixelRect(x0: left, y0: top, x1: left + glyph.width, y1: top + glyph.rows).intersection(clip)
        guard !area.isEmpty else { return }
        glyph.coverage.withUnsafeBufferPointer { coverage in
            for y in area.y0..<area.y1 {
                let cells = coverage.baseAddress! + (y - top) * glyph.width + (area.x0 - left)
                let pixels = bitmap.pixels + y * bitmap.width + area.x0
                if let levels {
                    ScaledPaint.blendOver(levels, cells: cells, count: area.width, into: pixels)
                } else {
                    SpanBlender.blend(solid: source, mode: .sourceOver, coverage: cells, clip: mask?.row(y: y, x: area.x0),
                                      count: area.width, into: pixels)
                }
            }
        }
    }
}
