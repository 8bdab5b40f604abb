import Foundation
import XCTest
@testable import PaintGraphics

/// First adjustments and turns: each colour adjustment within 1/255 of a float64
/// reference over a grid of colours and alphas, the turns and mirrors exact permutations.
final class PixelAdjustmentTests: XCTestCase {
    /// The reference on premultiplied values (the maps are linear: premultiplying commutes,
    /// and clamping at 1 unpremultiplied is clamping at alpha).
    private func reference(_ adjustment: PixelAdjustment, _ a: Double, _ r: Double, _ g: Double, _ b: Double) -> (Double, Double, Double) {
        switch adjustment {
        case .invert: return (a - r, a - g, a - b)
        case .blackAndWhite:
            let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
            return (y, y, y)
        case .sepia:
            return (min(a, 0.393 * r + 0.769 * g + 0.189 * b), min(a, 0.349 * r + 0.686 * g + 0.168 * b), min(a, 0.272 * r + 0.534 * g + 0.131 * b))
        case .posterize(let count):
            let steps = Double(count - 1)
            func level(_ c: Double) -> Double { a > 0 ? (c / a * steps).rounded() / steps * a : 0 }
            return (level(r), level(g), level(b))
        case .levels(let levels) where !levels.isStretchOnly:
            return straightMap(a, r, g, b) { value, channel in
                let x = min(1, max(0, (value - Double(levels.low[channel])) / Double(levels.high[channel] - levels.low[channel])))
                let low = Double(levels.outputLow![channel]), high = Double(levels.outputHigh![channel])
                return low + Foundation.pow(x, 1 / levels.gamma![channel]) * (high - low)
            }
        case .brightnessContrast(let brightness, let contrast):
            return straightMap(a, r, g, b) { value, _ in
                let bright = Double(brightness) / 100, slant = Foundation.tan((Double(contrast) / 100 + 1) * Double.pi / 4)
                var v = value / 255
                v = bright < 0 ? v * (1 + bright) : v + (1 - v) * bright
                return ((v - 0.5) * slant + 0.5) * 255
            }
        case .curves(let curves):
            // Piecewise linear through points on a straight line is the line itself.
            return straightMap(a, r, g, b) { value, channel in
                let points = [curves.red, curves.green, curves.blue][channel]
                let common = 255 - value // the test's master curve is the falling line
                let (p0, p1) = (points[0], points[1])
                return Double(p0.output) + (common - Double(p0.input)) * Double(p1.output - p0.output) / Double(p1.input - p0.input)
            }
        case .hueSaturation(let hue, let saturation, let lightness):
            // The W3C hue-rotate and saturate matrices, one after the other, on straight colour.
            let angle = Double(hue) * Double.pi / 180, c = Foundation.cos(angle), s = Foundation.sin(angle), k = Double(saturation) / 100
            let rr = (0.213 + c * 0.787 - s * 0.213) * r + (0.715 - c * 0.715 - s * 0.715) * g + (0.072 - c * 0.072 + s * 0.928) * b
            let rg = (0.213 - c * 0.213 + s * 0.143) * r + (0.715 + c * 0.285 + s * 0.140) * g + (0.072 - c * 0.072 - s * 0.283) * b
            let rb = (0.213 - c * 0.213 - s * 0.787) * r + (0.715 - c * 0.715 + s * 0.715) * g + (0.072 + c * 0.928 + s * 0.072) * b
            let sr = (0.213 + 0.787 * k) * rr + (0.715 - 0.715 * k) * rg + (0.072 - 0.072 * k) * rb
            let sg = (0.213 - 0.213 * k) * rr + (0.715 + 0.285 * k) * rg + (0.072 - 0.072 * k) * rb
            let sb = (0.213 - 0.213 * k) * rr + (0.715 - 0.715 * k) * rg + (0.072 + 0.928 * k) * rb
            func light(_ v: Double) -> Double {
                let v = min(max(v, 0), a), l = Double(lightness) / 100
                return l >= 0 ? v + (a - v) * l : v * (1 + l)
            }
            return (light(sr), light(sg), light(sb))
        case .effect: fatalError("effects are tested in ImageEffectTests")
        case .levels(let levels):
            func stretch(_ c: Double, _ channel: Int) -> Double {
                let lo = Double(levels.low[channel]), hi = Double(levels.high[channel])
                let straight = a > 0 ? c / a * 255 : 0
                return min(255, max(0, (straight - lo) * 255 / (hi - lo))) * a / 255
            }
            return (stretch(r, 0), stretch(g, 1), stretch(b, 2))
        }
    }

