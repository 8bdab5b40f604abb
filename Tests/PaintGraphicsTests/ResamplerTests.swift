import Foundation
import XCTest
@testable import PaintGraphics

/// Image → Resize's resampling against a float64 reference of the same kernels computed here,
/// and the properties a resize must keep.
final class ResamplerTests: XCTestCase {
    private func picture(width: Int, height: Int) -> Bitmap {
        let bitmap = Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let r = ((x / 9 + y / 13) % 2) * 200 + 20, g = (x * 255) / width, b = Int(127 + 120 * Foundation.sin(Double(x * y) / 300))
                bitmap[x, y] = 0xFF00_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
            }
        }
        return bitmap
    }

    private func lanczos(_ x: Double) -> Double {
        let x = abs(x)
        if x < 1e-12 { return 1 }
        if x >= 3 { return 0 }
        return 3 * Foundation.sin(Double.pi * x) * Foundation.sin(Double.pi * x / 3) / (Double.pi * Double.pi * x * x)
    }

    /// The same separable Lanczos-3 in float64 throughout, no rounding between the passes.
    private func reference(_ bitmap: Bitmap, width: Int, height: Int) -> [[Double]] {
        func weights(_ input: Int, _ output: Int) -> [(Int, [Double])] {
            let scale = Double(input) / Double(output), stretch = max(1, scale), support = 3 * stretch
            return (0..<output).map { i in
                let centre = (Double(i) + 0.5) * scale
                let first = max(0, Int((centre - support).rounded(.down))), last = min(input, Int((centre + support).rounded(.up)))
                let raw = (first..<last).map { lanczos((Double($0) + 0.5 - centre) / stretch) }
                let total = raw.reduce(0, +)
                return (first, raw.map { $0 / total })
            }
        }
        let columns = weights(bitmap.width, width), rows = weights(bitmap.height, height)
        return (0..<4).map { channel in
            let shift = UInt32(channel * 8)
            var across = [Double](repeating: 0, count: width * bitmap.height)
            for y in 0..<bitmap.height {
                for x in 0..<width {
                    let (first, w) = columns[x]
                    across[y * width + x] = w.enumerated().reduce(0) { $0 + $1.element * Double((bitmap[first + $1.offset, y] >> shift) & 0xFF) }
                }
            }
            var out = [Double](repeating: 0, count: width * height)
            for y in 0..<height {
                let (first, w) = rows[y]
                for x in 0..<width { out[y * width + x] = w.enumerated().reduce(0) { $0 + $1.element * across[(first + $1.offset) * width + x] } }
            }
            return out.map { min(255, max(0, $0)) }
        }
    }

    func testLanczosShrinkingAndGrowingIsWithinRoundingOfAFloat64Reference() {
        let source = picture(width: 300, height: 200)
        for (width, height) in [(96, 64), (77, 150), (640, 410)] {
            let made = Resampler.resample(source, width: width, height: height, filter: .lanczos3)
            let reference = reference(source, width: width, height: height)
            var worst = 0.0
            for index in 0..<(width * height) {
                for channel in 0..<3 {
                    worst = max(worst, abs(Double((made.pixels[index] >> UInt32(channel * 8)) & 0xFF) - reference[channel][index]))
                }
            }
            XCTAssertLessThanOrEqual(worst, 0.52, "\(width)x\(height): worst \(worst) levels")
        }
    }

    func testNearestDoublingRepeatsEachPixelAndOneColourStaysOneColour() {
        let source = picture(width: 30, height: 20)
        let doubled = Resampler.resample(source, width: 60, height: 40, filter: .nearest)
        for y in 0..<40 { for x in 0..<60 { XCTAssertEqual(doubled[x, y], source[x / 2, y / 2]) } }
        let flat = Bitmap(width: 50, height: 37, fill: 0xC0_60_30_20)
        for filter in ResamplingFilter.allCases {
            for (width, height) in [(13, 9), (111, 80)] {
                let made = Resampler.resample(flat, width: width, height: height, filter: filter)
                XCTAssertTrue(made.isEqual(to: Bitmap(width: width, height: height, fill: 0xC0_60_30_20)), "\(filter) \(width)x\(height)")
            }
        }
    }

    func testTheSameSourceGivesTheSameBytesAndColourStaysWithinAlpha() {
        let source = Bitmap(width: 700, height: 500)
        for y in 0..<500 { for x in 0..<700 { source[x, y] = (x / 5 + y / 7) % 2 == 0 ? 0xFF_FF_00_00 : 0 } }
        let a = Resampler.resample(source, width: 1100, height: 333, filter: .lanczos3)
        let b = Resampler.resample(source, width: 1100, height: 333, filter: .lanczos3)
        XCTAssertTrue(a.isEqual(to: b))
        for i in 0..<(1100 * 333) {
            let p = a.pixels[i]
            XCTAssertLessThanOrEqual(max((p >> 16) & 0xFF, (p >> 8) & 0xFF, p & 0xFF), p >> 24, "premultiplied stays valid after ringing")
        }
    }
}
