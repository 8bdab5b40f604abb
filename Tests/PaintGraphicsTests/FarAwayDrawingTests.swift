import XCTest
@testable import PaintGraphics

/// Text, curves, dashed outlines and pictures placed absurdly far away or absurdly large, as a
/// damaged or crafted document can ask for: each trapped (a conversion to Int) or never ended
/// (a line 1e20 pixels long cut into dashes 4 pixels long). They now draw what reaches the
/// picture, or nothing, and return.
final class FarAwayDrawingTests: XCTestCase {
    private func context() -> GraphicsContext { GraphicsContext(bitmap: Bitmap(width: 64, height: 64, color: .white)) }

    private func isBlank(_ bitmap: Bitmap) -> Bool {
        (0..<bitmap.height).allSatisfy { y in (0..<bitmap.width).allSatisfy { x in bitmap.color(atX: x, y: y) == .white } }
    }

    func testTextFarAwayDrawsNothingAndTextNearbyStillDraws() {
        let far = context()
        far.draw("Hello 你好", at: Point(x: 1e20, y: -1e20), font: .system(size: 14), color: .black)
        far.draw("Hello", at: Point(x: .nan, y: 30), font: .system(size: 14), color: .black)
        XCTAssertTrue(isBlank(far.bitmap))
        let near = context()
        near.draw("Hello", at: Point(x: 4, y: 30), font: .system(size: 14), color: .black)
        XCTAssertFalse(isBlank(near.bitmap))
    }

    func testACurveScaledPastTheLimitsOfDoublesIsFlattenedInABoundedNumberOfSegments() {
        var circle = Path()
        circle.addEllipse(in: Rect(x: 0, y: 0, width: 2, height: 2))
        for scale in [1e200, 1e300] {
            let lines = PathFlattener.flatten(circle, transform: PaintGraphics.AffineTransform(scaleX: scale, y: scale))
            XCTAssertLessThanOrEqual(lines.reduce(0) { $0 + $1.points.count }, 4 * 1000 + 1, "scale \(scale)")
        }
        XCTAssertEqual(PathFlattener.segmentCount(.nan), 1)
        XCTAssertEqual(PathFlattener.segmentCount(.infinity), 1000)
        XCTAssertEqual(PathFlattener.segmentCount(7.2), 8)
        // And drawn at such a scale, it returns.
        let scaled = context()
        scaled.scaleBy(x: 1e200, y: 1e200)
        scaled.fillCircle(center: Point(x: 1, y: 1), radius: 1, color: .black)
    }

    func testDashesAlongALineFarLongerThanAnyCanvasAreLeftSolidAndEnd() {
        let line = [Polyline(points: [Point(x: 0, y: 10), Point(x: 1e20, y: 10)], isClosed: false)]
        XCTAssertEqual(Dasher.dash(line, pattern: [4, 4], phase: 0), line, "solid: a million repeats at most")
        let tiny = [Polyline(points: [Point(x: 0, y: 10), Point(x: 60, y: 10)], isClosed: false)]
        XCTAssertEqual(Dasher.dash(tiny, pattern: [1e-300, 1e-300], phase: 0), tiny)
        // An ordinary dashed line is still dashed.
        XCTAssertEqual(Dasher.dash(tiny, pattern: [4, 4], phase: 0).count, 8)
        let drawn = context()
        drawn.lineWidth = 2
        drawn.lineStyle.dashes = [4, 4]
        drawn.stroke(Path.polygon([Point(x: 0, y: 0), Point(x: 1e20, y: 10)]))
        XCTAssertFalse(isBlank(drawn.bitmap), "what of the line lies in the picture is drawn")
    }

    func testAPicturePlacedFarAwayIsNotDrawnAndReturns() {
        let photo = Image(bitmap: Bitmap(width: 40, height: 30, color: .black))
        for transform in [PaintGraphics.AffineTransform(translationX: 1e20, y: -1e20),
                          PaintGraphics.AffineTransform(translationX: -1e300, y: 5)] {
            let c = context()
            c.draw(photo, transform: transform)
            XCTAssertTrue(isBlank(c.bitmap))
        }
        let near = context()
        near.draw(photo, transform: PaintGraphics.AffineTransform(translationX: 3, y: 4))
        XCTAssertEqual(near.bitmap.color(atX: 10, y: 10), .black)
    }
}
