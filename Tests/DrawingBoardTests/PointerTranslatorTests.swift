import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

final class PointerTranslatorTests: XCTestCase {
    private func setUpPinchTarget() -> (GestureHarness, PointerTranslator, View, PinchGestureRecognizer, RotationGestureRecognizer) {
        let h = GestureHarness()
        let target = View(frame: Rect(x: 100, y: 100, width: 200, height: 200)) // centre (200, 200)
        target.isMultipleTouchEnabled = true
        h.view.addSubview(target)
        let pinch = PinchGestureRecognizer(), rotation = RotationGestureRecognizer()
        let delegate = SimultaneousDelegate()
        pinch.delegate = delegate
        rotation.delegate = delegate
        target.addGestureRecognizer(pinch)
        target.addGestureRecognizer(rotation)
        keep(delegate)
        return (h, PointerTranslator(window: h.window), target, pinch, rotation)
    }

    /// Delegates are weak; the test keeps them alive.
    private var kept: [AnyObject] = []
    private func keep(_ object: AnyObject) { kept.append(object) }

    func testControlDragMakesTwoMirroredFingersThatPinch() {
        let (h, pointer, _, pinch, _) = setUpPinchTarget()
        defer { withExtendedLifetime(h) {} }
        var scales: [Double] = []
        pinch.addTarget { scales.append(($0 as! PinchGestureRecognizer).scale) }
        pointer.handle(PointerEvent(.press, at: Point(x: 250, y: 200), modifiers: .control, timestamp: 0))
        XCTAssertEqual(pointer.secondLocation(for: Point(x: 250, y: 200)), Point(x: 150, y: 200), "mirrored about the centre")
        pointer.handle(PointerEvent(.motion, at: Point(x: 275, y: 200), modifiers: .control, timestamp: 0.05))
        pointer.handle(PointerEvent(.motion, at: Point(x: 300, y: 200), modifiers: .control, timestamp: 0.1))
        XCTAssertEqual(pinch.scale, 2, accuracy: 1e-9, "fingers 100 apart, now 200")
        XCTAssertTrue(h.window.subviews.contains { $0 is TouchIndicatorView }, "the two fingers are shown")
        pointer.handle(PointerEvent(.release, at: Point(x: 300, y: 200), modifiers: .control, timestamp: 0.15))
        XCTAssertEqual(scales.last ?? 0, 2, accuracy: 1e-9)
        XCTAssertFalse(h.window.subviews.contains { $0 is TouchIndicatorView }, "and hidden afterwards")
    }

    func testTheTwoFingersAppearAndGoWithoutRedrawingTheWholeWindow() {
        // At 4K a whole-window frame of a placed photo took 40-50 ms on each press and release.
        let (h, pointer, _, _, _) = setUpPinchTarget()
        defer { withExtendedLifetime(h) {} }
        h.window.render()
        let whole = 400.0 * 400
        func redrawn() -> Double { h.window.render().reduce(0) { $0 + Double($1.width * $1.height) } }
        let circle = pow(2 * TouchIndicatorView.radius + 6, 2) // its rectangle, a pixel more each side
        pointer.handle(PointerEvent(.press, at: Point(x: 250, y: 200), modifiers: .control, timestamp: 0))
        let shown = redrawn()
        XCTAssertGreaterThan(shown, 0, "the fingers are drawn")
        XCTAssertLessThanOrEqual(shown, 2 * circle, "only where they are")
        pointer.handle(PointerEvent(.motion, at: Point(x: 275, y: 210), modifiers: .control, timestamp: 0.05))
        XCTAssertLessThan(redrawn(), whole / 4)
        pointer.handle(PointerEvent(.release, at: Point(x: 275, y: 210), modifiers: .control, timestamp: 0.1))
        let hidden = redrawn()
        XCTAssertGreaterThan(hidden, 0, "the fingers are wiped")
        XCTAssertLessThanOrEqual(hidden, 2 * circle, "only where they were")
        XCTAssertEqual(h.window.backbuffer[275, 210], h.window.backbuffer[10, 10], "nothing of them is left")
    }

    func testControlDragAroundTheCentreRotates() {
        let (h, pointer, _, _, rotation) = setUpPinchTarget()
        defer { withExtendedLifetime(h) {} }
        pointer.handle(PointerEvent(.press, at: Point(x: 250, y: 200), modifiers: .control, timestamp: 0))
        pointer.handle(PointerEvent(.motion, at: Point(x: 200 + 50 * cos(0.2), y: 200 + 50 * sin(0.2)), modifiers: .control, timestamp: 0.05))
        pointer.handle(PointerEvent(.motion, at: Point(x: 200 + 50 * cos(0.5), y: 200 + 50 * sin(0.5)), modifiers: .control, timestamp: 0.1))
        XCTAssertEqual(rotation.rotation, 0.5, accuracy: 1e-9)
    }

