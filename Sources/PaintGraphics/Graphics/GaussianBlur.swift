import Foundation

/// A Gaussian blur of premultiplied pixels as a few box blurs in a row (Kovesi, "Fast
/// almost-Gaussian filtering", 2010): boxes of two odd widths, chosen so the passes' variance is
/// the Gaussian's. Each pass costs the same whatever the radius (a running sum), where a true
/// Gaussian kernel costs 6σ taps a pixel, so radius 200 is as quick as radius 3. Below σ 3 the
/// Gaussian's own short kernel is used.
///
/// Values stay in 16 bits (the 8-bit value times 256) between passes, so rounding does not pile
/// up; the sums are integers and each pixel's arithmetic is the same whatever the thread, so a
/// replay gives the same bytes. Edges repeat the outermost pixel (as libvips and Pillow do).
public enum GaussianBlur {
    /// Box passes: 4 keep a step edge within about 1/255 of the true Gaussian's.
    static let boxPasses = 4

    /// Below this σ boxes cannot match the variance (the narrowest are 1 and 3 px wide): the
    /// Gaussian's own kernel is used, it is short there.
    static let smallestBoxSigma = 3.0

    /// One pass along rows or down columns.
    enum Pass {
        /// The mean of 2 × radius + 1 pixels.
        case box(radius: Int)
        /// A kernel of odd length in 65536ths summing to 65536.
        case kernel([UInt32])

        var radius: Int {
            switch self {
            case .box(let radius): return radius
            case .kernel(let weights): return weights.count / 2
            }
        }
    }

    /// The odd box widths whose passes together have variance σ².
    static func boxWidths(sigma: Double) -> [Int] {
        let n = Double(boxPasses)
        let ideal = (12 * sigma * sigma / n + 1).squareRoot()
        var lower = Int(ideal)
        if lower % 2 == 0 { lower -= 1 }
        lower = max(1, lower)
        let l = Double(lower)
        let lowerCount = Int(((12 * sigma * sigma - n * l * l - 4 * n * l - 3 * n) / (-4 * l - 4)).rounded())
        return (0..<boxPasses).map { $0 < lowerCount ? lower : lower + 2 }
    }

    /// The passes that make a blur of standard deviation `sigma`.
    static func passes(sigma: Double) -> [Pass] {
        guard sigma >= smallestBoxSigma else {
            let radius = max(1, Int((3 * sigma).rounded(.up)))
            let exact = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
            let total = exact.reduce(0, +)
            var weights = exact.map { UInt32(($0 / total * 65536).rounded()) }
            // The rounding's remainder to the centre: the weights sum to exactly 1.
            weights[radius] = UInt32(Int(weights[radius]) + 65536 - Int(weights.reduce(0, +)))
            return [.kernel(weights)]
        }
        return boxWidths(sigma: sigma).map { .box(radius: $0 / 2) }
    }

    /// How far the blur reaches (pixels): what outside an area the blur of it reads.
    public static func reach(sigma: Double) -> Int { passes(sigma: sigma).reduce(0) { $0 + $1.radius } }

