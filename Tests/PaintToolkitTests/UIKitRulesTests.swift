import XCTest
@testable import PaintToolkit
import ToolkitTestSupport
import TestSupport

/// The twelve places where the toolkit differed from UIKit, each stated as UIKit's
/// rule, plus the touch properties the drawing board and pens need.
final class UIKitRulesTests: XCTestCase {
    // MARK: 1-3. Where a tap was, and its touches in the action

    func testADoubleTapIsWhereTheFirstTapWas() {
        let h = GestureHarness()
        let doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        h.view.addGestureRecognizer(doubleTap)
        var location: Point?
        doubleTap.addTarget { location = $0.location(in: h.view) }
        h.down(1, 100, 100); h.up(1, 100, 100)
        h.wait(0.1)
        h.down(2, 106, 104); h.up(2, 106, 104)
        XCTAssertEqual(location, Point(x: 100, y: 100))
    }

    func testATwoFingerTapIsAtTheCentroidAndItsActionStillSeesItsTouches() {
        let h = GestureHarness()
        let tap = TapGestureRecognizer()
        tap.numberOfTouchesRequired = 2
        h.view.addGestureRecognizer(tap)
        var seen: (location: Point, count: Int, first: Point, second: Point)?
        tap.addTarget {
            seen = ($0.location(in: h.view), $0.numberOfTouches, $0.location(ofTouch: 0, in: h.view), $0.location(ofTouch: 1, in: h.view))
        }
        h.sendTogether([(1, .began, 100, 100), (2, .began, 140, 120)])
        h.sendTogether([(1, .ended, 100, 100), (2, .ended, 140, 120)])
        XCTAssertEqual(seen?.location, Point(x: 120, y: 110))
        XCTAssertEqual(seen?.count, 2, "the action reads the tap's touches")
        XCTAssertEqual(seen?.first, Point(x: 100, y: 100))
        XCTAssertEqual(seen?.second, Point(x: 140, y: 120))
    }

    func testAnIndexBeyondTheTouchesIsReportedNotACrash() {
        let h = GestureHarness()
        let tap = TapGestureRecognizer()
        h.view.addGestureRecognizer(tap)
        var answer: Point?
        tap.addTarget { answer = $0.location(ofTouch: 5, in: h.view) }
        h.down(1, 50, 60); h.up(1, 50, 60)
        XCTAssertEqual(answer, Point(x: 50, y: 60), "the gesture's location, after a clear message")
        XCTAssertEqual(GestureRecognizer.outOfRange(5, of: 1, in: tap),
                       "programmer error: location(ofTouch: 5) on a TapGestureRecognizer with 1 touches")
        XCTAssertEqual(PanGestureRecognizer().location(ofTouch: 0, in: nil), .zero, "no touches at all: no crash either")
    }

    // MARK: 4-5. Pinch and rotation end when both fingers lift

    func testPinchAndRotationLastUntilTheLastFingerLiftsAndHoldTheirValue() {
        let h = GestureHarness()
        let pinch = PinchGestureRecognizer(), rotation = RotationGestureRecognizer()
        let delegate = SimultaneousDelegate()
        pinch.delegate = delegate
        rotation.delegate = delegate
        h.view.addGestureRecognizer(pinch)
        h.view.addGestureRecognizer(rotation)
        let pinchLog = StateLog(pinch), rotationLog = StateLog(rotation)
        h.sendTogether([(1, .began, 100, 200), (2, .began, 200, 200)])
        h.sendTogether([(1, .moved, 75, 190), (2, .moved, 225, 210)])
        h.sendTogether([(1, .moved, 50, 180), (2, .moved, 250, 220)])
        let scale = pinch.scale, angle = rotation.rotation
        XCTAssertGreaterThan(scale, 1.9)
        h.up(2, 250, 220)
        XCTAssertEqual(pinch.state, .changed, "one finger still down: the pinch goes on")
        XCTAssertEqual(rotation.state, .changed)
        h.move(1, 80, 150)
        XCTAssertEqual(pinch.scale, scale, "its scale held while one finger moves")
        XCTAssertEqual(rotation.rotation, angle)
        // The second finger back down: it goes on from the value held.
        h.down(3, 280, 150)
        h.move(3, 480, 150)
        XCTAssertEqual(pinch.scale, scale * 400 / 200, accuracy: 1e-9)
        h.sendTogether([(1, .ended, 80, 150), (3, .ended, 480, 150)])
        XCTAssertEqual(pinchLog.states.last, .ended)
        XCTAssertEqual(pinchLog.states.filter { $0 == .ended }.count, 1)
        XCTAssertEqual(rotationLog.states.last, .ended)
        withExtendedLifetime(delegate) {}
    }