    func testControlShiftDragPansWithTwoFingers() {
        let h = GestureHarness()
        let pan = PanGestureRecognizer()
        pan.minimumNumberOfTouches = 2
        h.view.addGestureRecognizer(pan)
        let pointer = PointerTranslator(window: h.window)
        var counts: [Int] = []
        pan.addTarget { counts.append($0.numberOfTouches) }
        pointer.handle(PointerEvent(.press, at: Point(x: 100, y: 100), modifiers: [.control, .shift], timestamp: 0))
        pointer.handle(PointerEvent(.motion, at: Point(x: 140, y: 130), modifiers: [.control, .shift], timestamp: 0.1))
        XCTAssertEqual(pan.translation(in: h.view), Point(x: 40, y: 30))
        XCTAssertEqual(counts, [2], "two fingers moving together")
    }

    func testPlainDragIsOneTouch() {
        let h = GestureHarness()
        let target = TouchLogView(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        h.view.addSubview(target)
        let pointer = PointerTranslator(window: h.window)
        pointer.handle(PointerEvent(.press, at: Point(x: 10, y: 10), timestamp: 0))
        pointer.handle(PointerEvent(.motion, at: Point(x: 20, y: 10), timestamp: 0.01))
        pointer.handle(PointerEvent(.release, at: Point(x: 20, y: 10), timestamp: 0.02))
        XCTAssertEqual(target.log, ["began 1", "moved 1", "ended 1"])
    }

    func testCtrlWheelZoomsAndCtrlShiftWheelRotatesThroughTransformEvents() {
        let (h, pointer, _, pinch, rotation) = setUpPinchTarget()
        let pinches = StateLog(pinch)
        pointer.handle(PointerEvent(.wheel(up: 1), at: Point(x: 200, y: 200), modifiers: .control, timestamp: 0))
        pointer.handle(PointerEvent(.wheel(up: 1), at: Point(x: 200, y: 200), modifiers: .control, timestamp: 0.05))
        XCTAssertEqual(pinch.scale, 1.21, accuracy: 1e-9, "1.1 a notch")
        XCTAssertEqual(pinches.states, [.began, .changed])
        h.wait(0.31)
        XCTAssertEqual(pinches.states, [.began, .changed, .ended], "the wheel gesture ends when the wheel rests")
        pointer.handle(PointerEvent(.wheel(up: -2), at: Point(x: 200, y: 200), modifiers: [.control, .shift], timestamp: 1))
        XCTAssertEqual(rotation.rotation, -10 * .pi / 180, accuracy: 1e-9, "5 degrees a notch")
    }

    func testEscapeCancelsASimulatedGesture() {
        let (h, pointer, _, pinch, _) = setUpPinchTarget()
        let log = StateLog(pinch)
        pointer.handle(PointerEvent(.press, at: Point(x: 250, y: 200), modifiers: .control, timestamp: 0))
        pointer.handle(PointerEvent(.motion, at: Point(x: 300, y: 200), modifiers: .control, timestamp: 0.1))
        pointer.cancel(timestamp: 0.2)
        XCTAssertEqual(log.states, [.began, .cancelled])
        XCTAssertFalse(h.window.subviews.contains { $0 is TouchIndicatorView })
    }

    func testTheWheelScrollsAScrollableViewInsteadOfZooming() {
        let h = GestureHarness()
        let grid = TileGridView(tileSize: Size(width: 100, height: 100))
        grid.frame = Rect(x: 0, y: 0, width: 400, height: 300)
        grid.setTiles((0..<40).map { _ in View() })
        h.view.addSubview(grid)
        h.window.render()
        let pointer = PointerTranslator(window: h.window)
        pointer.handle(PointerEvent(.wheel(up: -2), at: Point(x: 200, y: 150), timestamp: 0))
        XCTAssertEqual(grid.bounds.origin.y, 2 * ScrollEvent.notch, "two notches down")
        pointer.handle(PointerEvent(.wheel(up: 5), at: Point(x: 200, y: 150), timestamp: 0.1))
        XCTAssertEqual(grid.bounds.origin.y, 0, "not above the top")
    }

    func testSmoothScrollingMovesByFractionsOfANotchInBothDirections() {
        let h = GestureHarness()
        let scrolled = ScrollLogView(frame: h.view.bounds)
        h.view.addSubview(scrolled)
        let pointer = PointerTranslator(window: h.window)
        pointer.handle(PointerEvent(.scroll(right: 0.25, down: 0.5), at: Point(x: 100, y: 100), timestamp: 0))
        pointer.handle(PointerEvent(.wheel(up: 1), at: Point(x: 100, y: 100), modifiers: .shift, timestamp: 0.1))
        pointer.handle(PointerEvent(.scroll(right: 1, down: 0), at: Point(x: 100, y: 100), modifiers: .shift, timestamp: 0.2))
        XCTAssertEqual(scrolled.deltas, [Point(x: 0.25 * ScrollEvent.notch, y: 0.5 * ScrollEvent.notch),
                                         Point(x: -ScrollEvent.notch, y: 0),
                                         Point(x: ScrollEvent.notch, y: 0)],
                       "a touchpad scrolls by what the fingers moved; Shift turns only a vertical wheel sideways")
    }

    func testCtrlAndSmoothScrollingZoomsByFractionsOfANotch() {
        let (h, pointer, _, pinch, _) = setUpPinchTarget()
        defer { withExtendedLifetime(h) {} }
        pointer.handle(PointerEvent(.scroll(right: 0, down: -0.5), at: Point(x: 200, y: 200), modifiers: .control, timestamp: 0))
        pointer.handle(PointerEvent(.scroll(right: 3, down: 0), at: Point(x: 200, y: 200), modifiers: .control, timestamp: 0.01))
        XCTAssertEqual(pinch.scale, pow(1.1, 0.5), accuracy: 1e-9, "half a notch up zooms in by half a notch; sideways does not zoom")
    }

    func testWhereNothingScrollsThePlainWheelStillZooms() {
        let (h, pointer, _, pinch, _) = setUpPinchTarget()
        defer { withExtendedLifetime(h) {} }
        pointer.handle(PointerEvent(.wheel(up: 1), at: Point(x: 200, y: 200), timestamp: 0))
        XCTAssertEqual(pinch.scale, 1.1, accuracy: 1e-9, "a photo being placed zooms with the wheel as before")
    }

    func testAMiddleButtonDragScrollsWithTheHand() {
        let h = GestureHarness()
        let scrolled = ScrollLogView(frame: h.view.bounds)
        h.view.addSubview(scrolled)
        let pointer = PointerTranslator(window: h.window)
        pointer.handle(PointerEvent(.middlePress, at: Point(x: 100, y: 100), timestamp: 0))
        pointer.handle(PointerEvent(.middleDrag, at: Point(x: 130, y: 90), timestamp: 0.01))
        pointer.handle(PointerEvent(.middleDrag, at: Point(x: 150, y: 90), timestamp: 0.02))
        pointer.handle(PointerEvent(.middleRelease, at: Point(x: 150, y: 90), timestamp: 0.03))
        pointer.handle(PointerEvent(.middleDrag, at: Point(x: 200, y: 90), timestamp: 0.04))
        XCTAssertEqual(scrolled.deltas, [Point(x: -30, y: 10), Point(x: -20, y: 0)], "the content follows the hand; nothing after release")
    }

    func testSpaceAndALeftDragScrollInsteadOfDrawing() {
        let h = GestureHarness()
        let scrolled = ScrollLogView(frame: h.view.bounds)
        h.view.addSubview(scrolled)
        let pointer = PointerTranslator(window: h.window)
        pointer.panKeyHeld = true
        pointer.handle(PointerEvent(.press, at: Point(x: 100, y: 100), timestamp: 0))
        pointer.handle(PointerEvent(.motion, at: Point(x: 120, y: 140), timestamp: 0.01))
        pointer.handle(PointerEvent(.release, at: Point(x: 120, y: 140), timestamp: 0.02))
        XCTAssertEqual(scrolled.deltas, [Point(x: -20, y: -40)])
        XCTAssertEqual(scrolled.touches, 0, "no touch: nothing drawn")
        pointer.panKeyHeld = false
        pointer.handle(PointerEvent(.press, at: Point(x: 100, y: 100), timestamp: 1))
        pointer.handle(PointerEvent(.release, at: Point(x: 100, y: 100), timestamp: 1.01))
        XCTAssertEqual(scrolled.touches, 1, "without Space the button touches again")
    }
}

/// Logs scroll requests.
private final class ScrollLogView: View {
    var deltas: [Point] = []
    var touches = 0
    override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) { self.touches += 1 }
    override func scrollWheel(_ event: ScrollEvent) -> Bool {
        deltas.append(event.delta)
        return true
    }
}
