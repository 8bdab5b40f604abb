import XCTest
@testable import PaintGraphics

/// The four-pixel source-over and the fill blend built on it must give exactly the numbers of
/// the one-pixel `PixelMath.over`: shapes are drawn with both (the canvas, the saved file and
/// the journal's replays must agree to the bit).
final class VectorBlendTests: XCTestCase {
    private var generator = SystemRandomNumberGenerator()

    /// A premultiplied pixel with the given alpha: every colour channel at most the alpha.
    private func premultiplied(alpha: UInt32) -> UInt32 {
        var pixel = alpha << 24
        for shift in [0, 8, 16] as [UInt32] { pixel |= UInt32.random(in: 0...alpha, using: &generator) << shift }
        return pixel
    }

    func testFourPixelOverEqualsOnePixelOverForEveryAlpha() {
        for alpha in 0...255 as ClosedRange<UInt32> {
            for _ in 0..<64 {
                let sources = SIMD4<UInt32>((0..<4).map { _ in premultiplied(alpha: alpha) })
                let destinations = SIMD4<UInt32>((0..<4).map { _ in premultiplied(alpha: UInt32.random(in: 0...255)) })
                let blended = PixelMath.over(sources, destinations)
                for lane in 0..<4 {
                    XCTAssertEqual(blended[lane], PixelMath.over(sources[lane], destinations[lane]),
                                   "source \(String(sources[lane], radix: 16)) over \(String(destinations[lane], radix: 16))")
                }
            }
        }
    }

    func testFillBlendEqualsPixelByPixelBlend() {
        // Stretches of none, full and partial coverage at every alignment, and a tail that is
        // not a whole group of four.
        let pattern: [UInt8] = [0, 0, 0, 0, 255, 255, 255, 255, 0, 255, 0, 255, 17, 128, 254, 1,
                                255, 255, 255, 255, 255, 3, 0, 0, 0, 0, 0, 200, 255, 255, 255]
        let paint = ScaledPaint()
        for color: UInt32 in [0xFF20_80C0, 0x8010_4060, 0x0000_0000, 0xFFFF_FFFF] {
            let levels = paint.levels(for: color)
            for offset in 0..<4 {
                let cells = Array(pattern.dropFirst(offset))
                var destination = (0..<cells.count).map { _ in premultiplied(alpha: UInt32.random(in: 0...255)) }
                let expected = zip(cells, destination).map { level, pixel in
                    level == 0 ? pixel : PixelMath.over(levels[Int(level)], pixel)
                }
                destination.withUnsafeMutableBufferPointer { target in
                    ScaledPaint.blendOver(levels, cells: cells, count: cells.count, into: target.baseAddress!)
                }
                XCTAssertEqual(destination, expected, "colour \(String(color, radix: 16)), offset \(offset)")
            }
        }
    }
}
