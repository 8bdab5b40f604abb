import Foundation
import XCTest
@testable import PaintToolkit
import PaintGraphics

/// A viewport turned and mirrored: content and view points map back and forth exactly, the
/// zoom keeps the point under the pointer, a scroll moves the content along the screen's axes.
final class TurnedViewportTests: XCTestCase {
    private func viewport(rotation: Double, mirrored: Bool) -> ZoomViewport {
        var viewport = ZoomViewport(contentSize: Size(width: 800, height: 600), viewSize: Size(width: 1000, height: 700))
        viewport.fit()
        viewport.setRotation(rotation)
        viewport.setMirrored(mirrored)
        return viewport
    }

    func testPointsGoThereAndBack() {
        for (rotation, mirrored) in [(0.0, false), (37.0, false), (-90.0, true), (180.0, false), (15.0, true)] {
            let port = viewport(rotation: rotation, mirrored: mirrored)
            for p in [Point(x: 0, y: 0), Point(x: 123.5, y: 456.25), Point(x: 800, y: 600)] {
                let back = port.contentPoint(port.viewPoint(p))
                XCTAssertEqual(back.x, p.x, accuracy: 1e-9)
                XCTAssertEqual(back.y, p.y, accuracy: 1e-9)
                let viaTransform = port.transform.apply(to: p), direct = port.viewPoint(p)
                XCTAssertEqual(viaTransform.x, direct.x, accuracy: 1e-9)
                XCTAssertEqual(viaTransform.y, direct.y, accuracy: 1e-9)
            }
        }
    }

    func testTheTurnIsAboutTheViewsCentreAndClockwise() {
        let upright = viewport(rotation: 0, mirrored: false), turned = viewport(rotation: 90, mirrored: false)
        let centre = Point(x: 500, y: 350)
        let under = upright.contentPoint(centre)
        XCTAssertEqual(turned.viewPoint(under).x, centre.x, accuracy: 1e-9, "the content under the centre stays")
        // A point right of the centre goes below it, a quarter turn clockwise on screen.
        let right = turned.viewPoint(Point(x: under.x + 100, y: under.y))
        XCTAssertEqual(right.x, centre.x, accuracy: 1e-9)
        XCTAssertGreaterThan(right.y, centre.y)
        XCTAssertEqual(viewport(rotation: 370, mirrored: false).rotation, 10, "angles wrap")
        let mirrored = viewport(rotation: 0, mirrored: true)
        XCTAssertLessThan(mirrored.viewPoint(Point(x: under.x + 100, y: under.y)).x, centre.x, "mirrored: right shows left")
    }

    func testZoomKeepsThePointUnderThePointerAndScrollingFollowsTheScreen() {
        var port = viewport(rotation: 37, mirrored: true)
        let pointer = Point(x: 420, y: 300)
        let under = port.contentPoint(pointer)
        port.zoom(to: port.scale * 2, about: pointer)
        let after = port.viewPoint(under)
        XCTAssertEqual(after.x, pointer.x, accuracy: 1e-9)
        XCTAssertEqual(after.y, pointer.y, accuracy: 1e-9)
        let before = port.viewPoint(under)
        port.scroll(by: Point(x: 0, y: 40))
        let moved = port.viewPoint(under)
        XCTAssertEqual(moved.x, before.x, accuracy: 1e-9, "the content moves straight up the screen")
        XCTAssertEqual(moved.y, before.y - 40, accuracy: 1e-9)
    }
}
