import Foundation

/// Draws premultiplied pixels through a projective map (free transform: scale, turn, skew,
/// perspective): each target pixel's centre taken back through the inverse map into the source
/// and sampled there with the chosen filter. Positions are kept to 1/256 of a pixel, so a map
/// that lands on pixel centres (a quarter turn, a whole-pixel move) copies pixels exactly.
/// Taps past the source's edge are transparent, which gives the warped edge its anti-aliasing.
public enum PerspectiveWarp {
    /// The filters a warp takes (Lanczos is for resizing only).
    public static let filters: [ResamplingFilter] = [.nearest, .bilinear, .bicubic]

    /// Draws `source` through `map` (source pixels to `target` pixels) over what `region` of
    /// `target` holds (source-over), on the cores at once for large regions.
    public static func draw(_ source: Bitmap, through map: Homography, onto target: Bitmap, in region: PixelRect, filter: ResamplingFilter) {
        guard let inverse = map.inverted() else { return }
        let area = region.intersection(target.bounds)
        guard !area.isEmpty, source.width > 0, source.height > 0 else { return }
        let m = inverse.m
        // An affine map (a scale, a turn, a skew: the turned view's every frame) needs no divide,
        // and its row of source positions is a line, clipped to the source once per row.
        let affine = m[6] == 0 && m[7] == 0 && m[8] == 1 && filter != .bicubic
        RowBands.forEachBand(of: area) { _, rows in
            for y in rows.y0..<rows.y1 {
                if affine {
                    drawAffineRow(y, from: rows.x0, to: rows.x1, source, m, target, filter)
                } else {
                    drawRow(y, from: rows.x0, to: rows.x1, source, inverse, target, filter)
                }
            }
        }
    }

    /// The rectangle of target pixels the map takes the source's rectangle into (where there is anything to draw).
    public static func reach(of source: PixelRect, through map: Homography) -> PixelRect? {
        let corners = [Point(x: Double(source.x0), y: Double(source.y0)), Point(x: Double(source.x1), y: Double(source.y0)),
                       Point(x: Double(source.x1), y: Double(source.y1)), Point(x: Double(source.x0), y: Double(source.y1))]
        let mapped = corners.compactMap { map.apply(to: $0) }
        guard mapped.count == 4, mapped.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
        let xs = mapped.map(\.x), ys = mapped.map(\.y)
        let limit = 1e7
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max(),
              minX > -limit, maxX < limit, minY > -limit, maxY < limit else { return nil }
        // A pixel more each side for the filter's reach.
        return PixelRect(x0: Int(minX.rounded(.down)) - 1, y0: Int(minY.rounded(.down)) - 1,
                         x1: Int(maxX.rounded(.up)) + 1, y1: Int(maxY.rounded(.up)) + 1)
    }

    static let steps = 256
    /// Cubic convolution weights for each 1/256 position, in 1/4096s summing to 4096. a = −1,
    /// as Pillow's `Image.transform` has it (its resize has −0.5): a little sharper than
    /// Catmull–Rom, which a picture turned or skewed, and so softened once already, wants.
    static let cubicWeights: [SIMD4<Int32>] = (0...steps).map { step in
        let t = Double(step) / Double(steps), a = -1.0
        func weight(_ x: Double) -> Double { x < 1 ? ((a + 2) * x - (a + 3)) * x * x + 1 : ((a * x - 5 * a) * x + 8 * a) * x - 4 * a }
        let raw = [1 + t, t, 1 - t, 2 - t].map { weight($0) * 4096 }
        var weights = raw.map { Int32($0.rounded()) }
        weights[1] += 4096 - weights.reduce(0, +)
        return SIMD4(weights[0], weights[1], weights[2], weights[3])
    }

    @inline(__always)
    static func channels(_ pixel: UInt32) -> SIMD4<Int32> {
        SIMD4(Int32(pixel & 0xFF), Int32(pixel >> 8 & 0xFF), Int32(pixel >> 16 & 0xFF), Int32(pixel >> 24))
    }

