import XCTest
@testable import PaintGraphics

/// Outlines with points far outside the picture, or not numbers at all, reach the rasterizer
/// from damaged journals and documents (a figure's path, a lasso, a photo's placement). They
/// must never stop the app: a point at 1e20 converted to Int trapped, and so did NaN.
final class FarAwayOutlineTests: XCTestCase {
    private let red = Color(red: 1, green: 0, blue: 0, alpha: 1)

    private func filled(_ points: [Point]) -> Bitmap {
        let bitmap = Bitmap(width: 64, height: 64, color: .white)
        let context = GraphicsContext(bitmap: bitmap)
        context.fillColor = red
        context.fill(Path.polygon(points))
        return bitmap
    }

    private func maximumDifference(_ a: Bitmap, _ b: Bitmap) -> Int {
        var worst = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a[x, y], q = b[x, y]
                for shift in stride(from: 0, to: 32, by: 8) as StrideTo<UInt32> {
                    worst = max(worst, abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF)))
                }
            }
        }
        return worst
    }

    func testAPointFarAboveFillsWhatTheOutlineCoversInThePicture() {
        // Two edges run almost straight up from x = 10 and x = 50 to the far point: inside the
        // picture the triangle is the band between them above the diagonal.
        let far = filled([Point(x: 10, y: 10), Point(x: 50, y: -1e20), Point(x: 50, y: 50)])
        XCTAssertEqual(far.color(atX: 30, y: 5), red, "between the two edges, above the diagonal")
        XCTAssertEqual(far.color(atX: 30, y: 40), .white, "below the diagonal")
        XCTAssertEqual(far.color(atX: 5, y: 5), .white, "left of the first edge")
        // Within the picture those edges are the ones a point a million pixels up gives.
        let near = filled([Point(x: 10, y: 10), Point(x: 50, y: -1e6), Point(x: 50, y: 50)])
        XCTAssertLessThanOrEqual(maximumDifference(far, near), 1)
        // And far below, far right and far left.
        XCTAssertEqual(filled([Point(x: 10, y: 10), Point(x: 50, y: 1e20), Point(x: 50, y: 50)]).color(atX: 45, y: 60), red)
        XCTAssertEqual(filled([Point(x: 10, y: 10), Point(x: 1e25, y: 1e22), Point(x: 10, y: 50)]).color(atX: 40, y: 20), red)
        XCTAssertEqual(filled([Point(x: 60, y: 10), Point(x: -1e22, y: 30), Point(x: 60, y: 50)]).color(atX: 30, y: 30), red)
    }

    func testOutlinesWithPointsThatAreNotNumbersOrAbsurdlyFarAreLeftOut() {
        let blank = Bitmap(width: 64, height: 64, color: .white)
        for point in [Point(x: .nan, y: 30), Point(x: 30, y: .nan), Point(x: .infinity, y: 30), Point(x: 30, y: -1e300)] {
            let bitmap = filled([Point(x: 10, y: 10), point, Point(x: 50, y: 50), Point(x: 10, y: 50)])
            XCTAssertEqual(maximumDifference(bitmap, blank), 0, "\(point)")
        }
        // A point just inside the limit still fills, and the outline next to it is unharmed.
        let bitmap = filled([Point(x: 10, y: 10), Point(x: 10, y: -1e99), Point(x: 50, y: 50)])
        XCTAssertEqual(bitmap.color(atX: 40, y: 20), red)
    }
}