    // MARK: 6. Pan velocity

    func testAPanThatRestsBeforeLiftingHasNoVelocity() {
        let h = GestureHarness()
        let pan = PanGestureRecognizer()
        h.view.addGestureRecognizer(pan)
        var velocityAtEnd: Point?
        pan.addTarget { if $0.state == .ended { velocityAtEnd = ($0 as! PanGestureRecognizer).velocity(in: h.view) } }
        h.down(1, 0, 100)
        for step in 1...10 {
            h.wait(0.01)
            h.move(1, Double(step) * 10, 100) // 1000 points a second
        }
        XCTAssertEqual(pan.velocity(in: h.view).x, 1000, accuracy: 1)
        h.wait(0.5)
        h.up(1, 100, 100)
        XCTAssertEqual(velocityAtEnd?.x ?? 99, 0, accuracy: 1, "rested half a second: no fling")
    }

    func testVelocityIsTimedByTheEventsNotByWhenTheyAreDelivered() {
        let h = GestureHarness()
        let pan = PanGestureRecognizer()
        h.view.addGestureRecognizer(pan)
        // Six motion events 10 ms apart by their timestamps, delivered in one burst (the clock
        // does not move): 600 points a second, not infinity.
        let start = h.clock.now
        h.window.send([TouchInput(identifier: 1, phase: .began, location: Point(x: 0, y: 0), timestamp: start)])
        for step in 1...6 {
            h.window.send([TouchInput(identifier: 1, phase: .moved, location: Point(x: Double(step) * 6, y: 0),
                                      timestamp: start + Double(step) * 0.01)])
        }
        XCTAssertEqual(pan.velocity(in: h.view).x, 600, accuracy: 1)
    }

    // MARK: 7. Recognizers compete only over touches they share

    func testATapElsewhereDoesNotKillAPendingSingleTap() {
        let h = GestureHarness()
        let a = View(frame: Rect(x: 0, y: 0, width: 100, height: 100)), b = View(frame: Rect(x: 200, y: 0, width: 100, height: 100))
        h.view.addSubview(a)
        h.view.addSubview(b)
        let singleA = TapGestureRecognizer(), doubleA = TapGestureRecognizer(), tapB = TapGestureRecognizer()
        doubleA.numberOfTapsRequired = 2
        singleA.require(toFail: doubleA)
        a.addGestureRecognizer(singleA)
        a.addGestureRecognizer(doubleA)
        b.addGestureRecognizer(tapB)
        let logA = StateLog(singleA), logB = StateLog(tapB)
        h.down(1, 50, 50); h.up(1, 50, 50)
        h.wait(0.05)
        h.down(2, 250, 50); h.up(2, 250, 50)
        XCTAssertEqual(logB.states, [.ended], "B's tap")
        h.wait(0.4)
        XCTAssertEqual(logA.states, [.ended], "A's single tap still fires once its double tap gives up")
    }

    // MARK: 8. Disabling cancels

    func testDisablingARecognizerMidGestureCancelsIt() {
        let h = GestureHarness()
        let pan = PanGestureRecognizer()
        h.view.addGestureRecognizer(pan)
        let log = StateLog(pan)
        h.down(1, 0, 0)
        h.move(1, 30, 0)
        h.move(1, 60, 0)
        pan.isEnabled = false
        XCTAssertEqual(pan.state, .cancelled)
        h.move(1, 90, 0)
        h.up(1, 90, 0)
        XCTAssertEqual(log.states, [.began, .changed, .cancelled])
        pan.isEnabled = true
        h.down(2, 0, 0); h.move(2, 40, 0); h.up(2, 40, 0)
        XCTAssertEqual(log.states.suffix(2), [.began, .ended], "enabled again, it works again")
    }

