import Foundation

/// Adjustments that map each channel's value through a table (Levels, Curves, Brightness and
/// Contrast): the tables are made once, then each pixel costs three lookups (and, for the
/// translucent ones, an unpremultiply and a premultiply, in integers).
extension PixelAdjustment {
    /// Red, green and blue tables of unpremultiplied values, when the adjustment is one.
    var lookupTables: [[UInt8]]? {
        switch self {
        case .levels(let levels) where !levels.isStretchOnly: return (0..<3).map { levels.table(channel: $0) }
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

    func apply(to bitmap: Bitmap, in area: PixelRect, selected: [Bool]?) {
        let visible = area.intersection(bitmap.bounds)
        guard !visible.isEmpty else { return }
        let flat = tables[2] + tables[1] + tables[0] // blue, green, red: the pixel's byte order
        flat.withUnsafeBufferPointer { table in
            let blue = table.baseAddress!, green = blue + 256, red = blue + 512
            @inline(__always) func map(_ pixel: UInt32) -> UInt32 {
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
