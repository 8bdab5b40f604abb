import Foundation

/// Colour adjustments of a layer's pixels (Adjustments menu), in integer arithmetic
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
    /// GIMP's brightness and contrast, each −100...100 (see `brightnessContrastTable`).
    case brightnessContrast(brightness: Int, contrast: Int)
    /// Hue turned by `hue` degrees (−180...180), saturation scaled to `saturation` percent
    /// (0...200), then towards white or black by `lightness` percent (−100...100).
    case hueSaturation(hue: Int, saturation: Int, lightness: Int)
    /// Each channel through a curve of control points (Curves, Ctrl+Shift+M).
    case curves(ColorCurves)
    /// A blur, a sharpening, noise: an effect that reads the neighbours (see `ImageEffect`).
    case effect(ImageEffect)

    /// The adjustments without parameters.
    public static let fixed: [PixelAdjustment] = [.invert, .blackAndWhite, .sepia]

    /// Input black and white points per channel (red, green, blue), 0...255; the Levels
    /// dialog adds a gamma and output points (absent in Auto Level's items: 1, 0 and 255).
    public struct Levels: Sendable, Equatable, Codable {
        public var low: [Int]
        public var high: [Int]
        public var gamma: [Double]?
        public var outputLow: [Int]?
        public var outputHigh: [Int]?

        public init(low: [Int], high: [Int], gamma: [Double]? = nil, outputLow: [Int]? = nil, outputHigh: [Int]? = nil) {
            self.low = low
            self.high = high
            self.gamma = gamma
            self.outputLow = outputLow
            self.outputHigh = outputHigh
        }

        /// Whether only the input points are set (Auto Level's items, replayed as they were made).
        public var isStretchOnly: Bool { gamma == nil && outputLow == nil && outputHigh == nil }

        /// A channel's table: input points, gamma, output points (GIMP's Levels); Auto Level's
        /// stretch in integers, as its items were first made.
        func table(channel: Int) -> [UInt8] {
            let lo = low[channel], hi = high[channel]
            guard !isStretchOnly else {
                return (0..<256).map { value in
                    guard hi > lo else { return UInt8(value) }
                    return UInt8(min(255, max(0, ((value - lo) * 255 + (hi - lo) / 2) / (hi - lo))))
                }
            }
            return gammaTable(channel: channel)
        }

        private func gammaTable(channel: Int) -> [UInt8] {
            let lo = Double(low[channel]), hi = Double(max(high[channel], low[channel] + 1))
            let power = 1 / max(0.01, gamma?[channel] ?? 1)
            let outLo = Double(outputLow?[channel] ?? 0), outHi = Double(outputHigh?[channel] ?? 255)
            return (0..<256).map { value in
                let x = min(1, max(0, (Double(value) - lo) / (hi - lo)))
                return UInt8(min(255, max(0, (outLo + pow(x, power) * (outHi - outLo)).rounded())))
            }
        }
    }

    /// One pixel adjusted (an effect, which reads the neighbours, leaves a lone pixel as it is).
    public func apply(_ pixel: UInt32) -> UInt32 {
        if let tables = lookupTables { return ChannelTables(tables).apply(pixel) }
        return applyPointwise(pixel)
    }

    /// The adjustments worked pixel by pixel rather than through tables.
    @inline(__always)
    private func applyPointwise(_ pixel: UInt32) -> UInt32 {
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
        case .hueSaturation(let hue, let saturation, let lightness):
            return HueSaturationMatrix(hue: hue, saturation: saturation, lightness: lightness).apply(pixel)
        case .levels, .posterize, .brightnessContrast, .curves, .effect:
            return pixel // the tables' (see `apply(_:)`); an effect's neighbours are not here
        }
    }

    /// Auto Level's ends: per channel, the levels below which and above which half a percent
    /// of the painted pixels lie (a few stray pixels do not hold the stretch back). Nil when
    /// nothing is painted or every channel spans all levels already.
    public static func autoLevels(of bitmap: Bitmap, in area: PixelRect, selected: [Bool]? = nil) -> Levels? {
        let (count, all) = histograms(of: bitmap, in: area, selected: selected)
        let histograms = Array(all[1...3])
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

    /// How many painted pixels there are in `area` (where `selected` says), and how many of
    /// them have each unpremultiplied level: of luma (Rec. 709), red, green and blue.
    public static func histograms(of bitmap: Bitmap, in area: PixelRect, selected: [Bool]? = nil) -> (count: Int, channels: [[Int]]) {
        let visible = area.intersection(bitmap.bounds)
        var histograms = [[Int]](repeating: [Int](repeating: 0, count: 256), count: 4)
        guard !visible.isEmpty else { return (0, histograms) }
        var count = 0
        for y in visible.y0..<visible.y1 {
            let row = bitmap.pixels + y * bitmap.width
            for x in visible.x0..<visible.x1 {
                if let selected, !selected[(y - area.y0) * area.width + (x - area.x0)] { continue }
                let pixel = row[x], a = pixel >> 24
                guard a > 0 else { continue }
                count += 1
                let r = min(255, (((pixel >> 16) & 0xFF) * 255 + a / 2) / a), g = min(255, (((pixel >> 8) & 0xFF) * 255 + a / 2) / a)
                let b = min(255, ((pixel & 0xFF) * 255 + a / 2) / a)
                histograms[0][Int((218 * r + 732 * g + 74 * b + 512) >> 10)] += 1
                histograms[1][Int(r)] += 1
                histograms[2][Int(g)] += 1
                histograms[3][Int(b)] += 1
            }
        }
        return (count, histograms)
    }

    /// Adjusts `bitmap`'s pixels in `area` (for each of them, when `selected` says so: a
    /// lasso's pixels, row by row over `area`).
    public func apply(to bitmap: Bitmap, in area: PixelRect, selected: [Bool]? = nil) {
        let visible = area.intersection(bitmap.bounds)
        guard !visible.isEmpty else { return }
        if case .effect(let effect) = self { return effect.apply(to: bitmap, in: area, selected: selected) }
        if let tables = lookupTables { return ChannelTables(tables).apply(to: bitmap, in: area, selected: selected) }
        if case .hueSaturation(let hue, let saturation, let lightness) = self {
            return HueSaturationMatrix(hue: hue, saturation: saturation, lightness: lightness).apply(to: bitmap, in: area, selected: selected)
        }
        RowBands.forEachRow(of: visible) { y in
            let row = bitmap.pixels + y * bitmap.width
            if let selected {
                let maskRow = (y - area.y0) * area.width - area.x0
                for x in visible.x0..<visible.x1 where selected[maskRow + x] { row[x] = applyPointwise(row[x]) }
            } else {
                for x in visible.x0..<visible.x1 { row[x] = applyPointwise(row[x]) }
            }
        }
    }
}
