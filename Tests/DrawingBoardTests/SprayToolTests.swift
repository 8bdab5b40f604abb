import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// Airbrush (Y): dots over a disc while the button is held, more the longer it is
/// held, the same dots after a crash.
final class SprayToolTests: RestartingBoardTestCase {
    private func paintedPixels(around centre: Point, radius: Double) -> (inside: Int, outside: Int) {
        let layer = canvas.content.drawing.stack.pixels(of: 0)!, scale = canvas.layerScale
        var inside = 0, outside = 0
        for y in 0..<layer.height {
            for x in 0..<layer.width where layer[x, y] >> 24 > 0 {
                let dx = Double(x) / scale - centre.x, dy = Double(y) / scale - centre.y
                if (dx * dx + dy * dy).squareRoot() <= radius + 1.5 { inside += 1 } else { outside += 1 }
            }
        }
        return (inside, outside)
    }

    func testHeldStillItSpraysMoreDotsInsideItsDiscAndTheyComeBackAfterACrash() {
        session.window.send(KeyEvent(.character("y")))
        XCTAssertTrue(canvas.brush is SprayBrush)
        board.setStrokeWidth(10)
        let radius = SprayTool.radius(forWidth: 10), centre = Point(x: 200, y: 150)
        touch(.began, at: w(centre.x, centre.y))
        let first = canvas.sprayTool.spray?.dabs.count ?? 0
        XCTAssertEqual(first, 1, "a dab at the press")
        for _ in 0..<30 {
            session.clock.advance(by: 1 / 60)
            session.window.application.tick()
        }
        let held = canvas.sprayTool.spray?.dabs.count ?? 0
        XCTAssertGreaterThanOrEqual(held, 10, "held half a second: a dab each tick")
        let early = paintedPixels(around: centre, radius: radius)
        touch(.ended, at: w(centre.x, centre.y))
        XCTAssertEqual(canvas.document.items.count, 1, "one item")
        let spread = paintedPixels(around: centre, radius: radius)
        XCTAssertEqual(spread.outside, 0, "no dot outside the disc")
        XCTAssertGreaterThan(spread.inside, Int(Double.pi * radius * radius * 0.3), "the disc fills in")
        XCTAssertEqual(spread.inside, early.inside, "what showed while held is what is kept")
        let drawn = canvas.renderArtwork()
        crash()
        start()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: drawn), "every dot where it fell, after a crash")
    }

    func testAPenPressedLightlySpraysFewerDots() {
        XCTAssertLessThan(Spray.dotsPerDab(radius: 15, pressure: 0.2), Spray.dotsPerDab(radius: 15, pressure: 1))
        XCTAssertGreaterThan(Spray.dotsPerDab(radius: 30), Spray.dotsPerDab(radius: 15), "a wider disc, more dots")
    }
}
