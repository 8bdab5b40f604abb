import XCTest
@testable import PaintToolkit
import ToolkitTestSupport
import TestSupport

final class ViewGeometryTests: XCTestCase {
    private func nestedTransformedViews() -> (Window, View, View) {
        let window = Window(size: Size(width: 600, height: 600))
        let outer = View(frame: Rect(x: 100, y: 80, width: 300, height: 200))
        outer.transform = AffineTransform(rotationAngle: 0.4).scaledBy(x: 1.5, y: 0.8)
        outer.bounds.origin = Point(x: 10, y: -20)
        let inner = View(frame: Rect(x: 40, y: 30, width: 80, height: 60))
        inner.transform = AffineTransform(rotationAngle: -1.1)
        window.addSubview(outer)
        outer.addSubview(inner)
        return (window, outer, inner)
    }

    func testPointAndRectConversionsRoundTripThroughTransforms() {
        let (_, outer, inner) = nestedTransformedViews()
        for p in [Point(x: 0, y: 0), Point(x: 33.3, y: -12.5), Point(x: 80, y: 60)] {
            let inWindow = inner.convert(p, to: nil)
            let back = inner.convert(inWindow, from: nil)
            XCTAssertEqual(back.x, p.x, accuracy: 1e-9)
            XCTAssertEqual(back.y, p.y, accuracy: 1e-9)
            let viaOuter = outer.convert(inner.convert(p, to: outer), to: inner)
            XCTAssertEqual(viaOuter.x, p.x, accuracy: 1e-9)
            XCTAssertEqual(viaOuter.y, p.y, accuracy: 1e-9)
        }
        let rect = Rect(x: 5, y: 5, width: 20, height: 10)
        let converted = inner.convert(rect, to: nil)
        for corner in [Point(x: 5, y: 5), Point(x: 25, y: 15)] {
            let p = inner.convert(corner, to: nil)
            XCTAssertTrue(converted.insetBy(dx: -1e-9, dy: -1e-9).contains(p), "the box holds every corner")
        }
    }

    /// A view's window and its transform into it are kept between questions: every change of
    /// any view's place, and a view going away, must be seen by the next one.
    func testConversionsFollowEveryChangeOfAnAncestorsPlace() {
        let (window, outer, inner) = nestedTransformedViews()
        let p = Point(x: 12, y: 7)
        /// The transform into the window, composed by hand from each view's own placement.
        func expected(_ view: View) -> Point {
            var point = p
            var v: View? = view
            while let current = v, !(current is Window) {
                point = current.transformToSuperview.apply(to: point)
                v = current.superview
            }
            return point
        }
        func check(_ what: String) {
            let shown = inner.convert(p, to: nil), want = expected(inner)
            XCTAssertEqual(shown.x, want.x, accuracy: 1e-9, what)
            XCTAssertEqual(shown.y, want.y, accuracy: 1e-9, what)
            let back = inner.convert(shown, from: nil)
            XCTAssertEqual(back.x, p.x, accuracy: 1e-9, what)
            XCTAssertEqual(back.y, p.y, accuracy: 1e-9, what)
        }
        check("at first")
        outer.center = Point(x: 300, y: 310)
        check("the outer view moved")
        outer.transform = AffineTransform(rotationAngle: -0.7)
        check("the outer view turned")
        outer.bounds.origin = Point(x: -40, y: 15)
        check("the outer view scrolled")
        inner.bounds.size = Size(width: 30, height: 90)
        check("the inner view resized")
        let other = View(frame: Rect(x: 50, y: 50, width: 100, height: 100))
        window.addSubview(other)
        other.addSubview(inner)
        XCTAssertTrue(inner.superview === other)
        check("moved to another parent")
        inner.removeFromSuperview()
        XCTAssertNil(inner.window, "out of the window")
        XCTAssertEqual(inner.convert(p, to: nil).x, expected(inner).x, accuracy: 1e-9)
        other.addSubview(inner)
        XCTAssertTrue(inner.window === window)
        // The window going away leaves its views without one.
        func viewOfAWindowGone() -> View {
            let shortLived = Window(size: Size(width: 100, height: 100))
            let view = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
            shortLived.addSubview(view)
            XCTAssertTrue(view.window === shortLived)
            return view
        }
        let held = viewOfAWindowGone()
        XCTAssertNil(held.window, "its window went away")
    }

    func testTransformIsAboutTheCentreAndFrameFollows() {
        let view = View(frame: Rect(x: 100, y: 100, width: 100, height: 50))
        view.transform = AffineTransform(rotationAngle: .pi / 2)
        XCTAssertEqual(view.center, Point(x: 150, y: 125), "rotation keeps the centre")
        XCTAssertEqual(view.frame.width, 50, accuracy: 1e-9)
        XCTAssertEqual(view.frame.height, 100, accuracy: 1e-9)
        XCTAssertEqual(view.frame.midX, 150, accuracy: 1e-9)
    }