    /// Each straight (unpremultiplied) channel through `map`, clamped, premultiplied again.
    private func straightMap(_ a: Double, _ r: Double, _ g: Double, _ b: Double, _ map: (Double, Int) -> Double) -> (Double, Double, Double) {
        guard a > 0 else { return (0, 0, 0) }
        func channel(_ c: Double, _ index: Int) -> Double { min(255, max(0, map(c / a * 255, index))) * a / 255 }
        return (channel(r, 0), channel(g, 1), channel(b, 2))
    }

    /// The adjustments with settings, as their dialogs make them.
    private let withSettings: [PixelAdjustment] = [
        .levels(.init(low: [20, 10, 0], high: [230, 255, 200], gamma: [0.7, 1, 1.6], outputLow: [0, 30, 10], outputHigh: [255, 220, 250])),
        .brightnessContrast(brightness: 30, contrast: -20), .brightnessContrast(brightness: -40, contrast: 45),
        .hueSaturation(hue: 120, saturation: 150, lightness: 0), .hueSaturation(hue: -45, saturation: 40, lightness: 30),
        .hueSaturation(hue: 0, saturation: 100, lightness: -60),
        .curves(ColorCurves(all: [.init(0, 255), .init(255, 0)], red: [.init(0, 40), .init(255, 200)])),
    ]

    func testEveryAdjustmentIsWithinOneLevelOfTheFormula() {
        for adjustment in PixelAdjustment.fixed + [.levels(.init(low: [30, 0, 64], high: [200, 255, 190]))] + withSettings {
            var worst = 0.0
            for a in stride(from: 0, through: 255, by: 15) {
                for r in stride(from: 0, through: a, by: max(1, a / 7)) {
                    for g in stride(from: 0, through: a, by: max(1, a / 5)) {
                        for b in stride(from: 0, through: a, by: max(1, a / 6)) {
                            let pixel = UInt32(a) << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
                            let one = Bitmap(width: 1, height: 1, fill: pixel)
                            adjustment.apply(to: one, in: one.bounds)
                            let out = one[0, 0]
                            XCTAssertEqual(out >> 24, UInt32(a), "alpha kept")
                            let expected = reference(adjustment, Double(a), Double(r), Double(g), Double(b))
                            let got = (Double((out >> 16) & 0xFF), Double((out >> 8) & 0xFF), Double(out & 0xFF))
                            worst = max(worst, abs(got.0 - expected.0), abs(got.1 - expected.1), abs(got.2 - expected.2))
                            XCTAssertLessThanOrEqual(max((out >> 16) & 0xFF, (out >> 8) & 0xFF, out & 0xFF), UInt32(a), "premultiplied stays valid")
                        }
                    }
                }
            }
            // Levels unpremultiply a premultiplied byte: a pixel of low alpha carries little
            // precision, and the stretch (up to 2x here) doubles what the byte rounding lost.
            let bound: Double = switch adjustment {
            case .levels, .curves, .brightnessContrast: 2
            default: 1
            }
            XCTAssertLessThanOrEqual(worst, bound, "\(adjustment): worst \(worst) levels")
        }
    }

    func testInvertingTwiceGivesTheSameBytes() {
        let bitmap = Bitmap(width: 64, height: 32)
        for i in 0..<(64 * 32) { let a = UInt32(i % 256); bitmap.pixels[i] = a << 24 | (a / 2) << 16 | (a / 3) << 8 | (a * 7 / 9) }
        let original = bitmap.cropped(to: bitmap.bounds)
        PixelAdjustment.invert.apply(to: bitmap, in: bitmap.bounds)
        XCTAssertFalse(bitmap.isEqual(to: original))
        PixelAdjustment.invert.apply(to: bitmap, in: bitmap.bounds)
        XCTAssertTrue(bitmap.isEqual(to: original))
    }

