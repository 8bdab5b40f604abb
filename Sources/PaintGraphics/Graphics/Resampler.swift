import Foundation

/// How Image → Resize makes the new pixels (Pinta's and GIMP's choices).
public enum ResamplingFilter: String, Sendable, CaseIterable, Codable {
    /// Each new pixel the old one under its centre: hard edges kept (pixel art).
    case nearest
    /// A tent over the 2x2 (more when shrinking) neighbours.
    case bilinear
    /// Catmull–Rom (a = −0.5, as Pillow's BICUBIC): sharper than bilinear.
    case bicubic
    /// sinc windowed by sinc over three lobes each side: the sharpest, a little ringing.
    case lanczos3

    /// How far the kernel reaches at scale 1 (source pixels).
    var support: Double {
        switch self {
        case .nearest: return 0.5
        case .bilinear: return 1
        case .bicubic: return 2
        case .lanczos3: return 3
        }
    }

    func weight(_ x: Double) -> Double {
        let x = abs(x)
        switch self {
        case .nearest: return x < 0.5 ? 1 : 0
        case .bilinear: return max(0, 1 - x)
        case .bicubic:
            let a = -0.5
            if x < 1 { return ((a + 2) * x - (a + 3)) * x * x + 1 }
            if x < 2 { return ((a * x - 5 * a) * x + 8 * a) * x - 4 * a }
            return 0
        case .lanczos3:
            guard x < 3 else { return 0 }
            guard x > 1e-9 else { return 1 }
            let px = Double.pi * x
            return 3 * sin(px) * sin(px / 3) / (px * px)
        }
    }

    /// Pinta's choice when the dialog opens: smooth when growing, sharp when shrinking.
    public static func suggested(growing: Bool) -> ResamplingFilter { growing ? .bicubic : .lanczos3 }
}

/// Resizes premultiplied pixels with a separable filter, as Pillow and libvips do: each new
/// column the weighted sum of the source columns under the kernel (stretched by the shrink
/// factor, so shrinking averages instead of skipping), then the same down the rows. Sums are
/// in Float, in a fixed order, so the same source gives the same bytes on every run; the rows
/// are made in bands of 128 on the cores at once, each band resampling only the source rows it needs.
public enum Resampler {
    /// The weights of every new pixel along one axis, flat: new pixel i sums `taps` source
    /// pixels from `first[i]` with `weights[i * taps ..< (i + 1) * taps]` (zeros pad the short ones).
    struct Contributions {
        var first: [Int]
        var taps: Int
        var weights: [Float]

        /// How many source pixels new pixel `index` reads.
        func count(_ index: Int, sourceCount: Int) -> Int { min(taps, sourceCount - first[index]) }
    }

    /// The contributions of each of `outputCount` new pixels from `inputCount` source pixels.
    static func contributions(from inputCount: Int, to outputCount: Int, filter: ResamplingFilter) -> Contributions {
        let scale = Double(inputCount) / Double(outputCount)
        let stretch = max(scale, 1)
        let support = filter.support * stretch
        var each = [(first: Int, weights: [Double])]()
        each.reserveCapacity(outputCount)
        for index in 0..<outputCount {
            let centre = (Double(index) + 0.5) * scale
            var first = max(0, Int((centre - support).rounded(.down)))
            let last = min(inputCount, Int((centre + support).rounded(.up)))
            var weights = (first..<last).map { filter.weight((Double($0) + 0.5 - centre) / stretch) }
            let total = weights.reduce(0, +)
            if filter == .nearest || weights.isEmpty || total == 0 {
                // The pixel under the centre alone (a kernel that caught none).
                first = min(inputCount - 1, max(0, Int(centre)))
                weights = [1]
            } else {
                weights = weights.map { $0 / total }
            }
            each.append((first, weights))
        }
        // A multiple of four: the sums run as four chains (see `resample`).
        let taps = ((each.map(\.weights.count).max() ?? 1) + 3) / 4 * 4
        var flat = [Float](repeating: 0, count: outputCount * taps)
        for (index, contribution) in each.enumerated() {
            // A short kernel at the right edge starts early enough that its padding stays inside.
            for (k, weight) in contribution.weights.enumerated() { flat[index * taps + k] = Float(weight) }
        }
        return Contributions(first: each.map(\.first), taps: taps, weights: flat)
    }