    // MARK: 9. First responders

    func testAFirstResponderRemovedFromTheWindowResigns() {
        let h = GestureHarness()
        let field = TextField(frame: Rect(x: 10, y: 10, width: 100, height: 24))
        h.view.addSubview(field)
        XCTAssertFalse(View().canBecomeFirstResponder)
        XCTAssertTrue(field.canBecomeFirstResponder)
        field.beginEditing()
        XCTAssertTrue(field.isFirstResponder)
        XCTAssertTrue(h.window.firstResponder === field)
        field.removeFromSuperview()
        XCTAssertFalse(field.isFirstResponder)
        XCTAssertNil(h.window.firstResponder)
        XCTAssertFalse(field.isEditing)
        XCTAssertFalse(h.window.send(KeyEvent(.character("a"), text: "a")), "keys no longer reach it")
        XCTAssertEqual(field.text, "")
    }

    func testBecomingFirstResponderTakesFocusFromTheCurrentOne() {
        let h = GestureHarness()
        let first = TextField(frame: Rect(x: 10, y: 10, width: 100, height: 24))
        let second = TextField(frame: Rect(x: 10, y: 40, width: 100, height: 24))
        h.view.addSubview(first)
        h.view.addSubview(second)
        first.beginEditing()
        second.beginEditing()
        XCTAssertFalse(first.isEditing, "it resigned")
        XCTAssertTrue(second.isFirstResponder)
        XCTAssertTrue(second.resignFirstResponder())
        XCTAssertNil(h.window.firstResponder)
        XCTAssertFalse(View().becomeFirstResponder(), "a plain view cannot")
    }

    // MARK: 10-11. Controls keep their own gestures

    func testAButtonsTapBeatsATapRecognizerOnItsSuperview() {
        let h = GestureHarness()
        let button = Button(title: "OK", frame: Rect(x: 10, y: 10, width: 80, height: 30))
        h.view.addSubview(button)
        let parentTap = TapGestureRecognizer()
        h.view.addGestureRecognizer(parentTap)
        let parentLog = StateLog(parentTap)
        var pressed = 0
        button.addAction(for: .touchUpInside) { _ in pressed += 1 }
        h.down(1, 40, 25); h.up(1, 40, 25)
        XCTAssertEqual(pressed, 1, "the button's action")
        XCTAssertEqual(parentLog.states, [], "not the superview's tap")
        h.down(2, 300, 300); h.up(2, 300, 300)
        XCTAssertEqual(parentLog.states, [.ended], "which still works elsewhere")
    }

    func testASwipeAlongASlidersKnobMovesTheSlider() {
        let h = GestureHarness()
        let slider = Slider(frame: Rect(x: 0, y: 100, width: 400, height: 30))
        h.view.addSubview(slider)
        let swipe = SwipeGestureRecognizer()
        swipe.direction = .right
        h.view.addGestureRecognizer(swipe)
        let swipeLog = StateLog(swipe)
        let from = slider.convert(slider.thumbCenter(for: 0.17), to: nil), to = slider.convert(slider.thumbCenter(for: 0.85), to: nil)
        h.down(1, from.x, from.y)
        for step in 1...4 {
            h.wait(0.02)
            h.move(1, from.x + (to.x - from.x) * Double(step) / 4, from.y)
        }
        h.up(1, to.x, to.y)
        XCTAssertEqual(swipeLog.states, [], "the parent's swipe did not take it")
        XCTAssertEqual(slider.value, 0.85, accuracy: 0.01, "the knob followed the finger")
    }

    // MARK: 12. Tap count