    func testHitTestingGoesThroughTransforms() {
        let window = Window(size: Size(width: 400, height: 400))
        let rotated = View(frame: Rect(x: 100, y: 190, width: 200, height: 20))
        rotated.transform = AffineTransform(rotationAngle: .pi / 2) // now a vertical bar at x 190-210
        window.addSubview(rotated)
        XCTAssertTrue(window.hitTest(Point(x: 200, y: 120)) === rotated)
        XCTAssertTrue(window.hitTest(Point(x: 120, y: 200)) === window, "where the bar was before rotating")
    }

    func testPointsOutsideTheParentNeverReachItsChildrenEvenWithoutClipping() {
        let window = Window(size: Size(width: 400, height: 400))
        let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let child = View(frame: Rect(x: 50, y: 50, width: 200, height: 200)) // sticks out
        window.addSubview(parent)
        parent.addSubview(child)
        XCTAssertFalse(parent.clipsToBounds)
        XCTAssertTrue(window.hitTest(Point(x: 75, y: 75)) === child)
        XCTAssertTrue(window.hitTest(Point(x: 150, y: 150)) === window, "inside the child, outside the parent")
    }

    func testTouchesBeganTogetherArriveInOneCallAndOneAfterTheOtherInTwo() {
        let h = GestureHarness()
        let target = TouchLogView(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        target.isMultipleTouchEnabled = true
        h.view.addSubview(target)
        h.sendTogether([(1, .began, 10, 10), (2, .began, 50, 50)])
        XCTAssertEqual(target.log, ["began 2"])
        h.sendTogether([(1, .ended, 10, 10), (2, .ended, 50, 50)])
        h.down(3, 10, 10)
        h.down(4, 50, 50)
        XCTAssertEqual(target.log, ["began 2", "ended 2", "began 1", "began 1"])
    }

    func testASingleTouchViewGetsOnlyItsFirstTouch() {
        let h = GestureHarness()
        let target = TouchLogView(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        target.isMultipleTouchEnabled = false
        h.view.addSubview(target)
        h.down(1, 10, 10)
        h.down(2, 50, 50)
        h.up(2, 50, 50)
        h.up(1, 10, 10)
        XCTAssertEqual(target.log, ["began 1", "ended 1"])
    }

    func testOneTouchObjectPerFingerAndOneEventPerSequence() {
        final class Recorder: View {
            var touches: [ObjectIdentifier] = []
            var events: [ObjectIdentifier] = []
            override func touchesBegan(_ t: Set<Touch>, with e: TouchEvent) { record(t, e) }
            override func touchesMoved(_ t: Set<Touch>, with e: TouchEvent) { record(t, e) }
            override func touchesEnded(_ t: Set<Touch>, with e: TouchEvent) { record(t, e) }
            func record(_ t: Set<Touch>, _ e: TouchEvent) {
                touches += t.map(ObjectIdentifier.init)
                events.append(ObjectIdentifier(e))
            }
        }
        let h = GestureHarness()
        let target = Recorder(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        h.view.addSubview(target)
        h.down(1, 10, 10); h.move(1, 20, 20); h.up(1, 30, 30)
        XCTAssertEqual(Set(target.touches).count, 1)
        XCTAssertEqual(Set(target.events).count, 1)
    }

    func testTouchesAndKeysTravelUpToTheViewControllerAndTheApplication() {
        final class Controller: ViewController {
            var touches = 0
            var keys: [KeyEvent] = []
            override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) { self.touches += 1 }
            override func keyDown(_ event: KeyEvent) -> Bool {
                if event.key == .character("k") { keys.append(event); return true }
                return super.keyDown(event)
            }
        }
        final class RecordingApplication: Application {
            var keys = 0
            override func keyDown(_ event: KeyEvent) -> Bool { keys += 1; return true }
        }
        let app = RecordingApplication(clock: ManualClock())
        let window = Window(size: Size(width: 200, height: 200), application: app)
        let controller = Controller()
        window.rootViewController = controller
        let child = View(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        controller.view.addSubview(child)
        window.render()
        var driver = TouchDriver(window: window)
        driver.tap(Point(x: 20, y: 20))
        XCTAssertEqual(controller.touches, 1, "the child did not handle it: its superview's controller did")
        let focusable = FocusableView(frame: Rect(x: 10, y: 70, width: 50, height: 20))
        controller.view.addSubview(focusable)
        XCTAssertTrue(focusable.becomeFirstResponder())
        XCTAssertTrue(window.send(KeyEvent(.character("k"))))
        XCTAssertEqual(controller.keys.count, 1, "from the first responder up to the controller")
        XCTAssertTrue(window.send(KeyEvent(.character("q"))))
        XCTAssertEqual(app.keys, 1, "and on to the application")
    }
}

/// A view that takes keys first when asked (and handles none itself).
final class FocusableView: View {
    override var canBecomeFirstResponder: Bool { true }
}
