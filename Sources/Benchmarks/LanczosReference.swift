import Foundation
import DrawingBoard

/// Lanczos-3 in float64 throughout, no rounding between the passes: what a resize's error is
/// measured against (ours and Pillow's alike).
enum LanczosReference {
    private static func kernel(_ x: Double) -> Double {
        let x = abs(x)
        if x < 1e-12 { return 1 }
        if x >= 3 { return 0 }
        return 3 * sin(Double.pi * x) * sin(Double.pi * x / 3) / (Double.pi * Double.pi * x * x)
    }

    private static func weights(_ input: Int, _ output: Int) -> [(first: Int, weights: [Double])] {
        let scale = Double(input) / Double(output), stretch = max(1, scale), support = 3 * stretch
        return (0..<output).map { i in
            let centre = (Double(i) + 0.5) * scale
            let first = max(0, Int((centre - support).rounded(.down))), last = min(input, Int((centre + support).rounded(.up)))
            let raw = (first..<last).map { kernel((Double($0) + 0.5 - centre) / stretch) }
            let total = raw.reduce(0, +)
            return (first, raw.map { $0 / total })
        }
    }

    /// Red, green, blue planes of `bitmap` (opaque) resized, unclamped.
    static func resample(_ bitmap: Bitmap, width: Int, height: Int) -> [[Double]] {
        let columns = weights(bitmap.width, width), rows = weights(bitmap.height, height)
        return (0..<3).map { channel in
            let shift = UInt32(16 - 8 * channel)
            let across = UnsafeMutableBufferPointer<Double>.allocate(capacity: width * bitmap.height)
            defer { across.deallocate() }
            DispatchQueue.concurrentPerform(iterations: 8) { band in
                for y in stride(from: band, to: bitmap.height, by: 8) {
                    let row = bitmap.pixels + y * bitmap.width
                    for x in 0..<width {
                        let (first, w) = columns[x]
                        var sum = 0.0
                        for k in 0..<w.count { sum += w[k] * Double((row[first + k] >> shift) & 0xFF) }
                        across[y * width + x] = sum
                    }
                }
            }
            var out = [Double](repeating: 0, count: width * height)
            out.withUnsafeMutableBufferPointer { out in
                DispatchQueue.concurrentPerform(iterations: 8) { band in
                    for y in stride(from: band, to: height, by: 8) {
                        let (first, w) = rows[y]
                        for x in 0..<width {
                            var sum = 0.0
                            for k in 0..<w.count { sum += w[k] * across[(first + k) * width + x] }
                            out[y * width + x] = sum
                        }
                    }
                }
            }
            return out
        }
    }

    /// The mean and worst difference of `value(pixel, channel)` (red, green, blue) from the
    /// reference clamped to 0...255.
    static func error(of value: (Int, Int) -> Double, against reference: [[Double]]) -> (mean: Double, worst: Double) {
        var total = 0.0, worst = 0.0
        for channel in 0..<3 {
            for (index, exact) in reference[channel].enumerated() {
                let difference = abs(value(index, channel) - min(255, max(0, exact)))
                total += difference
                worst = max(worst, difference)
            }
        }
        return (total / Double(reference[0].count * 3), worst)
    }
}