    @inline(__always)
    static func pixel(_ value: SIMD4<Int32>) -> UInt32 {
        let alpha = min(max(value[3], 0), 255)
        let b = min(max(value[0], 0), alpha), g = min(max(value[1], 0), alpha), r = min(max(value[2], 0), alpha)
        return UInt32(alpha) << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
    }

    /// The target pixels of row `y` whose source position (u = a·x + b) falls within
    /// `low..<high`, x running over `x0..<x1`.
    @inline(__always)
    private static func span(_ a: Double, _ b: Double, low: Double, high: Double, _ x0: Int, _ x1: Int) -> (Int, Int) {
        if abs(a) < 1e-12 { return b >= low && b < high ? (x0, x1) : (x0, x0) }
        // x + 0.5 is the pixel's centre: u = a (x + 0.5) + b.
        let first = (low - b) / a - 0.5, last = (high - b) / a - 0.5
        let from = max(x0, Int(min(first, last).rounded(.down)) - 1), to = min(x1, Int(max(first, last).rounded(.up)) + 1)
        return (from, max(from, to))
    }

    private static func drawAffineRow(_ y: Int, from x0: Int, to x1: Int, _ source: Bitmap, _ m: [Double], _ target: Bitmap, _ filter: ResamplingFilter) {
        let yc = Double(y) + 0.5
        let row = target.pixels + y * target.width
        let pixels = source.pixels, width = source.width, height = source.height
        let bu = m[1] * yc + m[2], bv = m[4] * yc + m[5]
        // Bilinear reaches half a pixel past the edge (its taps outside are transparent).
        let reach = filter == .nearest ? 0.0 : 0.5
        let across = span(m[0], bu, low: -reach, high: Double(width) + reach, x0, x1)
        let down = span(m[3], bv, low: -reach, high: Double(height) + reach, across.0, across.1)
        guard down.0 < down.1 else { return }
        for x in down.0..<down.1 {
            let xc = Double(x) + 0.5
            let u = m[0] * xc + bu, v = m[3] * xc + bv
            let value = sample(pixels, width, height, u: u, v: v, nearest: filter == .nearest)
            lay(value, over: row + x)
        }
    }

    /// The pixel under source position (u, v) (pixel edges on whole numbers, u and v above −3),
    /// or the bilinear mix of the four around it, taps past the edge transparent; positions
    /// kept to 1/256 of a pixel. 0 for a nearest sample off the source.
    @inline(__always)
    static func sample(_ pixels: UnsafeMutablePointer<UInt32>, _ width: Int, _ height: Int, u: Double, v: Double, nearest: Bool) -> UInt32 {
        // The offset keeps the values positive, where truncation is flooring.
        let scale = Double(steps), offset = Double(steps * 4)
        if nearest {
            let sx = Int(u * scale + 0.5 + offset) >> 8 - 4, sy = Int(v * scale + 0.5 + offset) >> 8 - 4
            return sx >= 0 && sy >= 0 && sx < width && sy < height ? pixels[sy * width + sx] : 0
        }
        let fx = Int((u - 0.5) * scale + 0.5 + offset) - steps * 4, fy = Int((v - 0.5) * scale + 0.5 + offset) - steps * 4
        let ix = fx >> 8, iy = fy >> 8
        let tx = UInt32(fx & 0xFF), ty = UInt32(fy & 0xFF)
        if ix >= 0, iy >= 0, ix + 1 < width, iy + 1 < height {
            let top = pixels + iy * width + ix
            return bilinear(top[0], top[1], top[width], top[width + 1], tx, ty)
        }
        @inline(__always) func at(_ px: Int, _ py: Int) -> UInt32 {
            px >= 0 && py >= 0 && px < width && py < height ? pixels[py * width + px] : 0
        }
        return bilinear(at(ix, iy), at(ix + 1, iy), at(ix, iy + 1), at(ix + 1, iy + 1), tx, ty)
    }

    /// A sample laid over a target pixel (source-over; transparent leaves it).
    @inline(__always)
    static func lay(_ value: UInt32, over pixel: UnsafeMutablePointer<UInt32>) {
        guard value != 0 else { return }
        let below = pixel.pointee
        pixel.pointee = value >> 24 == 0xFF || below == 0 ? value : PixelMath.over(value, below)
    }

