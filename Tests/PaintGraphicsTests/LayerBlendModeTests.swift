import Foundation
import XCTest
@testable import PaintGraphics

/// Every W3C blend mode against a float64 reference of the specification's
/// formulas, over a grid of colours and alphas, within 1/255 per channel.
final class LayerBlendModeTests: XCTestCase {
    // MARK: - The reference, written from the specification (double precision, unpremultiplied)

    private func lum(_ c: [Double]) -> Double { 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2] }
    private func clipColor(_ c: [Double]) -> [Double] {
        let l = lum(c), n = c.min()!, x = c.max()!
        var c = c
        if n < 0 { c = c.map { l + ($0 - l) * l / (l - n) } }
        if x > 1 { c = c.map { l + ($0 - l) * (1 - l) / (x - l) } }
        return c
    }
    private func setLum(_ c: [Double], _ l: Double) -> [Double] { let d = l - lum(c); return clipColor(c.map { $0 + d }) }
    private func sat(_ c: [Double]) -> Double { c.max()! - c.min()! }
    private func setSat(_ c: [Double], _ s: Double) -> [Double] {
        // Cmax becomes s, Cmin 0, Cmid (Cmid - Cmin) s / (Cmax - Cmin), as the spec writes it.
        let order = c.indices.sorted { c[$0] < c[$1] }
        var out = [0.0, 0.0, 0.0]
        let (low, mid, high) = (order[0], order[1], order[2])
        if c[high] > c[low] {
            out[mid] = (c[mid] - c[low]) * s / (c[high] - c[low])
            out[high] = s
        }
        out[low] = 0
        return out
    }

    private func separable(_ b: Double, _ s: Double, _ mode: LayerBlendMode) -> Double {
        switch mode {
        case .normal: return s
        case .multiply: return b * s
        case .screen: return b + s - b * s
        case .overlay: return separable(s, b, .hardLight)
        case .darken: return min(b, s)
        case .lighten: return max(b, s)
        case .colorDodge: return b == 0 ? 0 : (s == 1 ? 1 : min(1, b / (1 - s)))
        case .colorBurn: return b == 1 ? 1 : (s == 0 ? 0 : 1 - min(1, (1 - b) / s))
        case .hardLight: return s <= 0.5 ? b * (2 * s) : separable(b, 2 * s - 1, .screen)
        case .softLight:
            if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
            let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
            return b + (2 * s - 1) * (d - b)
        case .difference: return abs(b - s)
        case .exclusion: return b + s - 2 * b * s
        default: fatalError("not separable")
        }
    }

    private func blendFunction(_ b: [Double], _ s: [Double], _ mode: LayerBlendMode) -> [Double] {
        switch mode {
        case .hue: return setLum(setSat(s, sat(b)), lum(b))
        case .saturation: return setLum(setSat(b, sat(s)), lum(b))
        case .color: return setLum(s, lum(b))
        case .luminosity: return setLum(b, lum(s))
        default: return (0..<3).map { separable(b[$0], s[$0], mode) }
        }
    }

    /// The composite of premultiplied 8-bit pixels (ARGB channel order), as doubles in 0...255.
    private func reference(source: [Double], backdrop: [Int], mode: LayerBlendMode) -> [Double] {
        let sa = source[0] / 255, ba = Double(backdrop[0]) / 255
        let cs = source[1...].map { $0 / 255 }, cb = backdrop[1...].map { Double($0) / 255 }
        let colourS = cs.map { sa > 0 ? $0 / sa : 0 }, colourB = cb.map { ba > 0 ? $0 / ba : 0 }
        let mixed = blendFunction(colourB, colourS, mode)
        let alpha = sa + ba * (1 - sa)
        var out = [alpha * 255]
        for i in 0..<3 {
            let own: Double = cs[i] * (1 - ba) + cb[i] * (1 - sa)
            out.append((own + sa * ba * mixed[i]) * 255)
        }
        return out
    }

    private func pixel(_ argb: [Int]) -> UInt32 { UInt32(argb[0]) << 24 | UInt32(argb[1]) << 16 | UInt32(argb[2]) << 8 | UInt32(argb[3]) }

    /// Valid premultiplied pixels: colours from a grid premultiplied by each alpha.
    private let grid: [[Int]] = {
        let levels = [0, 64, 128, 200, 255], alphas = [0, 51, 128, 204, 255]
        var pixels: [[Int]] = []
        for a in alphas {
            for r in levels { for g in [0, 128, 255] { for b in [0, 90, 255] {
                let premultiply = { (c: Int) in Int((Double(c) * Double(a) / 255).rounded()) }
                pixels.append([a, premultiply(r), premultiply(g), premultiply(b)])
            } } }
        }
        return pixels
    }()

    /// Whole rows, as the compositor blends them (eight pixels at a time where it can, the rest
    /// one by one), transparent source pixels among them left as the backdrop was.
    func testEveryModeMatchesTheSpecificationsFormulaWithinOneLevel() {
        let sources = grid.filter { $0[0] > 0 }
        var row = sources.map(pixel)
        for index in stride(from: 3, to: row.count, by: 11) { row.insert(0, at: index) }
        for mode in LayerBlendMode.allCases {
            for opacity: UInt32 in [255, 153] {
                var worst = 0.0, worstCase = ""
                for backdrop in grid {
                    var out = [UInt32](repeating: pixel(backdrop), count: row.count)
                    LayerBlender.blend(row, over: &out, count: row.count, mode: mode, opacity: opacity)
                    for (index, source) in row.enumerated() {
                        let got = [Int(out[index] >> 24), Int((out[index] >> 16) & 0xFF), Int((out[index] >> 8) & 0xFF), Int(out[index] & 0xFF)]
                        guard source != 0 else {
                            if out[index] != pixel(backdrop) { worst = 255; worstCase = "a transparent source pixel changed \(backdrop)" }
                            continue
                        }
                        // The layer's opacity scales the premultiplied 8-bit source (rounded, as an
                        // 8-bit pipeline keeps it), then the formula.
                        let scaled = [24, 16, 8, 0].map { (Double((source >> UInt32($0)) & 0xFF) * Double(opacity) / 255).rounded() }
                        let expected = reference(source: scaled, backdrop: backdrop, mode: mode)
                        for channel in 0..<4 {
                            let error = abs(Double(got[channel]) - expected[channel])
                            if error > worst { worst = error; worstCase = "source \(scaled.map { ($0 * 10).rounded() / 10 }) over \(backdrop): \(got) for \(expected.map { ($0 * 100).rounded() / 100 })" }
                        }
                    }
                }
                XCTAssertLessThanOrEqual(worst, 1.0, "\(mode) at opacity \(opacity): \(worstCase)")
            }
        }
    }

    func testOpacityScalesTheLayerAndZeroLeavesTheBackdrop() {
        var backdrop = pixel([255, 200, 100, 50]), source = pixel([255, 0, 0, 255])
        let original = backdrop
        LayerBlender.blend(&source, over: &backdrop, count: 1, mode: .multiply, opacity: 0)
        XCTAssertEqual(backdrop, original)
        LayerBlender.blend(&source, over: &backdrop, count: 1, mode: .normal, opacity: 128)
        XCTAssertEqual(Int((backdrop >> 16) & 0xFF), 100, accuracy: 1, "half of red's 200 stays")
        XCTAssertEqual(Int(backdrop & 0xFF), 153, accuracy: 1, "half blue over 50")
    }

    func testOpenRasterNamesGoBothWays() {
        for mode in LayerBlendMode.allCases { XCTAssertEqual(LayerBlendMode(openRasterName: mode.openRasterName), mode) }
        XCTAssertEqual(LayerBlendMode.normal.openRasterName, "svg:src-over")
        XCTAssertEqual(LayerBlendMode.colorDodge.openRasterName, "svg:color-dodge")
        XCTAssertNil(LayerBlendMode(openRasterName: "krita:dissolve"))
    }
}
