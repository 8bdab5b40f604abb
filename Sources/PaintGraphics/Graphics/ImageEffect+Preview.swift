/// A dialog's preview of a blur at the screen's resolution: when the canvas shows the layer at
/// half size or less, the effect is worked on the layer shrunk by the same whole factor (its
/// radius shrunk alike) and drawn back with each pixel repeated, which the screen's own
/// shrinking then averages to what the full-size result would show there. OK still applies
/// the effect at full size.
extension PixelAdjustment {
    /// `apply(to:in:selected:)`, reduced by `reduction` (layer pixels per screen pixel) where
    /// that is cheaper and looks the same on screen.
    public func preview(on bitmap: Bitmap, in area: PixelRect, selected: [Bool]? = nil, reduction: Int) {
        guard reduction > 1, case .effect(let effect) = self, let reduced = effect.reduced(by: reduction) else {
            return apply(to: bitmap, in: area, selected: selected)
        }
        let visible = area.intersection(bitmap.bounds)
        guard !visible.isEmpty else { return }
        let small = Self.shrunk(bitmap, area: visible, by: reduction)
        reduced.apply(to: small, in: small.bounds)
        RowBands.forEachRow(of: visible) { y in
            let row = bitmap.pixels + y * bitmap.width
            let from = small.pixels + (y - visible.y0) / reduction * small.width
            if let selected {
                let maskRow = (y - area.y0) * area.width - area.x0
                for x in visible.x0..<visible.x1 where selected[maskRow + x] { row[x] = from[(x - visible.x0) / reduction] }
            } else {
                // Each small pixel repeated `reduction` times along the row.
                var x = visible.x0, index = 0
                while x < visible.x1 {
                    let run = min(reduction, visible.x1 - x)
                    (row + x).update(repeating: from[index], count: run)
                    x += run
                    index += 1
                }
            }
        }
    }
}

extension PixelAdjustment {
    /// `area` of `bitmap`, each `factor` x `factor` box its mean (edge boxes what they hold),
    /// rows on the cores at once.
    static func shrunk(_ bitmap: Bitmap, area: PixelRect, by factor: Int) -> Bitmap {
        let small = Bitmap(width: (area.width + factor - 1) / factor, height: (area.height + factor - 1) / factor)
        RowBands.forEachRow(of: small.bounds) { y in
            let y0 = area.y0 + y * factor, y1 = min(area.y1, y0 + factor)
            let out = small.pixels + y * small.width
            if factor == 2 && y1 - y0 == 2 {
                // Two channels at a time in 16-bit lanes (four bytes sum to at most 1020).
                let rowA = bitmap.pixels + y0 * bitmap.width, rowB = rowA + bitmap.width
                let mask: UInt32 = 0x00FF_00FF, rounding: UInt32 = 0x0002_0002
                for x in 0..<area.width / 2 {
                    let sx = area.x0 + x * 2
                    let a = rowA[sx], b = rowA[sx + 1], c = rowB[sx], d = rowB[sx + 1]
                    let low = (a & mask) &+ (b & mask) &+ (c & mask) &+ (d & mask) &+ rounding
                    let high = ((a >> 8) & mask) &+ ((b >> 8) & mask) &+ ((c >> 8) & mask) &+ ((d >> 8) & mask) &+ rounding
                    out[x] = ((low >> 2) & mask) | (((high >> 2) & mask) << 8)
                }
                if area.width % 2 == 0 { return }
            }
            for x in (factor == 2 && y1 - y0 == 2 ? area.width / 2 : 0)..<small.width {
                let x0 = area.x0 + x * factor, x1 = min(area.x1, x0 + factor)
                var b: UInt32 = 0, g: UInt32 = 0, r: UInt32 = 0, a: UInt32 = 0
                for sy in y0..<y1 {
                    let row = bitmap.pixels + sy * bitmap.width
                    for sx in x0..<x1 {
                        let p = row[sx]
                        b &+= p & 0xFF; g &+= (p >> 8) & 0xFF; r &+= (p >> 16) & 0xFF; a &+= p >> 24
                    }
                }
                let count = UInt32((x1 - x0) * (y1 - y0)), half = count / 2
                out[x] = (b + half) / count | ((g + half) / count) << 8 | ((r + half) / count) << 16 | ((a + half) / count) << 24
            }
        }
        return small
    }
}

extension ImageEffect {
    /// The same effect on a picture `factor` times smaller (nil: one that costs little at full
    /// size, or whose look depends on single pixels).
    func reduced(by factor: Int) -> ImageEffect? {
        let scale = Double(factor)
        switch self {
        case .gaussianBlur(let radius): return .gaussianBlur(radius: radius / scale)
        case .unsharpMask(let amount, let radius, let threshold): return .unsharpMask(amount: amount, radius: radius / scale, threshold: threshold)
        case .motionBlur(let angle, let distance): return .motionBlur(angle: angle, distance: max(1, Int((Double(distance) / scale).rounded())))
        case .pixelate, .addNoise: return nil
        }
    }
}
