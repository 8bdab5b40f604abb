import CFontShim

/// An anti-aliased glyph image and its placement relative to the pen on the baseline.
package struct Glyph {
    package let width: Int
    package let rows: Int
    package let left: Int
    package let top: Int
    package let advance: Double
    package let coverage: [UInt8]
}

extension Glyph {
    /// Copies FreeType's bitmap (valid only until the face renders again) into a tight buffer.
    package init(_ rendered: fontshim_glyph) {
        let width = Int(rendered.width), rows = Int(rendered.rows)
        var coverage = [UInt8](repeating: 0, count: width * rows)
        if let source = rendered.coverage {
            for row in 0..<rows {
                for column in 0..<width { coverage[row * width + column] = source[row * Int(rendered.pitch) + column] }
            }
        }
        self.init(width: width, rows: rows, left: Int(rendered.left), top: Int(rendered.top), advance: rendered.advance, coverage: coverage)
    }
}