    /// The 16-bit channels (BGRA, value × 256) of `source` blurred; the caller frees them with
    /// `PixelMemory.free(_, count: source.width * source.height * 4)`.
    /// Each row (then column) is padded by the reach with its end pixel before the passes, so
    /// the passes together are one convolution with the edges repeated, as the reference's.
    static func blurredPlanes(_ bitmap: Bitmap, source: PixelRect, sigma: Double) -> UnsafeMutablePointer<UInt16> {
        let passes = self.passes(sigma: sigma), reach = passes.reduce(0) { $0 + $1.radius }
        let width = source.width, height = source.height
        let planes = PixelMemory.allocate(UInt16.self, count: width * height * 4)
        RowBands.forEachBand(of: 0..<height, pixels: width * height) { rows in
            let padded = width + 2 * reach
            var line = UnsafeMutablePointer<UInt16>.allocate(capacity: padded * 4)
            var other = UnsafeMutablePointer<UInt16>.allocate(capacity: padded * 4)
            defer { line.deallocate(); other.deallocate() }
            for y in rows {
                let from = bitmap.pixels + (source.y0 + y) * bitmap.width + source.x0
                for x in 0..<padded {
                    let pixel = from[min(max(x - reach, 0), width - 1)]
                    line[x * 4] = UInt16(pixel & 0xFF) << 8
                    line[x * 4 + 1] = UInt16((pixel >> 8) & 0xFF) << 8
                    line[x * 4 + 2] = UInt16((pixel >> 16) & 0xFF) << 8
                    line[x * 4 + 3] = UInt16(pixel >> 24) << 8
                }
                for pass in passes {
                    along(pass, from: line, to: other, count: padded)
                    swap(&line, &other)
                }
                (planes + y * width * 4).update(from: line + reach * 4, count: width * 4)
            }
        }
        // Down the columns a strip of them at a time, all passes on a strip while it is in cache.
        let strip = 512
        RowBands.forEachBand(of: 0..<(width * 4 + strip - 1) / strip, pixels: width * height) { strips in
            let padded = height + 2 * reach
            var block = UnsafeMutablePointer<UInt16>.allocate(capacity: padded * strip)
            var other = UnsafeMutablePointer<UInt16>.allocate(capacity: padded * strip)
            let sums = UnsafeMutablePointer<Int32>.allocate(capacity: strip)
            defer { block.deallocate(); other.deallocate(); sums.deallocate() }
            for index in strips {
                let first = index * strip, count = min(strip, width * 4 - first)
                for y in 0..<padded {
                    (block + y * count).update(from: planes + min(max(y - reach, 0), height - 1) * width * 4 + first, count: count)
                }
                for pass in passes {
                    down(pass, from: block, to: other, rows: padded, lanes: count, sums: sums)
                    swap(&block, &other)
                }
                for y in 0..<height { (planes + y * width * 4 + first).update(from: block + (y + reach) * count, count: count) }
            }
        }
        return planes
    }

    /// `value` (0 ≤ value < 2²²) rounded to a whole number, without a conversion instruction
    /// (Swift's Float-to-integer conversions check their range, which stops vectorizing): added
    /// to 1.5 × 2²³, the float's low mantissa bits are the rounded value.
    @inline(__always)
    static func roundedBits(_ value: Float) -> UInt16 { UInt16(truncatingIfNeeded: (value + 12_582_912).bitPattern) }

    /// One pass along a row of `count` pixels (four 16-bit channels each); ends repeat.
    private static func along(_ pass: Pass, from source: UnsafeMutablePointer<UInt16>, to target: UnsafeMutablePointer<UInt16>, count: Int) {
        @inline(__always) func at(_ i: Int) -> UnsafeMutablePointer<UInt16> { source + min(max(i, 0), count - 1) * 4 }
        switch pass {
        case .box(let radius):
            let scale = 1 / Float(2 * radius + 1)
            var s0 = Int32(at(0)[0]) * Int32(radius + 1), s1 = Int32(at(0)[1]) * Int32(radius + 1)
            var s2 = Int32(at(0)[2]) * Int32(radius + 1), s3 = Int32(at(0)[3]) * Int32(radius + 1)
            for i in stride(from: 1, through: radius, by: 1) {
                let p = at(i)
                s0 &+= Int32(p[0]); s1 &+= Int32(p[1]); s2 &+= Int32(p[2]); s3 &+= Int32(p[3])
            }
            for i in 0..<count {
                let out = target + i * 4
                out[0] = roundedBits(Float(s0) * scale)
                out[1] = roundedBits(Float(s1) * scale)
                out[2] = roundedBits(Float(s2) * scale)
                out[3] = roundedBits(Float(s3) * scale)
                // Away from the ends the pixels entering and leaving need no clamping.
                let inside = i >= radius && i &+ radius &+ 1 < count
                let entering = inside ? source + (i &+ radius &+ 1) &* 4 : at(i + radius + 1)
                let leaving = inside ? source + (i &- radius) &* 4 : at(i - radius)
                s0 = s0 &+ Int32(entering[0]) &- Int32(leaving[0])
                s1 = s1 &+ Int32(entering[1]) &- Int32(leaving[1])
                s2 = s2 &+ Int32(entering[2]) &- Int32(leaving[2])
                s3 = s3 &+ Int32(entering[3]) &- Int32(leaving[3])
            }
        case .kernel(let weights):
            let radius = weights.count / 2
            weights.withUnsafeBufferPointer { weights in
                for i in 0..<count {
                    var s0: UInt32 = 32768, s1: UInt32 = 32768, s2: UInt32 = 32768, s3: UInt32 = 32768
                    for k in 0..<weights.count {
                        let p = at(i + k - radius), weight = weights[k]
                        s0 &+= UInt32(p[0]) &* weight; s1 &+= UInt32(p[1]) &* weight
                        s2 &+= UInt32(p[2]) &* weight; s3 &+= UInt32(p[3]) &* weight
                    }
                    let out = target + i * 4
                    out[0] = UInt16(truncatingIfNeeded: s0 >> 16); out[1] = UInt16(truncatingIfNeeded: s1 >> 16)
                    out[2] = UInt16(truncatingIfNeeded: s2 >> 16); out[3] = UInt16(truncatingIfNeeded: s3 >> 16)
                }
            }
        }
    }

