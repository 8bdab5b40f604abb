import Foundation
import XCTest
@testable import PaintGraphics

/// Gradients against a float64 reference: every shape within a level of the exact
/// colour, the dither leaving no bands on a long ramp and no bias in its mean.
final class GradientRendererTests: XCTestCase {
    /// The exact float64 position along the gradient of a pixel centre, as the shapes define it.
    private func exactT(_ gradient: Gradient, x: Int, y: Int) -> Double {
        let dx = gradient.end.x - gradient.start.x, dy = gradient.end.y - gradient.start.y
        let length = (dx * dx + dy * dy).squareRoot()
        let px = Double(x) + 0.5 - gradient.start.x, py = Double(y) + 0.5 - gradient.start.y
        let t: Double
        switch gradient.shape {
        case .linear: t = (px * dx + py * dy) / (length * length)
        case .radial: t = (px * px + py * py).squareRoot() / length
        case .diamond: t = (abs(px * dx + py * dy) + abs(py * dx - px * dy)) / (length * length)
        case .conical:
            var turn = (atan2(py, px) - atan2(dy, dx)) / (2 * .pi)
            if turn < 0 { turn += 1 }
            t = turn
        }
        return min(max(t, 0), 1)
    }

    func testEveryShapeIsWithinALevelOfTheExactColour() {
        let stops = [Gradient.Stop(0, Color(r: 250, g: 20, b: 0)), Gradient.Stop(0.4, Color(r: 10, g: 200, b: 90)),
                     Gradient.Stop(1, Color(r: 30, g: 40, b: 255))]
        for shape in Gradient.Shape.allCases {
            let gradient = Gradient(shape: shape, from: Point(x: 150.3, y: 90.7), to: Point(x: 260, y: 170), stops: stops)
            let bitmap = Bitmap(width: 320, height: 200, fill: 0xFF00_0000)
            GradientRenderer.paint(gradient, on: bitmap, in: bitmap.bounds)
            var worst = 0.0, total = 0.0, count = 0
            for y in 0..<bitmap.height {
                for x in 0..<bitmap.width {
                    let t = exactT(gradient, x: x, y: y)
                    // Conical: its seam (a turn's end meeting its start) is a real edge; skip a pixel on either side.
                    if shape == .conical && (t < 0.004 || t > 0.996) { continue }
                    let exact = Gradient.color(at: t, stops: stops), got = bitmap.color(atX: x, y: y)
                    for (a, b) in [(exact.red, got.red), (exact.green, got.green), (exact.blue, got.blue)] {
                        let error = abs(a - b) * 255
                        worst = max(worst, error)
                        total += (b - a) * 255
                        count += 1
                    }
                }
            }
            XCTAssertLessThan(worst, 1.3, "\(shape): each pixel within the dither's step of the exact colour")
            XCTAssertLessThan(abs(total / Double(count)), 0.1, "\(shape): no bias")
        }
    }

    /// Along a long ramp no run of one value is longer than length / 256 + 2,
    /// and the mean is the exact ramp's within half a level.
    func testALongRampHasNoBandsAndTheExactMean() {
        let length = 3840
        let gradient = Gradient(shape: .linear, from: Point(x: 0, y: 0), to: Point(x: Double(length), y: 0),
                                stops: [Gradient.Stop(0, .black), Gradient.Stop(1, .white)])
        let bitmap = Bitmap(width: length, height: 64, fill: 0xFF00_0000)
        GradientRenderer.paint(gradient, on: bitmap, in: bitmap.bounds)
        var longest = 0
        for y in 0..<64 {
            var run = 1, sum = 0.0, exact = 0.0
            for x in 0..<length {
                let value = Int(bitmap[x, y] & 0xFF)
                if x > 0 && value == Int(bitmap[x - 1, y] & 0xFF) { run += 1 } else { run = 1 }
                longest = max(longest, run)
                sum += Double(value)
                exact += (Double(x) + 0.5) / Double(length) * 255
            }
            XCTAssertEqual(sum / Double(length), exact / Double(length), accuracy: 0.5, "row \(y): the mean")
        }
        XCTAssertLessThanOrEqual(longest, length / 256 + 2)
    }

    /// Where a ramp climbs slowly (16 levels over 3840 pixels, 240 pixels a level), plain
    /// rounding makes steps half a level off the ramp; the dithered pixels, averaged over 16,
    /// follow it.
    func testASlowRampFollowsTheExactValueOnAverage() {
        let length = 3840
        let gradient = Gradient(shape: .linear, from: Point(x: 0, y: 0), to: Point(x: Double(length), y: 0),
                                stops: [Gradient.Stop(0, .black), Gradient.Stop(1, Color(r: 16, g: 16, b: 16))])
        let bitmap = Bitmap(width: length, height: 16, fill: 0xFF00_0000)
        GradientRenderer.paint(gradient, on: bitmap, in: bitmap.bounds)
        var worst = 0.0
        for x0 in stride(from: 0, to: length - 16, by: 16) {
            var sum = 0.0, exact = 0.0
            for y in 0..<16 {
                for x in x0..<(x0 + 16) {
                    sum += Double(bitmap[x, y] & 0xFF)
                    exact += (Double(x) + 0.5) / Double(length) * 16
                }
            }
            worst = max(worst, abs(sum - exact) / 256)
        }
        XCTAssertLessThan(worst, 0.2, "16x16 blocks average to the ramp (rounding alone is up to 0.5 off)")
    }

    func testAMaskKeepsTheUnselectedPixelsAndTranslucentStopsBlendOver() {
        let bitmap = Bitmap(width: 40, height: 20, fill: Color(r: 0, g: 255, b: 0).premultipliedPixel)
        let area = PixelRect(x0: 10, y0: 5, x1: 30, y1: 15)
        let selected = (0..<(area.width * area.height)).map { $0 % area.width < 10 }
        let gradient = Gradient(shape: .linear, from: Point(x: 0, y: 0), to: Point(x: 40, y: 0),
                                stops: [Gradient.Stop(0, Color(r: 255, g: 0, b: 0, a: 128)), Gradient.Stop(1, Color(r: 255, g: 0, b: 0, a: 128))])
        GradientRenderer.paint(gradient, on: bitmap, in: area, selected: selected)
        XCTAssertEqual(bitmap.color(atX: 5, y: 10), Color(r: 0, g: 255, b: 0), "outside the area")
        XCTAssertEqual(bitmap.color(atX: 25, y: 10), Color(r: 0, g: 255, b: 0), "in the area, not selected")
        let blended = bitmap.color(atX: 15, y: 10)
        XCTAssertEqual(blended.red * 255, 128, accuracy: 1.5, "half red over green")
        XCTAssertEqual(blended.green * 255, 127, accuracy: 1.5)
        XCTAssertEqual(blended.alpha, 1)
    }
}
