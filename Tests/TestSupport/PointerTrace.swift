import Foundation
import PaintGraphics

/// Pointer paths as a hand makes them, sampled as a USB mouse reports (125 Hz): the shapes of
/// motion the shake detector must tell apart.
package enum PointerTrace {
    package struct Sample {
        package let x: Double
        package let time: Double
    }

    package static let sampleInterval = 1.0 / 125

    /// Side to side, ±`amplitude` about `centerX`, `hertz` times a second for `cycles` cycles,
    /// with the hand's unevenness (a little noise, seeded so runs agree).
    package static func wiggle(amplitude: Double, hertz: Double, cycles: Double, centerX: Double, start: Double = 0,
                       seed: UInt64 = 1) -> [Sample] {
        var generator = SeededGenerator(seed: seed)
        let count = Int(cycles / hertz / sampleInterval)
        return (0...count).map { i in
            let t = Double(i) * sampleInterval
            let noise = Double.random(in: -1.5...1.5, using: &generator)
            return Sample(x: centerX + amplitude * sin(2 * .pi * hertz * t) + noise, time: start + t)
        }
    }

    /// A straight glide from `from` to `to` over `duration`.
    package static func glide(from: Double, to: Double, duration: Double, start: Double) -> [Sample] {
        let count = max(1, Int(duration / sampleInterval))
        return (0...count).map { i in
            let f = Double(i) / Double(count)
            return Sample(x: from + (to - from) * f, time: start + duration * f)
        }
    }
}

/// SplitMix64: reproducible noise for test traces.
package struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    package init(seed: UInt64) { state = seed }
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
