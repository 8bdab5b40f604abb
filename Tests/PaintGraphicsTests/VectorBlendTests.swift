import XCTest
@testable import PaintGraphics

/// The four-pixel source-over and mix and the blends built on them (a fill's edge pixels, a
/// normal layer) must give exactly the numbers of the one-pixel `PixelMath.over` and `mix`: the
/// canvas, the saved file and the journal's replays must agree to the bit.
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

    /// The canvas's layer over its plain background, four pixels a step: exactly `over` pixel
    /// by pixel, for rows at every alignment and length (the tail of fewer than four), blank
    /// runs and painted ones, and nothing written outside the area.
    func testCanvasOverPlainBackgroundEqualsPixelByPixelOver() {
        let layer = Bitmap(width: 67, height: 9)
        for i in 0..<(67 * 9) {
            // Runs of blank paint beside opaque and translucent paint.
            layer.pixels[i] = (i / 5) % 3 == 0 ? 0 : premultiplied(alpha: (i / 5) % 3 == 1 ? 255 : UInt32.random(in: 0...255))
        }
        let sentinel: UInt32 = 0x1234_5678
        for background: UInt32 in [0xFFFF_FFFF, 0xFF10_2030, 0x8040_2010, 0] {
            for x0 in 0..<4 {
                let area = PixelRect(x0: x0, y0: 1, x1: 67 - x0 / 2, y1: 8)
                let target = Bitmap(width: 80, height: 12, fill: sentinel)
                CanvasCompositor.compose(background: background, layer: layer, active: nil, area: area, into: target, atX: 5, y: 2)
                for y in 0..<12 {
                    for x in 0..<80 {
                        let inside = (area.x0..<area.x1).contains(x - 5) && (area.y0..<area.y1).contains(y - 2)
                        let expected = inside ? PixelMath.over(layer[x - 5, y - 2], background) : sentinel
                        XCTAssertEqual(target[x, y], expected, "(\(x), \(y)) over \(String(background, radix: 16)), area from \(x0)")
                    }
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
                    level == 0 ? pixel : SpanBlender.apply(.sourceOver, source: color, sourceAlpha: color >> 24, coverage: UInt32(level), over: pixel)
                }
                destination.withUnsafeMutableBufferPointer { target in
                    ScaledPaint.blendOver(levels, cells: cells, count: cells.count, into: target.baseAddress!)
                }
                XCTAssertEqual(destination, expected, "colour \(String(color, radix: 16)), offset \(offset)")
            }
        }
    }

    func testSolidPaintThroughCoverageEqualsPixelByPixelBlend() {
        // What laid-out text (a document's text blocks) goes through: stretches of none, full and
        // partial coverage at every alignment, and a tail that is not a whole group of four.
        var coverage: [UInt8] = [0, 0, 0, 0, 255, 255, 255, 255, 0, 255, 0, 255, 17, 128, 254, 1, 0, 0, 0, 9]
        coverage += (0..<61).map { _ in UInt8.random(in: 0...255, using: &generator) }
        for color: UInt32 in [0xFF20_80C0, 0x8010_4060, 0x0000_0000, 0xFFFF_FFFF, 0x0101_0001] {
            for offset in 0..<4 {
                let cells = Array(coverage.dropFirst(offset))
                var destination = (0..<cells.count).map { _ in premultiplied(alpha: UInt32.random(in: 0...255)) }
                let expected = zip(cells, destination).map { c, pixel in
                    c == 0 ? pixel : SpanBlender.apply(.sourceOver, source: color, sourceAlpha: color >> 24, coverage: UInt32(c), over: pixel)
                }
                cells.withUnsafeBufferPointer { cells in
                    destination.withUnsafeMutableBufferPointer { target in
                        SpanBlender.blend(solid: color, mode: .sourceOver, coverage: cells.baseAddress!, clip: nil,
                                          count: cells.count, into: target.baseAddress!)
                    }
                }
                XCTAssertEqual(destination, expected, "colour \(String(color, radix: 16)), offset \(offset)")
            }
        }
    }

    func testMixIsTheLerpRoundedOnceAndFourPixelsGiveTheOnePixelNumbers() {
        for k in 0...255 as ClosedRange<UInt32> {
            for _ in 0..<16 {
                let sources = SIMD4<UInt32>((0..<4).map { _ in premultiplied(alpha: UInt32.random(in: 0...255)) })
                let destinations = SIMD4<UInt32>((0..<4).map { _ in premultiplied(alpha: UInt32.random(in: 0...255)) })
                let mixed = PixelMath.mix(sources, over: destinations, by: SIMD4(repeating: k))
                for lane in 0..<4 {
                    let one = PixelMath.mix(sources[lane], over: destinations[lane], by: k)
                    XCTAssertEqual(mixed[lane], one, "k \(k)")
                    for shift in [0, 8, 16, 24] as [UInt32] {
                        let s = Double((sources[lane] >> shift) & 0xFF), d = Double((destinations[lane] >> shift) & 0xFF)
                        let exact = ((s * Double(k) + d * Double(255 - k)) / 255).rounded()
                        XCTAssertEqual(Double((one >> shift) & 0xFF), exact, "k \(k), channel at \(shift)")
                    }
                }
            }
        }
    }

    func testEightPixelMixGivesTheOnePixelNumbersEachByItsOwnK() {
        for _ in 0..<4096 {
            let sources = SIMD8<UInt32>((0..<8).map { _ in premultiplied(alpha: UInt32.random(in: 0...255)) })
            let destinations = SIMD8<UInt32>((0..<8).map { _ in premultiplied(alpha: UInt32.random(in: 0...255)) })
            let levels = SIMD8<UInt32>((0..<8).map { _ in UInt32.random(in: 0...255) })
            let mixed = PixelMath.mix(sources, over: destinations, by: levels)
            for lane in 0..<8 {
                XCTAssertEqual(mixed[lane], PixelMath.mix(sources[lane], over: destinations[lane], by: levels[lane]), "lane \(lane)")
            }
        }
    }

    func testFourPixelScaleEqualsOnePixelScaleForEveryFactor() {
        for k in 0...255 as ClosedRange<UInt32> {
            let pixels = SIMD4<UInt32>((0..<4).map { _ in premultiplied(alpha: UInt32.random(in: 0...255)) })
            let scaled = PixelMath.scale(pixels, by: SIMD4(repeating: k))
            for lane in 0..<4 { XCTAssertEqual(scaled[lane], PixelMath.scale(pixels[lane], by: k), "k \(k)") }
        }
    }

    func testNormalLayerBlendEqualsPixelByPixelBlend() {
        // Runs of transparent, opaque and translucent paint at every alignment, and a tail.
        var source: [UInt32] = []
        for run in 0..<40 {
            let length = Int.random(in: 1...9, using: &generator)
            for _ in 0..<length {
                switch run % 3 {
                case 0: source.append(0)
                case 1: source.append(premultiplied(alpha: 255))
                default: source.append(premultiplied(alpha: UInt32.random(in: 1...254, using: &generator)))
                }
            }
        }
        for opacity: UInt32 in [255, 200, 77, 1] {
            for offset in 0..<4 {
                let row = Array(source.dropFirst(offset))
                var destination = (0..<row.count).map { _ in premultiplied(alpha: UInt32.random(in: 0...255)) }
                let expected = zip(row, destination).map { paint, under in
                    paint == 0 ? under : PixelMath.over(PixelMath.scale(paint, by: opacity), under)
                }
                destination.withUnsafeMutableBufferPointer { target in
                    LayerBlender.blend(row, over: target.baseAddress!, count: row.count, mode: .normal, opacity: opacity)
                }
                XCTAssertEqual(destination, expected, "opacity \(opacity), offset \(offset)")
            }
        }
    }
}
