import Foundation

/// Adjustments that map each channel's value through a table (Levels and Auto Level,
/// Posterize, Curves, Brightness and Contrast): the tables are made once, then each pixel costs
/// three lookups (and, for the translucent ones, an unpremultiply and a premultiply, in integers).
extension PixelAdjustment {
    /// Red, green and blue tables of unpremultiplied values, when the adjustment is one.
    var lookupTables: [[UInt8]]? {
        switch self {
        case .levels(let levels): return (0..<3).map { levels.table(channel: $0) }
        case .posterize(let count):
            // Each level to the nearest of `count` evenly spaced ones, 2...64.
            let steps = UInt32(min(max(count, 2), 64) - 1)
            let table = (0..<256).map { UInt8(((UInt32($0) * steps + 127) / 255 * 255 + steps / 2) / steps) }
            return [table, table, table]
        case .brightnessContrast(let brightness, let contrast):
            let table = Self.brightnessContrastTable(brightness: brightness, contrast: contrast)
            return [table, table, table]
        case .curves(let curves): return curves.tables()
        default: return nil
        }
    }

    /// GIMP's (legacy) Brightness-Contrast: brightness lifts towards white or lowers towards
    /// black, contrast turns the line through mid-grey by tan((c + 1)·π/4).
    static func brightnessContrastTable(brightness: Int, contrast: Int) -> [UInt8] {
        let b = Double(min(max(brightness, -100), 100)) / 100, c = Double(min(max(contrast, -100), 100)) / 100
        let slant = tan((min(c, 0.99) + 1) * Double.pi / 4)
        return (0..<256).map { index in
            var value = Double(index) / 255
            value = b < 0 ? value * (1 + b) : value + (1 - value) * b
            value = (value - 0.5) * slant + 0.5
            return UInt8(min(255, max(0, (value * 255).rounded())))
        }
    }
}

/// Three channel tables applied to premultiplied pixels.
struct ChannelTables {
    /// Red, green, blue.
    let tables: [[UInt8]]

    init(_ tables: [[UInt8]]) { self.tables = tables }

    /// One pixel through tables laid out blue, green, red (256 each).
    @inline(__always)
    static func map(_ pixel: UInt32, _ table: UnsafePointer<UInt8>) -> UInt32 {
        let blue = table, green = table + 256, red = table + 512
        let a = pixel >> 24
        if a == 255 {
            return pixel & 0xFF00_0000 | UInt32(red[Int((pixel >> 16) & 0xFF)]) << 16
                | UInt32(green[Int((pixel >> 8) & 0xFF)]) << 8 | UInt32(blue[Int(pixel & 0xFF)])
        }
        guard a > 0 else { return pixel }
        @inline(__always) func channel(_ c: UInt32, _ lookup: UnsafePointer<UInt8>) -> UInt32 {
            let straight = min(255, (c * 255 + a / 2) / a)
            return (UInt32(lookup[Int(straight)]) * a + 127) / 255
        }
        return a << 24 | channel((pixel >> 16) & 0xFF, red) << 16 | channel((pixel >> 8) & 0xFF, green) << 8 | channel(pixel & 0xFF, blue)
    }

    /// The tables in the pixel's byte order: blue, green, red.
    private var flat: [UInt8] { tables[2] + tables[1] + tables[0] }

    /// One pixel (a test's, a single colour's); a layer goes through `apply(to:in:selected:)`.
    func apply(_ pixel: UInt32) -> UInt32 { flat.withUnsafeBufferPointer { Self.map(pixel, $0.baseAddress!) } }

    func apply(to bitmap: Bitmap, in area: PixelRect, selected: [Bool]?) {
        let visible = area.intersection(bitmap.bounds)
        guard !visible.isEmpty else { return }
        flat.withUnsafeBufferPointer { table in
            let table = table.baseAddress!
            @inline(__always) func map(_ pixel: UInt32) -> UInt32 { Self.map(pixel, table) }
            RowBands.forEachRow(of: visible) { y in
                let row = bitmap.pixels + y * bitmap.width
                if let selected {
                    let maskRow = (y - area.y0) * area.width - area.x0
                    for x in visible.x0..<visible.x1 where selected[maskRow + x] { row[x] = map(row[x]) }
                } else {
                    for x in visible.x0..<visible.x1 { row[x] = map(row[x]) }
                }
            }
        }
    }
}