    /// `bitmap` resized to `width` x `height`.
    public static func resample(_ bitmap: Bitmap, width: Int, height: Int, filter: ResamplingFilter) -> Bitmap {
        let result = Bitmap(width: width, height: height)
        guard width > 0, height > 0, bitmap.width > 0, bitmap.height > 0 else { return result }
        let columns = contributions(from: bitmap.width, to: width, filter: filter)
        let rows = contributions(from: bitmap.height, to: height, filter: filter)
        // Tall bands: each reads the source rows its kernels reach beyond it once more than needed.
        let bandHeight = 128
        let bands = (height + bandHeight - 1) / bandHeight
        RowBands.forEachBand(of: 0..<bands, pixels: width * height + bitmap.width * bitmap.height) { bandRange in
            // The source row padded with `taps` zeros, so a kernel may read past its end.
            let sourceRow = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: bitmap.width + columns.taps)
            sourceRow.initialize(repeating: SIMD4<Float>(), count: bitmap.width + columns.taps)
            let accumulator = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: width)
            var across: UnsafeMutablePointer<SIMD4<Float>>?, acrossCapacity = 0
            defer { sourceRow.deallocate(); accumulator.deallocate(); across?.deallocate() }
            // Each weight spread over the four channels once, not at every tap of every row.
            columns.weights.map { SIMD4<Float>(repeating: $0) }.withUnsafeBufferPointer { columnWeights in
              columns.first.withUnsafeBufferPointer { columnFirst in
                for band in bandRange {
                    let y0 = band * bandHeight, y1 = min(height, y0 + bandHeight)
                    let firstSource = rows.first[y0]
                    let lastSource = (y0..<y1).map { rows.first[$0] + rows.count($0, sourceCount: bitmap.height) }.max()!
                    // The band's source rows resampled across, once each, into memory the
                    // thread keeps for its bands (fresh memory each band cost its page faults).
                    if acrossCapacity < (lastSource - firstSource) * width {
                        across?.deallocate()
                        acrossCapacity = (lastSource - firstSource) * width
                        across = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: acrossCapacity)
                    }
                    let across = across!
                    for sy in firstSource..<lastSource {
                        let from = bitmap.pixels + sy * bitmap.width
                        for x in 0..<bitmap.width { sourceRow[x] = unpack(from[x]) }
                        let into = across + (sy - firstSource) * width
                        let taps = columns.taps
                        for x in 0..<width {
                            // Four sums side by side: one chain of adds waited 4 cycles a tap.
                            var sum0 = SIMD4<Float>(), sum1 = SIMD4<Float>(), sum2 = SIMD4<Float>(), sum3 = SIMD4<Float>()
                            let base = sourceRow + columnFirst[x]
                            let weights = columnWeights.baseAddress! + x * taps
                            for group in 0..<(taps >> 2) {
                                let k = group &<< 2
                                sum0 += weights[k] * base[k]
                                sum1 += weights[k &+ 1] * base[k &+ 1]
                                sum2 += weights[k &+ 2] * base[k &+ 2]
                                sum3 += weights[k &+ 3] * base[k &+ 3]
                            }
                            into[x] = (sum0 + sum1) + (sum2 + sum3)
                        }
                    }
                    for y in y0..<y1 {
                        // Four source rows a pass over the accumulator (one would load and
                        // store it once a tap); the kernel's zero padding rounds it to fours.
                        accumulator.initialize(repeating: SIMD4<Float>(), count: width)
                        let count = rows.count(y, sourceCount: bitmap.height)
                        var k = 0
                        while k < count {
                            let line = across + (rows.first[y] + k - firstSource) * width
                            let w0 = rows.weights[y * rows.taps + k]
                            if k + 4 <= count {
                                let w1 = rows.weights[y * rows.taps + k + 1], w2 = rows.weights[y * rows.taps + k + 2], w3 = rows.weights[y * rows.taps + k + 3]
                                let line1 = line + width, line2 = line1 + width, line3 = line2 + width
                                for x in 0..<width { accumulator[x] += (w0 * line[x] + w1 * line1[x]) + (w2 * line2[x] + w3 * line3[x]) }
                                k += 4
                            } else {
                                for x in 0..<width { accumulator[x] += w0 * line[x] }
                                k += 1
                            }
                        }
                        let out = result.pixels + y * width
                        for x in 0..<width { out[x] = pack(accumulator[x]) }
                    }
                }
              }
            }
        }
        return result
    }

    @inline(__always)
    static func unpack(_ pixel: UInt32) -> SIMD4<Float> {
        // The bytes widened, then made floats without a conversion: a byte b in the low
        // mantissa bits of 2²³ is the float 2²³ + b (the scalar conversions were a third of
        // the resize).
        let wide = SIMD4<UInt32>(truncatingIfNeeded: unsafeBitCast(pixel, to: SIMD4<UInt8>.self)) | 0x4B00_0000
        return unsafeBitCast(wide, to: SIMD4<Float>.self) - 8_388_608
    }

    /// Rounded to 8 bits, clamped to 0...255 and colour to within alpha (the kernels' lobes overshoot).
    @inline(__always)
    static func pack(_ value: SIMD4<Float>) -> UInt32 {
        // Clamped, then rounded by GaussianBlur.roundedBits (Swift's SIMD float-to-integer
        // conversion goes through a generic, element-by-element path).
        let clamped = value.clamped(lowerBound: SIMD4(repeating: 0), upperBound: SIMD4(repeating: 255))
        let a = UInt32(GaussianBlur.roundedBits(clamped[3]))
        return a << 24 | min(UInt32(GaussianBlur.roundedBits(clamped[2])), a) << 16
            | min(UInt32(GaussianBlur.roundedBits(clamped[1])), a) << 8 | min(UInt32(GaussianBlur.roundedBits(clamped[0])), a)
    }
}
