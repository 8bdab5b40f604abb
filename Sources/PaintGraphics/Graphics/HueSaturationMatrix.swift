import Foundation

/// Hue/Saturation/Lightness as one linear map of premultiplied colour: the W3C Filter Effects
/// hue-rotate and saturate matrices multiplied (in 4096ths, made once per adjustment), then a
/// move towards white (the pixel's alpha) or black. Being linear, it needs no unpremultiply.
struct HueSaturationMatrix {
    /// Row-major 3x3 over (r, g, b), in 4096ths.
    let m: [Int32]
    /// −100...100.
    let lightness: Int32

    init(hue: Int, saturation: Int, lightness: Int) {
        let angle = Double(min(max(hue, -180), 180)) * Double.pi / 180
        let c = cos(angle), s = sin(angle)
        let rotate: [Double] = [
            0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928,
            0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283,
            0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072,
        ]
        let k = Double(min(max(saturation, 0), 200)) / 100
        let saturate: [Double] = [
            0.213 + 0.787 * k, 0.715 - 0.715 * k, 0.072 - 0.072 * k,
            0.213 - 0.213 * k, 0.715 + 0.285 * k, 0.072 - 0.072 * k,
            0.213 - 0.213 * k, 0.715 - 0.715 * k, 0.072 + 0.928 * k,
        ]
        m = (0..<9).map { index in
            let row = index / 3, column = index % 3
            let value = (0..<3).reduce(0.0) { $0 + saturate[row * 3 + $1] * rotate[$1 * 3 + column] }
            return Int32((value * 4096).rounded())
        }
        self.lightness = Int32(min(max(lightness, -100), 100))
    }

    @inline(__always)
    func apply(_ pixel: UInt32) -> UInt32 {
        let a = Int32(pixel >> 24)
        guard a > 0 else { return pixel }
        let r = Int32((pixel >> 16) & 0xFF), g = Int32((pixel >> 8) & 0xFF), b = Int32(pixel & 0xFF)
        @inline(__always) func channel(_ row: Int) -> UInt32 {
            var value = (m[row * 3] * r + m[row * 3 + 1] * g + m[row * 3 + 2] * b + 2048) >> 12
            value = min(max(value, 0), a)
            if lightness > 0 { value += ((a - value) * lightness + 50) / 100 }
            if lightness < 0 { value = (value * (100 + lightness) + 50) / 100 }
            return UInt32(value)
        }
        return UInt32(a) << 24 | channel(0) << 16 | channel(1) << 8 | channel(2)
    }

    func apply(to bitmap: Bitmap, in area: PixelRect, selected: [Bool]?) {
        let visible = area.intersection(bitmap.bounds)
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