    /// Four premultiplied pixels mixed by 1/256 weights, two channels to a multiply.
    @inline(__always)
    static func bilinear(_ p00: UInt32, _ p01: UInt32, _ p10: UInt32, _ p11: UInt32, _ tx: UInt32, _ ty: UInt32) -> UInt32 {
        let sx = 256 - tx, sy = 256 - ty
        let topRB = ((p00 & 0x00FF_00FF) &* sx &+ (p01 & 0x00FF_00FF) &* tx) >> 8 & 0x00FF_00FF
        let topAG = ((p00 >> 8 & 0x00FF_00FF) &* sx &+ (p01 >> 8 & 0x00FF_00FF) &* tx) >> 8 & 0x00FF_00FF
        let bottomRB = ((p10 & 0x00FF_00FF) &* sx &+ (p11 & 0x00FF_00FF) &* tx) >> 8 & 0x00FF_00FF
        let bottomAG = ((p10 >> 8 & 0x00FF_00FF) &* sx &+ (p11 >> 8 & 0x00FF_00FF) &* tx) >> 8 & 0x00FF_00FF
        let rb = ((topRB &* sy &+ bottomRB &* ty &+ 0x0080_0080) >> 8) & 0x00FF_00FF
        let ag = ((topAG &* sy &+ bottomAG &* ty &+ 0x0080_0080) >> 8) & 0x00FF_00FF
        return ag << 8 | rb
    }

    private static func drawRow(_ y: Int, from x0: Int, to x1: Int, _ source: Bitmap, _ inverse: Homography, _ target: Bitmap, _ filter: ResamplingFilter) {
        let m = inverse.m
        let yc = Double(y) + 0.5
        let row = target.pixels + y * target.width
        let pixels = source.pixels, width = source.width, height = source.height
        let scale = Double(steps), offset = Double(steps * 4)
        for x in x0..<x1 {
            let xc = Double(x) + 0.5
            let w = m[6] * xc + m[7] * yc + m[8]
            guard w > 1e-12 || w < -1e-12 else { continue }
            let u = (m[0] * xc + m[1] * yc + m[2]) / w, v = (m[3] * xc + m[4] * yc + m[5]) / w
            guard u > -3, v > -3, u < Double(width) + 3, v < Double(height) + 3 else { continue }
            let value: UInt32
            switch filter {
            case .nearest, .bilinear:
                value = sample(pixels, width, height, u: u, v: v, nearest: filter == .nearest)
            default:
                let fx = Int((u - 0.5) * scale + 0.5 + offset) - steps * 4, fy = Int((v - 0.5) * scale + 0.5 + offset) - steps * 4
                let ix = fx >> 8, iy = fy >> 8
                let wx = cubicWeights[fx & 0xFF], wy = cubicWeights[fy & 0xFF]
                var sum = SIMD4<Int32>.zero
                if ix >= 1, iy >= 1, ix + 2 < width, iy + 2 < height {
                    for j in 0..<4 {
                        let line = pixels + (iy - 1 + j) * width + ix - 1
                        let across = channels(line[0]) &* wx[0] &+ channels(line[1]) &* wx[1] &+ channels(line[2]) &* wx[2] &+ channels(line[3]) &* wx[3]
                        sum &+= ((across &+ 2048) &>> 12) &* wy[j]
                    }
                } else {
                    for j in 0..<4 {
                        let py = iy - 1 + j
                        guard py >= 0, py < height else { continue }
                        var across = SIMD4<Int32>.zero
                        for i in 0..<4 {
                            let px = ix - 1 + i
                            if px >= 0 && px < width { across &+= channels(pixels[py * width + px]) &* wx[i] }
                        }
                        sum &+= ((across &+ 2048) &>> 12) &* wy[j]
                    }
                }
                value = pixel((sum &+ 2048) &>> 12)
            }
            lay(value, over: row + x)
        }
    }
}
