import Foundation

/// Hue/Saturation/Lightness as one linear map of premultiplied colour: the W3C Filter Effects
/// hue-rotate and saturate matrices multiplied (in 4096ths, made once per adjustment), then a
/// move towards white (the pixel's alpha) or black. Being linear, it needs no unpremultiply.
struct HueSaturationMatrix {
    /// The 3x3 matrix's columns, in 4096ths: what red, green and blue each add to the three outputs.
    let columns: (SIMD4<Int32>, SIMD4<Int32>, SIMD4<Int32>)
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
        let m = (0..<9).map { index in
            let row = index / 3, column = index % 3
            let value = (0..<3).reduce(0.0) { $0 + saturate[row * 3 + $1] * rotate[$1 * 3 + column] }
            return Int32((value * 4096).rounded())
        }
        columns = (SIMD4(m[0], m[3], m[6], 0), SIMD4(m[1], m[4], m[7], 0), SIMD4(m[2], m[5], m[8], 0))
        self.lightness = Int32(min(max(lightness, -100), 100))
    }

    @inline(__always)
    func apply(_ pixel: UInt32) -> UInt32 {
        let a = Int32(pixel >> 24)
        guard a > 0 else { return pixel }
        let r = Int32((pixel >> 16) & 0xFF), g = Int32((pixel >> 8) & 0xFF), b = Int32(pixel & 0xFF)
        // SIMD across the three outputs: one multiply-add per input channel.
        var value = (columns.0 &* r &+ columns.1 &* g &+ columns.2 &* b &+ 2048) &>> 12
        value = value.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: a))
        // n / 100 as n × 5243 >> 19: exact for the n here (below 25,600), and no divide.
        if lightness > 0 { value &+= (((SIMD4(repeating: a) &- value) &* lightness &+ 50) &* 5243) &>> 19 }
        if lightness < 0 { value = ((value &* (100 + lightness) &+ 50) &* 5243) &>> 19 }
        return UInt32(a) << 24 | UInt32(value[0]) << 16 | UInt32(value[1]) << 8 | UInt32(value[2])
    }

    func apply(to bitmap: Bitmap, in area: PixelRect, selected: [Bool]?) {
        let visible = area.intersection(bitmap.bounds)
        // Each column times every byte, once: a pixel then costs three loads instead of three
        // multiplies (the same products, so the same bytes as `apply(_:)`).
        var products = [SIMD4<Int32>](repeating: .zero, count: 768)
        for value in 0..<256 {
            products[value] = columns.0 &* Int32(value)
            products[256 + value] = columns.1 &* Int32(value)
            products[512 + value] = columns.2 &* Int32(value)
        }
        let lightness = self.lightness
        products.withUnsafeBufferPointer { products in
            let red = products.baseAddress!, green = red + 256, blue = red + 512
            @inline(__always) func map(_ pixel: UInt32) -> UInt32 {
                let a = Int32(pixel >> 24)
                guard a > 0 else { return pixel }
                var value = (red[Int((pixel >> 16) & 0xFF)] &+ green[Int((pixel >> 8) & 0xFF)] &+ blue[Int(pixel & 0xFF)] &+ 2048) &>> 12
                value = value.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: a))
                if lightness > 0 { value &+= (((SIMD4(repeating: a) &- value) &* lightness &+ 50) &* 5243) &>> 19 }
                if lightness < 0 { value = ((value &* (100 + lightness) &+ 50) &* 5243) &>> 19 }
                return UInt32(a) << 24 | UInt32(value[0]) << 16 | UInt32(value[1]) << 8 | UInt32(value[2])
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
