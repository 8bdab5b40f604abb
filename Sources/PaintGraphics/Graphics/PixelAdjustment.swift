/// Colour adjustments of a layer's pixels (issue 41's Adjustments menu), in integer arithmetic
/// on premultiplied BGRA, so a replay on redo or after a crash gives the same bytes on every
/// machine. Each keeps alpha and keeps every channel within it.
public enum PixelAdjustment: String, Sendable, Codable, CaseIterable {
    /// Every colour to its opposite (the unpremultiplied 1 - C: premultiplied, a - c).
    case invert
    /// Grey of the same luma (Rec. 709 weights, in 1024ths: 218, 732, 74).
    case blackAndWhite
    /// The W3C Filter Effects sepia matrix at full amount, in 1024ths.
    case sepia

    @inline(__always)
    public func apply(_ pixel: UInt32) -> UInt32 {
        let a = pixel >> 24
        guard a > 0 else { return pixel }
        let r = (pixel >> 16) & 0xFF, g = (pixel >> 8) & 0xFF, b = pixel & 0xFF
        switch self {
        case .invert:
            return a << 24 | (a - r) << 16 | (a - g) << 8 | (a - b)
        case .blackAndWhite:
            let y = (218 * r + 732 * g + 74 * b + 512) >> 10
            return a << 24 | y << 16 | y << 8 | y
        case .sepia:
            let nr = min(a, (402 * r + 787 * g + 194 * b + 512) >> 10)
            let ng = min(a, (357 * r + 702 * g + 172 * b + 512) >> 10)
            let nb = min(a, (279 * r + 547 * g + 134 * b + 512) >> 10)
            return a << 24 | nr << 16 | ng << 8 | nb
        }
    }

    /// Adjusts `bitmap`'s pixels in `area` (for each of them, when `selected` says so: a
    /// lasso's pixels, row by row over `area`).
    public func apply(to bitmap: Bitmap, in area: PixelRect, selected: [Bool]? = nil) {
        let visible = area.intersection(bitmap.bounds)
        guard !visible.isEmpty else { return }
        RowBands.forEachRow(of: visible) { y in
            let row = bitmap.pixels + y * bitmap.width
            if let selected {
                let maskRow = (y - area.y0) * area.width - area.x0
                for x in visible.x0..<visible.x1 where selected[maskRow + x] { row[x] = apply(row[x]) }
            } else {
                for x in visible.x0..<visible.x1 { row[x] = apply(row[x]) }
            }
        }
    }
}
