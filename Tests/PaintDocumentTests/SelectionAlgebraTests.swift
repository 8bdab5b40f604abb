import Foundation
import XCTest
@testable import PaintDocument
@testable import PaintGraphics

/// Selection modes on masks: union, difference and intersection of rectangles,
/// ellipses and lasso outlines against a pixel-by-pixel reference, at 1x and 2x; the masks'
/// runs, edges and journal form.
final class SelectionAlgebraTests: XCTestCase {
    private func ellipse(in box: Rect) -> SelectionArea {
        let outline = (0..<90).map { i -> Point in
            let angle = 2 * Double.pi * Double(i) / 90
            return Point(x: box.midX + box.width / 2 * cos(angle), y: box.midY + box.height / 2 * sin(angle))
        }
        return SelectionArea(bounds: box, outline: outline)
    }

    func testEveryModeMatchesThePixelReference() {
        let shapes = [SelectionArea(bounds: Rect(x: 10, y: 10, width: 60, height: 40)), ellipse(in: Rect(x: 40, y: 20, width: 50, height: 50)),
                      SelectionArea(bounds: Rect(x: 0, y: 0, width: 30, height: 80), outline: [Point(x: 0, y: 0), Point(x: 30, y: 40), Point(x: 0, y: 80)])]
        for scale in [1.0, 2.0] {
            let whole = PixelRect(x0: 0, y0: 0, x1: Int(100 * scale), y1: Int(100 * scale))
            for a in shapes {
                for b in shapes {
                    // Combining a combined one too, so masks meet masks.
                    let base = SelectionMode.add.combine(a, with: SelectionArea(bounds: Rect(x: 80, y: 80, width: 10, height: 10)), scale: scale)!
                    let first = base.flags(in: whole, atScale: scale), second = b.flags(in: whole, atScale: scale)
                    for mode in SelectionMode.allCases {
                        let expected: [Bool] = zip(first, second).map { x, y in
                            switch mode {
                            case .replace: return y
                            case .add: return x || y
                            case .subtract: return x && !y
                            case .intersect: return x && y
                            }
                        }
                        let result = mode.combine(base, with: b, scale: scale)
                        let got = result?.flags(in: whole, atScale: scale) ?? [Bool](repeating: false, count: expected.count)
                        XCTAssertEqual(got, expected, "\(mode) at \(scale)x")
                        if let result, mode != .replace {
                            // contains() agrees with the flags at pixel centres.
                            let i = got.firstIndex(of: true)!
                            XCTAssertTrue(result.contains(Point(x: (Double(i % whole.width) + 0.5) / scale, y: (Double(i / whole.width) + 0.5) / scale)))
                        }
                    }
                }
            }
        }
        XCTAssertNil(SelectionMode.subtract.combine(shapes[0], with: shapes[0], scale: 1), "nothing left: no selection")
    }

    func testAMaskKeepsItsRunsEdgesAndJournalForm() throws {
        // A ring: a 6x6 square with a 2x2 hole.
        let flags = (0..<36).map { i -> Bool in let x = i % 6, y = i / 6; return !(x >= 2 && x < 4 && y >= 2 && y < 4) }
        let mask = try XCTUnwrap(SelectionMask(flags: flags, in: PixelRect(x0: 10, y0: 20, x1: 16, y1: 26), scale: 1))
        XCTAssertEqual(mask.area, PixelRect(x0: 10, y0: 20, x1: 16, y1: 26))
        XCTAssertEqual(mask.flags(in: PixelRect(x0: 10, y0: 20, x1: 16, y1: 26)), flags)
        let length = mask.outlineSegments().reduce(0.0) { $0 + $1.0.distance(to: $1.1) }
        XCTAssertEqual(length, 24 + 8, "the outer square's edges and the hole's")
        let decoded = try JSONDecoder().decode(SelectionMask.self, from: JSONEncoder().encode(mask))
        XCTAssertEqual(decoded, mask)
        XCTAssertEqual(mask.translated(dx: 5, dy: -3).area, PixelRect(x0: 15, y0: 17, x1: 21, y1: 23))
        // A damaged journal's mask is refused, not trusted.
        let bad = #"{"scale":1,"area":[0,0,4,4],"rowStarts":"AAAAAA==","runs":""}"#
        XCTAssertThrowsError(try JSONDecoder().decode(SelectionMask.self, from: Data(bad.utf8)))
    }
}
