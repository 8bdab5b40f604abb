import XCTest
@testable import PaintToolkit
import ToolkitTestSupport

/// The toolkit's back references (a view's superview, a touch's view and window, a recognizer's
/// view and arena, a first responder's window) are neither retained nor weak, for speed: each
/// must read nil once what it names has gone away, as a weak reference would.
final class UnretainedReferencesTests: XCTestCase {
    /// Records the touches it gets, keeping them past the view's life.
    private final class TouchKeeper: View {
        var began: [Touch] = []
        override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) { began += touches }
    }

    func testASubviewThatOutlivesItsSuperviewHasNone() {
        let child = View(frame: Rect(x: 10, y: 20, width: 30, height: 40))
        var parent: View? = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        parent?.addSubview(child)
        XCTAssertTrue(child.superview === parent)
        parent = nil
        XCTAssertNil(child.superview)
        XCTAssertNil(child.window)
        let p = child.convert(Point(x: 1, y: 2), to: nil)
        XCTAssertEqual(p, Point(x: 11, y: 22), "alone, its frame places it in what would be the window")
    }

    func testARecognizerThatOutlivesItsViewHasNone() {
        let recognizer = PanGestureRecognizer()
        var view: View? = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        view?.addGestureRecognizer(recognizer)
        XCTAssertTrue(recognizer.view === view)
        view = nil
        XCTAssertNil(recognizer.view)
    }

    func testATouchKeptPastItsViewAndWindowNamesNeither() {
        var window: Window? = Window(size: Size(width: 200, height: 200))
        var keeper: TouchKeeper? = TouchKeeper(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        window?.addSubview(keeper!)
        window?.send([TouchInput(identifier: 1, phase: .began, location: Point(x: 50, y: 50), timestamp: 0)])
        let touches = keeper!.began
        XCTAssertEqual(touches.count, 1)
        XCTAssertTrue(touches[0].view === keeper)
        XCTAssertTrue(touches[0].window === window)
        // The view leaves the window while its touch is in flight, and goes away.
        keeper?.removeFromSuperview()
        keeper = nil
        XCTAssertNil(touches[0].view)
        XCTAssertTrue(touches[0].window === window)
        window?.send([TouchInput(identifier: 1, phase: .ended, location: Point(x: 60, y: 50), timestamp: 0.1)])
        window = nil
        XCTAssertNil(touches[0].window)
        XCTAssertEqual(touches[0].location(in: nil), Point(x: 60, y: 50))
    }

    func testARecognizerLeftInTheArenaOfAWindowThatWentAwayIsInNone() {
        let recognizer = PanGestureRecognizer()
        let view = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        view.addGestureRecognizer(recognizer)
        var window: Window? = Window(size: Size(width: 200, height: 200))
        window?.addSubview(view)
        window?.send([TouchInput(identifier: 1, phase: .began, location: Point(x: 50, y: 50), timestamp: 0)])
        XCTAssertNotNil(recognizer.arena, "a touch on its view put it in the window's arena")
        // The window goes with the touch still down (a closed window): the view and its
        // recognizer live on elsewhere.
        view.removeFromSuperview()
        window = nil
        XCTAssertNil(recognizer.arena)
        XCTAssertTrue(recognizer.requiredToFail.isEmpty)
    }

    func testAFirstResponderOutlivingItsWindowIsFirstResponderOfNone() {
        let field = TextField(frame: Rect(x: 0, y: 0, width: 120, height: 24))
        var window: Window? = Window(size: Size(width: 200, height: 200))
        window?.addSubview(field)
        XCTAssertTrue(field.becomeFirstResponder())
        XCTAssertTrue(field.isFirstResponder)
        XCTAssertTrue(field.firstResponderWindow === window)
        field.removeFromSuperview()
        XCTAssertFalse(field.isFirstResponder, "leaving the window resigned it")
        XCTAssertNil(field.firstResponderWindow)

        window?.addSubview(field)
        XCTAssertTrue(field.becomeFirstResponder())
        // Something else takes the keys: the field no longer names the window.
        let other = TextField(frame: Rect(x: 0, y: 40, width: 120, height: 24))
        window?.addSubview(other)
        XCTAssertTrue(other.becomeFirstResponder())
        XCTAssertNil(field.firstResponderWindow)
        XCTAssertTrue(other.firstResponderWindow === window)
        // The window goes while the other is first responder, and the other stays.
        other.removeFromSuperview()
        XCTAssertTrue(other.becomeFirstResponder() == false, "outside a window it cannot take the keys")
        window?.addSubview(other)
        XCTAssertTrue(other.becomeFirstResponder())
        let kept = other
        window = nil
        XCTAssertNil(kept.firstResponderWindow)
        XCTAssertFalse(kept.isFirstResponder)
        XCTAssertTrue(kept.resignFirstResponder())
    }
}