    func testASelectionMaskLeavesEveryPixelOutsideItAlone() {
        let bitmap = Bitmap(width: 10, height: 10, color: .red)
        let area = PixelRect(x0: 2, y0: 2, x1: 6, y1: 6)
        let selected = (0..<16).map { $0 % 2 == 0 }
        PixelAdjustment.invert.apply(to: bitmap, in: area, selected: selected)
        for y in 0..<10 {
            for x in 0..<10 {
                let inside = (2..<6).contains(x) && (2..<6).contains(y) && selected[(y - 2) * 4 + (x - 2)]
                let red = Color.red.premultipliedPixel
                XCTAssertEqual(bitmap[x, y], inside ? PixelAdjustment.invert.apply(red) : red, "(\(x), \(y))")
            }
        }
    }

    func testTurnsAndMirrorsArePermutations() {
        let w = 5, h = 3
        let bitmap = Bitmap(width: w, height: h)
        for y in 0..<h { for x in 0..<w { bitmap[x, y] = UInt32(0xFF00_0000 | (y * w + x)) } }
        let clockwise = bitmap.reoriented(6)
        XCTAssertEqual([clockwise.width, clockwise.height], [h, w])
        for y in 0..<h { for x in 0..<w { XCTAssertEqual(clockwise[h - 1 - y, x], bitmap[x, y]) } }
        XCTAssertTrue(clockwise.reoriented(8).isEqual(to: bitmap), "a quarter back")
        XCTAssertTrue(bitmap.reoriented(3).reoriented(3).isEqual(to: bitmap), "two half turns")
        XCTAssertTrue(clockwise.reoriented(6).isEqual(to: bitmap.reoriented(3)), "two quarters are a half")
        XCTAssertTrue(bitmap.reoriented(2).reoriented(2).isEqual(to: bitmap))
        XCTAssertTrue(bitmap.reoriented(4).reoriented(4).isEqual(to: bitmap))
        XCTAssertEqual(bitmap.reoriented(2)[0, 0], bitmap[w - 1, 0])
        XCTAssertEqual(bitmap.reoriented(4)[0, 0], bitmap[0, h - 1])
    }

    func testAutoLevelsFindTheEndsAndStretchThemOverEveryLevel() {
        let bitmap = Bitmap(width: 100, height: 10)
        for x in 0..<100 {
            for y in 0..<10 { bitmap[x, y] = Color(r: 50 + x, g: 100 + x / 2, b: 80).premultipliedPixel }
        }
        let levels = PixelAdjustment.autoLevels(of: bitmap, in: bitmap.bounds)!
        XCTAssertEqual(levels.low[0], 50)
        XCTAssertEqual(levels.high[0], 149)
        XCTAssertEqual(levels.low[2], levels.high[2], "a flat channel is left as it is")
        PixelAdjustment.levels(levels).apply(to: bitmap, in: bitmap.bounds)
        XCTAssertEqual(bitmap.color(atX: 0, y: 0).red, 0, accuracy: 0.001)
        XCTAssertEqual(bitmap.color(atX: 99, y: 0).red, 1, accuracy: 0.001)
        XCTAssertEqual(bitmap.color(atX: 50, y: 0).blue * 255, 80, accuracy: 0.5)
        XCTAssertNil(PixelAdjustment.autoLevels(of: Bitmap(width: 5, height: 5), in: PixelRect(x0: 0, y0: 0, x1: 5, y1: 5)), "nothing painted")
    }

    func testPosterizeKeepsEachOpaqueChannelToItsLevelsExactly() {
        for count in [2, 4, 16, 64] {
            for c in 0...255 {
                let pixel = 0xFF00_0000 | UInt32(c) << 16 | UInt32(255 - c) << 8 | UInt32(c / 2)
                let out = PixelAdjustment.posterize(levels: count).apply(pixel)
                let expected = reference(.posterize(levels: count), 255, Double(c), Double(255 - c), Double(c / 2))
                XCTAssertEqual(Double((out >> 16) & 0xFF), expected.0, accuracy: 0.5, "\(count) levels, \(c)")
                XCTAssertEqual(Double((out >> 8) & 0xFF), expected.1, accuracy: 0.5)
                XCTAssertEqual(Double(out & 0xFF), expected.2, accuracy: 0.5)
            }
            // Translucent pixels stay valid premultiplied colour.
            let out = PixelAdjustment.posterize(levels: count).apply(0x8070_4010)
            XCTAssertEqual(out >> 24, 0x80)
            XCTAssertLessThanOrEqual(max((out >> 16) & 0xFF, (out >> 8) & 0xFF, out & 0xFF), 0x80)
        }
    }
}
