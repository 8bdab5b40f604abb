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

    /// The 16-bit channels (BGRA, value × 256) of `source` blurred; the caller frees them.
    /// Each row (then column) is padded by the reach with its end pixel before the passes, so
    /// the passes together are one convolution with the edges repeated, as the reference's.
    static func blurredPlanes(_ bitmap: Bitmap, source: PixelRect, sigma: Double) -> UnsafeMutablePointer<UInt16> {
        let passes = self.passes(sigma: sigma), reach = passes.reduce(0) { $0 + $1.radius }
        let width = source.width, height = source.height
        let planes = UnsafeMutablePointer<UInt16>.allocate(capacity: width * height * 4)
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
                    along(pass, from: line, to: other, count: padded, stride: 4, lanes: 4)
                    swap(&line, &other)
                }
                (planes + y * width * 4).update(from: line + reach * 4, count: width * 4)
            }
        }
        RowBands.forEachBand(of: 0..<width * 4, pixels: width * height) { columns in
            let count = columns.count, padded = height + 2 * reach
            var block = UnsafeMutablePointer<UInt16>.allocate(capacity: padded * count)
            var other = UnsafeMutablePointer<UInt16>.allocate(capacity: padded * count)
            defer { block.deallocate(); other.deallocate() }
            for y in 0..<padded {
                (block + y * count).update(from: planes + min(max(y - reach, 0), height - 1) * width * 4 + columns.lowerBound, count: count)
            }
            for pass in passes {
                along(pass, from: block, to: other, count: padded, stride: count, lanes: count)
                swap(&block, &other)
            }
            for y in 0..<height { (planes + y * width * 4 + columns.lowerBound).update(from: block + (y + reach) * count, count: count) }
        }
        return planes
    }

    /// One pass along `count` steps of `stride` values, `lanes` values a step (a row's four
    /// channels, or a block's columns), each lane on its own; ends repeat.
    private static func along(_ pass: Pass, from source: UnsafeMutablePointer<UInt16>, to target: UnsafeMutablePointer<UInt16>,
                              count: Int, stride: Int, lanes: Int) {
        let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: lanes)
        defer { sums.deallocate() }
        @inline(__always) func step(_ i: Int) -> UnsafeMutablePointer<UInt16> { source + min(max(i, 0), count - 1) * stride }
        switch pass {
        case .box(let radius):
            let scale = 1 / Float(2 * radius + 1)
            let first = step(0)
            for lane in 0..<lanes { sums[lane] = UInt32(first[lane]) * UInt32(radius + 1) }
            if radius > 0 {
                for i in 1...radius {
                    let values = step(i)
                    for lane in 0..<lanes { sums[lane] &+= UInt32(values[lane]) }
                }
            }
            for i in 0..<count {
                let out = target + i * stride, entering = step(i + radius + 1), leaving = step(i - radius)
                for lane in 0..<lanes {
                    out[lane] = UInt16(truncatingIfNeeded: Int((Float(sums[lane]) * scale).rounded(.toNearestOrAwayFromZero)))
                    sums[lane] = sums[lane] &+ UInt32(entering[lane]) &- UInt32(leaving[lane])
                }
            }
        case .kernel(let weights):
            let radius = weights.count / 2
            for i in 0..<count {
                let out = target + i * stride
                for lane in 0..<lanes { sums[lane] = 32768 }
                for k in 0..<weights.count {
                    let values = step(i + k - radius), weight = weights[k]
                    for lane in 0..<lanes { sums[lane] &+= UInt32(values[lane]) &* weight }
                }
                for lane in 0..<lanes { out[lane] = UInt16(truncatingIfNeeded: sums[lane] >> 16) }
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