    func testQuickTapsAtOnePlaceCountOneTwoThree() {
        let h = GestureHarness()
        let view = TouchCountingView(frame: h.view.bounds)
        h.view.addSubview(view)
        for _ in 0..<3 {
            h.down(1, 50, 50); h.up(1, 50, 50)
            h.wait(0.1)
        }
        h.wait(0.5)
        h.down(1, 50, 50); h.up(1, 50, 50)
        h.wait(0.1)
        h.down(1, 150, 50); h.up(1, 150, 50)
        XCTAssertEqual(view.tapCounts, [1, 2, 3, 1, 1], "too slow, then too far, start over")
    }

    // MARK: Touch types, force, allowed types, failure requirements by delegate

    func testTouchTypesAndAllowedTouchTypes() {
        let h = GestureHarness()
        let penOnly = PanGestureRecognizer()
        penOnly.allowedTouchTypes = [.pencil]
        h.view.addGestureRecognizer(penOnly)
        let log = StateLog(penOnly)
        h.window.send([TouchInput(identifier: 1, phase: .began, location: .zero, timestamp: 1, type: .direct)])
        h.window.send([TouchInput(identifier: 1, phase: .moved, location: Point(x: 50, y: 0), timestamp: 1.1, type: .direct)])
        h.window.send([TouchInput(identifier: 1, phase: .ended, location: Point(x: 50, y: 0), timestamp: 1.2, type: .direct)])
        XCTAssertEqual(log.states, [], "a finger is not a pen")
        var force: Double?
        penOnly.addTarget { force = ($0.view?.window?.touchesByIdentifier[2]?.force) }
        h.window.send([TouchInput(identifier: 2, phase: .began, location: .zero, timestamp: 2, type: .pencil, force: 0.4, maximumPossibleForce: 4)])
        h.window.send([TouchInput(identifier: 2, phase: .moved, location: Point(x: 50, y: 0), timestamp: 2.1, type: .pencil, force: 1.5, maximumPossibleForce: 4)])
        XCTAssertEqual(log.states, [.began])
        XCTAssertEqual(force, 1.5)
        XCTAssertEqual(h.window.touchesByIdentifier[2]?.type, .pencil)
        XCTAssertEqual(h.window.touchesByIdentifier[2]?.maximumPossibleForce, 4)
    }

    func testAnExclusiveTouchViewHasTheWindowToItself() {
        let h = GestureHarness()
        let exclusive = TouchLogView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        exclusive.isExclusiveTouch = true
        let other = TouchLogView(frame: Rect(x: 200, y: 0, width: 100, height: 100))
        h.view.addSubview(exclusive)
        h.view.addSubview(other)
        h.down(1, 50, 50)
        h.down(2, 250, 50)
        XCTAssertEqual(other.log, [], "no touches elsewhere while the exclusive view has one")
        h.up(1, 50, 50); h.up(2, 250, 50)
        h.down(3, 250, 50)
        h.down(4, 50, 50)
        XCTAssertEqual(exclusive.log, ["began 1", "ended 1"], "and none for it while another view has one")
        XCTAssertEqual(other.log, ["began 1"])
    }

    func testADelegateCanMakeOneRecognizerWaitForAnother() {
        let h = GestureHarness()
        let single = TapGestureRecognizer(), double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        let delegate = WaitingDelegate(waitFor: double)
        single.delegate = delegate
        h.view.addGestureRecognizer(single)
        h.view.addGestureRecognizer(double)
        let singleLog = StateLog(single), doubleLog = StateLog(double)
        h.down(1, 50, 50); h.up(1, 50, 50)
        h.wait(0.1)
        h.down(2, 50, 50); h.up(2, 50, 50)
        XCTAssertEqual(doubleLog.states, [.ended])
        XCTAssertEqual(singleLog.states, [], "the single tap waited and then failed")
        withExtendedLifetime(delegate) {}
    }
}

/// Records each touch's tapCount as it ends.
private final class TouchCountingView: View {
    var tapCounts: [Int] = []
    override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) { tapCounts += touches.map(\.tapCount) }
}

private final class WaitingDelegate: GestureRecognizerDelegate {
    let other: GestureRecognizer
    init(waitFor other: GestureRecognizer) { self.other = other }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool { other === self.other }
}
