/// Colour adjustments of a layer's pixels (issue 41's Adjustments menu), in integer arithmetic
/// on premultiplied BGRA, so a replay on redo or after a crash gives the same bytes on every
/// machine. Each keeps alpha and keeps every channel within it.
public enum PixelAdjustment: Sendable, Equatable, Codable {
    /// Every colour to its opposite (the unpremultiplied 1 - C: premultiplied, a - c).
    case invert
    /// Grey of the same luma (Rec. 709 weights, in 1024ths: 218, 732, 74).
    case blackAndWhite
    /// The W3C Filter Effects sepia matrix at full amount, in 1024ths.
    case sepia
    /// Each channel's unpremultiplied levels from `low` to `high` stretched over 0...255
    /// (Auto Level: the ends found in the layer, kept in the item so a replay gives the same bytes).
    case levels(Levels)
    /// Each channel (unpremultiplied) kept to `levels` evenly spaced values, 2...64 (Pinta's Posterize).
    case posterize(levels: Int)

    /// The adjustments without parameters.
    public static let fixed: [PixelAdjustment] = [.invert, .blackAndWhite, .sepia]

    /// Black and white points per channel (red, green, blue), 0...255.
    public struct Levels: Sendable, Equatable, Codable {
        public var low: [Int]
        public var high: [Int]

        public init(low: [Int], high: [Int]) {
            self.low = low
            self.high = high
        }

        /// A channel's value (unpremultiplied) stretched.
        @inline(__always)
        func map(_ value: UInt32, channel: Int) -> UInt32 {
            let lo = low[channel], hi = high[channel]
            guard hi > lo else { return value }
            return UInt32(min(255, max(0, ((Int(value) - lo) * 255 + (hi - lo) / 2) / (hi - lo))))
        }
    }

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
        case .levels(let levels):
            // Unpremultiplied, stretched, premultiplied again (an opaque pixel as it is).
            func stretch(_ c: UInt32, _ channel: Int) -> UInt32 {
                guard a < 255 else { return levels.map(c, channel: channel) }
                let straight = min(255, (c * 255 + a / 2) / a)
                return (levels.map(straight, channel: channel) * a + 127) / 255
            }
            return a << 24 | stretch(r, 0) << 16 | stretch(g, 1) << 8 | stretch(b, 2)
        case .posterize(let count):
            let steps = UInt32(min(max(count, 2), 64) - 1)
            func level(_ c: UInt32) -> UInt32 {
                let straight = a == 255 ? c : min(255, (c * 255 + a / 2) / a)
                let snapped = ((straight * steps + 127) / 255 * 255 + steps / 2) / steps
                return a == 255 ? snapped : (snapped * a + 127) / 255
            }
            return a << 24 | level(r) << 16 | level(g) << 8 | level(b)
        }
    }

    /// Auto Level's ends: per channel, the levels below which and above which half a percent
    /// of the painted pixels lie (a few stray pixels do not hold the stretch back). Nil when
    /// nothing is painted or every channel spans all levels already.
    public static func autoLevels(of bitmap: Bitmap, in area: PixelRect, selected: [Bool]? = nil) -> Levels? {
        let visible = area.intersection(bitmap.bounds)
        guard !visible.isEmpty else { return nil }
        var histograms = [[Int]](repeating: [Int](repeating: 0, count: 256), count: 3)
        var count = 0
        for y in visible.y0..<visible.y1 {
            let row = bitmap.pixels + y * bitmap.width
            for x in visible.x0..<visible.x1 {
                if let selected, !selected[(y - area.y0) * area.width + (x - area.x0)] { continue }
                let pixel = row[x], a = pixel >> 24
                guard a > 0 else { continue }
                count += 1
                for (channel, shift) in [(0, 16), (1, 8), (2, 0)] as [(Int, UInt32)] {
                    let c = (pixel >> shift) & 0xFF
                    histograms[channel][Int(min(255, (c * 255 + a / 2) / a))] += 1
                }
            }
        }
        guard count > 0 else { return nil }
        let clip = count / 200
        var low = [0, 0, 0], high = [255, 255, 255]
        for channel in 0..<3 {
            var seen = 0
            low[channel] = (0..<256).first { seen += histograms[channel][$0]; return seen > clip } ?? 0
            seen = 0
            high[channel] = (0..<256).reversed().first { seen += histograms[channel][$0]; return seen > clip } ?? 255
        }
        guard (0..<3).contains(where: { high[$0] > low[$0] && (low[$0] > 0 || high[$0] < 255) }) else { return nil }
        return Levels(low: low, high: high)
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