    /// One pass down `rows` rows of `lanes` 16-bit values, every lane of a row at once; ends repeat.
    private static func down(_ pass: Pass, from source: UnsafeMutablePointer<UInt16>, to target: UnsafeMutablePointer<UInt16>,
                             rows: Int, lanes: Int, sums: UnsafeMutablePointer<Int32>) {
        @inline(__always) func row(_ i: Int) -> UnsafeMutablePointer<UInt16> { source + min(max(i, 0), rows - 1) * lanes }
        switch pass {
        case .box(let radius):
            let scale = 1 / Float(2 * radius + 1)
            let first = row(0)
            for lane in 0..<lanes { sums[lane] = Int32(first[lane]) * Int32(radius + 1) }
            for i in stride(from: 1, through: radius, by: 1) {
                let values = row(i)
                for lane in 0..<lanes { sums[lane] &+= Int32(values[lane]) }
            }
            for i in 0..<rows {
                let out = target + i * lanes, entering = row(i + radius + 1), leaving = row(i - radius)
                for lane in 0..<lanes {
                    out[lane] = roundedBits(Float(sums[lane]) * scale)
                    sums[lane] = sums[lane] &+ Int32(entering[lane]) &- Int32(leaving[lane])
                }
            }
        case .kernel(let weights):
            let radius = weights.count / 2
            for i in 0..<rows {
                let out = target + i * lanes
                for lane in 0..<lanes { sums[lane] = 0 }
                for k in 0..<weights.count {
                    // Unsigned: a full 16-bit value times a weight near 65536 needs all 32 bits.
                    let values = row(i + k - radius), weight = weights[k]
                    sums.withMemoryRebound(to: UInt32.self, capacity: lanes) { sums in
                        for lane in 0..<lanes { sums[lane] &+= UInt32(values[lane]) &* weight }
                    }
                }
                sums.withMemoryRebound(to: UInt32.self, capacity: lanes) { sums in
                    for lane in 0..<lanes { out[lane] = UInt16(truncatingIfNeeded: (sums[lane] &+ 32768) >> 16) }
                }
            }
        }
    }

    /// Blurs `area` of `bitmap` in place (the pixels `selected` says, row by row over the
    /// area), reading up to `reach` beyond it; `sharpen`: instead of the blur, the difference
    /// from it added back (Unsharp Mask), given the pixel and its blurred channels.
    static func apply(to bitmap: Bitmap, in area: PixelRect, selected: [Bool]?, sigma: Double,
                      _ sharpen: ((UInt32, UnsafePointer<UInt16>) -> UInt32)? = nil) {
        let isSharpening = sharpen != nil
        let combine = sharpen ?? { _, blurred in pack(blurred) }
        let visible = area.intersection(bitmap.bounds)
        guard !visible.isEmpty else { return }
        let source = visible.outset(by: reach(sigma: sigma)).intersection(bitmap.bounds)
        let planes = blurredPlanes(bitmap, source: source, sigma: sigma)
        defer { PixelMemory.free(planes, count: source.width * source.height * 4) }
        RowBands.forEachRow(of: visible) { y in
            let row = bitmap.pixels + y * bitmap.width
            let blurred = planes + ((y - source.y0) * source.width - source.x0) * 4
            let maskRow = (y - area.y0) * area.width - area.x0
            if selected == nil && !isSharpening {
                for x in visible.x0..<visible.x1 { row[x] = pack(blurred + x * 4) } // the plain blur, no call a pixel
            } else {
                for x in visible.x0..<visible.x1 where selected?[maskRow + x] != false { row[x] = combine(row[x], blurred + x * 4) }
            }
        }
    }

    /// A pixel of the planes back to 8 bits, colour kept within alpha.
    @inline(__always)
    static func pack(_ channels: UnsafePointer<UInt16>) -> UInt32 {
        let a = (UInt32(channels[3]) + 128) >> 8
        let b = min(a, (UInt32(channels[0]) + 128) >> 8)
        let g = min(a, (UInt32(channels[1]) + 128) >> 8)
        let r = min(a, (UInt32(channels[2]) + 128) >> 8)
        return a << 24 | r << 16 | g << 8 | b
    }
}
