import XCTest
@testable import PaintToolkit
import ToolkitTestSupport
import TestSupport

final class GestureRecognizerTests: XCTestCase {
    // MARK: - Tap

    func testSingleTapIsRecognizedOnRelease() {
        let h = GestureHarness()
        let tap = TapGestureRecognizer()
        let log = StateLog(tap)
        h.view.addGestureRecognizer(tap)
        h.down(1, 50, 50)
        XCTAssertEqual(log.states, [])
        h.wait(0.1)
        h.up(1, 52, 51)
        XCTAssertEqual(log.states, [.ended])
        XCTAssertEqual(tap.state, .possible, "reset after recognition, ready for the next tap")
    }

    func testTapFailsWhenTheFingerWandersMoreThanTenPoints() {
        let h = GestureHarness()
        let tap = TapGestureRecognizer()
        let log = StateLog(tap)
        h.view.addGestureRecognizer(tap)
        h.down(1, 50, 50)
        h.move(1, 62, 50)
        h.up(1, 62, 50)
        XCTAssertEqual(log.states, [])
    }

    func testSingleTapWaitsForTheDoubleTapToFail() {
        let h = GestureHarness()
        let single = TapGestureRecognizer()
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        let singles = StateLog(single), doubles = StateLog(double)
        h.view.addGestureRecognizer(single)
        h.view.addGestureRecognizer(double)

        // A double tap: only the double tap fires.
        h.down(1, 50, 50); h.up(1, 50, 50)
        h.wait(0.1)
        XCTAssertEqual(singles.states, [], "the single tap waits")
        h.down(2, 51, 50); h.up(2, 51, 50)
        XCTAssertEqual(doubles.states, [.ended])
        h.wait(1)
        XCTAssertEqual(singles.states, [], "the single tap failed because the double tap won")

        // A single tap: it fires once the double tap has given up.
        h.down(3, 80, 80); h.up(3, 80, 80)
        XCTAssertEqual(singles.states, [])
        h.wait(0.2)
        XCTAssertEqual(singles.states, [], "still inside the double-tap interval")
        h.wait(0.2)
        XCTAssertEqual(singles.states, [.ended])
        XCTAssertEqual(doubles.states, [.ended], "no second double tap")
    }

    func testTwoFingerTapNeedsBothFingers() {
        let h = GestureHarness()
        let tap = TapGestureRecognizer()
        tap.numberOfTouchesRequired = 2
        let log = StateLog(tap)
        h.view.addGestureRecognizer(tap)
        h.down(1, 50, 50); h.up(1, 50, 50)
        XCTAssertEqual(log.states, [], "one finger is not enough")
        h.sendTogether([(2, .began, 50, 50), (3, .began, 90, 50)])
        h.sendTogether([(2, .ended, 50, 50), (3, .ended, 90, 50)])
        XCTAssertEqual(log.states, [.ended])
    }

    // MARK: - Long press

    func testLongPressBeginsAfterHalfASecondThenFollowsAndEnds() {
        let h = GestureHarness()
        let press = LongPressGestureRecognizer()
        let log = StateLog(press)
        h.view.addGestureRecognizer(press)
        h.down(1, 100, 100)
        h.wait(0.49)
        XCTAssertEqual(log.states, [])
        h.wait(0.02)
        XCTAssertEqual(log.states, [.began])
        h.move(1, 140, 100)
        XCTAssertEqual(log.states, [.began, .changed])
        XCTAssertEqual(press.location(in: h.view), Point(x: 140, y: 100))
        h.up(1, 140, 100)
        XCTAssertEqual(log.states, [.began, .changed, .ended])
    }

    func testLongPressFailsWhenMovedMoreThanTenPointsBeforeHalfASecond() {
        let h = GestureHarness()
        let press = LongPressGestureRecognizer()
        let log = StateLog(press)
        h.view.addGestureRecognizer(press)
        h.down(1, 100, 100)
        h.wait(0.2)
        h.move(1, 108, 100)
        h.wait(0.1)
        h.move(1, 111, 100)
        h.wait(0.5)
        XCTAssertEqual(log.states, [], "moved 11 points: failed, and the timer does not revive it")
        h.up(1, 111, 100)
        h.down(2, 100, 100)
        h.wait(0.6)
        XCTAssertEqual(log.states, [.began], "the next press works again")
    }

    func testLongPressReleasedEarlyFails() {
        let h = GestureHarness()
        let press = LongPressGestureRecognizer()
        let log = StateLog(press)
        h.view.addGestureRecognizer(press)
        h.down(1, 100, 100)
        h.wait(0.3)
        h.up(1, 100, 100)
        h.wait(0.5)
        XCTAssertEqual(log.states, [])
    }

    // MARK: - Pan

    func testPanTranslationVelocityAndSetTranslation() {
        let h = GestureHarness()
        let pan = PanGestureRecognizer()
        var translations: [Point] = []
        pan.addTarget { translations.append(($0 as! PanGestureRecognizer).translation(in: h.view)) }
        let log = StateLog(pan)
        h.view.addGestureRecognizer(pan)
        h.down(1, 100, 100)
        h.wait(0.01); h.move(1, 105, 100)
        XCTAssertEqual(log.states, [], "under the 10 point hysteresis")
        h.wait(0.01); h.move(1, 115, 100)
        h.wait(0.01); h.move(1, 125, 110)
        XCTAssertEqual(log.states, [.began, .changed])
        XCTAssertEqual(translations.last, Point(x: 25, y: 10), "centroid minus start")
        let velocity = pan.velocity(in: h.view)
        XCTAssertEqual(velocity.x, 25 / 0.03, accuracy: 1, "25 points over the last 30 ms of samples")
        XCTAssertEqual(velocity.y, 10 / 0.03, accuracy: 1)
        pan.setTranslation(.zero, in: h.view)
        h.wait(0.01); h.move(1, 130, 110)
        XCTAssertEqual(translations.last, Point(x: 5, y: 0), "relative to where it was reset")
        h.up(1, 130, 110)
        XCTAssertEqual(log.states, [.began, .changed, .changed, .ended])
    }

    func testPanTranslationIsInTheRequestedViewsCoordinates() {
        let h = GestureHarness()
        let pan = PanGestureRecognizer()
        h.view.addGestureRecognizer(pan)
        let scaled = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        scaled.transform = AffineTransform(scaleX: 2, y: 2)
        h.view.addSubview(scaled)
        var translation = Point.zero
        pan.addTarget { _ in translation = pan.translation(in: scaled) }
        h.down(1, 300, 300); h.move(1, 340, 300)
        XCTAssertEqual(translation.x, 20, accuracy: 1e-9, "40 window points are 20 points in a view scaled 2x")
    }

    // MARK: - Pinch and rotation

    func testPinchScaleIsAbsoluteSinceTheStartAndSettable() {
        let h = GestureHarness()
        let pinch = PinchGestureRecognizer()
        let log = StateLog(pinch)
        h.view.addGestureRecognizer(pinch)
        h.sendTogether([(1, .began, 100, 200), (2, .began, 200, 200)]) // 100 apart
        h.wait(0.02)
        h.sendTogether([(1, .moved, 80, 200), (2, .moved, 220, 200)]) // 140 apart
        XCTAssertEqual(log.states, [.began])
        XCTAssertEqual(pinch.scale, 1.4, accuracy: 1e-9)
        h.wait(0.02)
        h.sendTogether([(1, .moved, 50, 200), (2, .moved, 250, 200)]) // 200 apart
        XCTAssertEqual(pinch.scale, 2.0, accuracy: 1e-9, "since the start, not since the last event")
        XCTAssertGreaterThan(pinch.velocity, 0)
        pinch.scale = 1
        h.wait(0.02)
        h.sendTogether([(1, .moved, 100, 200), (2, .moved, 200, 200)]) // 100 apart
        XCTAssertEqual(pinch.scale, 0.5, accuracy: 1e-9, "relative to the distance when it was set")
        h.sendTogether([(1, .ended, 100, 200), (2, .ended, 200, 200)])
        XCTAssertEqual(log.states, [.began, .changed, .changed, .ended])
    }

    func testRotationIsRadiansSinceTheStart() {
        let h = GestureHarness()
        let rotation = RotationGestureRecognizer()
        h.view.addGestureRecognizer(rotation)
        let log = StateLog(rotation)
        h.sendTogether([(1, .began, 100, 200), (2, .began, 300, 200)])
        // Turn the pair by 30 degrees about the centre (200, 200), clockwise on screen.
        let angle = Double.pi / 6
        h.sendTogether([(1, .moved, 200 - 100 * cos(angle), 200 - 100 * sin(angle)),
                        (2, .moved, 200 + 100 * cos(angle), 200 + 100 * sin(angle))])
        XCTAssertEqual(log.states, [.began])
        XCTAssertEqual(rotation.rotation, .pi / 6, accuracy: 1e-9)
        // On past 180 degrees: no wrap-around jump.
        for degrees in stride(from: 60.0, through: 200, by: 20) {
            let a = degrees * .pi / 180
            h.sendTogether([(1, .moved, 200 - 100 * cos(a), 200 - 100 * sin(a)), (2, .moved, 200 + 100 * cos(a), 200 + 100 * sin(a))])
        }
        XCTAssertEqual(rotation.rotation, 200 * .pi / 180, accuracy: 1e-9)
    }

    func testPinchAndRotationTogetherOnlyWhenTheDelegateAllows() {
        for allow in [false, true] {
            let h = GestureHarness()
            let pinch = PinchGestureRecognizer(), rotation = RotationGestureRecognizer()
            let delegate = SimultaneousDelegate()
            delegate.allowSimultaneous = allow
            pinch.delegate = delegate
            rotation.delegate = delegate
            h.view.addGestureRecognizer(pinch)
            h.view.addGestureRecognizer(rotation)
            let pinches = StateLog(pinch), rotations = StateLog(rotation)
            h.sendTogether([(1, .began, 100, 200), (2, .began, 300, 200)])
            let a = 0.3
            h.sendTogether([(1, .moved, 200 - 150 * cos(a), 200 - 150 * sin(a)), (2, .moved, 200 + 150 * cos(a), 200 + 150 * sin(a))])
            h.sendTogether([(1, .moved, 200 - 160 * cos(a), 200 - 160 * sin(a)), (2, .moved, 200 + 160 * cos(a), 200 + 160 * sin(a))])
            if allow {
                XCTAssertEqual(pinches.states, [.began, .changed])
                XCTAssertEqual(rotations.states, [.began, .changed])
                XCTAssertEqual(pinch.scale, 1.6, accuracy: 1e-9)
                XCTAssertEqual(rotation.rotation, 0.3, accuracy: 1e-9)
            } else {
                XCTAssertEqual(pinches.states.count + rotations.states.count, 2, "only the first to begin runs")
                XCTAssertTrue(pinches.states.isEmpty || rotations.states.isEmpty)
            }
        }
    }

    func testTransformEventsDrivePinchAndRotation() {
        let h = GestureHarness()
        let pinch = PinchGestureRecognizer(), rotation = RotationGestureRecognizer()
        let delegate = SimultaneousDelegate()
        pinch.delegate = delegate
        h.view.addGestureRecognizer(pinch)
        h.view.addGestureRecognizer(rotation)
        let pinches = StateLog(pinch), rotations = StateLog(rotation)
        let at = Point(x: 200, y: 200)
        h.window.send(TransformEvent(phase: .began, location: at, scale: 1.1, rotation: 0.1, timestamp: 0))
        h.window.send(TransformEvent(phase: .changed, location: at, scale: 1.1, rotation: 0.1, timestamp: 0.05))
        XCTAssertEqual(pinch.scale, 1.21, accuracy: 1e-9)
        XCTAssertEqual(rotation.rotation, 0.2, accuracy: 1e-9)
        h.window.send(TransformEvent(phase: .ended, location: at, timestamp: 0.1))
        XCTAssertEqual(pinches.states, [.began, .changed, .ended])
        XCTAssertEqual(rotations.states, [.began, .changed, .ended])
    }

    // MARK: - Swipe

    func testSwipeInItsDirectionFastEnough() {
        let h = GestureHarness()
        let swipe = SwipeGestureRecognizer()
        swipe.direction = [.left, .right]
        let log = StateLog(swipe)
        h.view.addGestureRecognizer(swipe)
        h.down(1, 300, 200); h.wait(0.05); h.move(1, 260, 202); h.wait(0.05); h.move(1, 220, 204)
        XCTAssertEqual(log.states, [.ended], "80 points left in 0.1 s")
        h.up(1, 220, 204)
        h.down(2, 100, 200); h.wait(0.05); h.move(2, 100, 260); h.up(2, 100, 260)
        XCTAssertEqual(log.states, [.ended], "down is not one of its directions")
        h.down(3, 100, 200); h.wait(0.4); h.move(3, 160, 200); h.up(3, 160, 200)
        XCTAssertEqual(log.states, [.ended], "too slow: a drag, not a swipe")
    }

    // MARK: - Touch delivery

    func testARecognizedPanCancelsTheViewsTouches() {
        for cancels in [true, false] {
            let h = GestureHarness()
            let target = TouchLogView(frame: Rect(x: 0, y: 0, width: 400, height: 400))
            h.view.addSubview(target)
            let pan = PanGestureRecognizer()
            pan.cancelsTouchesInView = cancels
            target.addGestureRecognizer(pan)
            h.down(1, 100, 100); h.move(1, 105, 100); h.move(1, 130, 100); h.move(1, 140, 100); h.up(1, 140, 100)
            if cancels {
                XCTAssertEqual(target.log, ["began 1", "moved 1", "cancelled 1"])
            } else {
                XCTAssertEqual(target.log, ["began 1", "moved 1", "moved 1", "moved 1", "ended 1"])
            }
        }
    }

    func testDelaysTouchesBeganHoldsTheViewBackUntilTheRecognizerFails() {
        let h = GestureHarness()
        let target = TouchLogView(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        h.view.addSubview(target)
        let press = LongPressGestureRecognizer()
        press.delaysTouchesBegan = true
        target.addGestureRecognizer(press)
        h.down(1, 100, 100)
        XCTAssertEqual(target.log, [], "held while the long press may happen")
        h.move(1, 130, 100) // the press fails
        XCTAssertEqual(target.log, ["began 1"])
        h.up(1, 130, 100)
        XCTAssertEqual(target.log, ["began 1", "ended 1"])
    }

    func testDelaysTouchesEndedUntilADoubleTapGivesUp() {
        let h = GestureHarness()
        let target = TouchLogView(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        h.view.addSubview(target)
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        double.cancelsTouchesInView = true
        target.addGestureRecognizer(double)
        h.down(1, 100, 100); h.up(1, 100, 100)
        XCTAssertEqual(target.log, ["began 1"], "touchesEnded waits while a double tap is possible")
        h.wait(0.5)
        XCTAssertEqual(target.log, ["began 1", "ended 1"])
    }

    func testShouldBeginFalseFailsTheRecognizer() {
        let h = GestureHarness()
        let pan = PanGestureRecognizer()
        let delegate = SimultaneousDelegate()
        delegate.shouldBegin = false
        pan.delegate = delegate
        let log = StateLog(pan)
        h.view.addGestureRecognizer(pan)
        h.down(1, 100, 100); h.move(1, 150, 100); h.up(1, 150, 100)
        XCTAssertEqual(log.states, [])
    }

    func testActionsFireAfterTheDispatchPassNotInsideIt() {
        let h = GestureHarness()
        let target = TouchLogView(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        h.view.addSubview(target)
        let tap = TapGestureRecognizer()
        tap.cancelsTouchesInView = false
        tap.delaysTouchesEnded = false
        tap.addTarget { _ in target.log.append("action") }
        target.addGestureRecognizer(tap)
        h.down(1, 100, 100); h.up(1, 100, 100)
        XCTAssertEqual(target.log, ["began 1", "ended 1", "action"], "the view's touchesEnded first, then the action")
    }

    /// A recognizer that has failed sees no more of the gesture's touches until it starts over,
    /// whether one finger moves alone or two move together.
    func testAFailedRecognizerSeesNoMoreTouchesUntilItStartsOver() {
        final class FailsAtFirstMove: GestureRecognizer {
            var moves = 0
            override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
                moves += 1
                if state == .possible { setState(.failed) }
            }
        }
        let h = GestureHarness()
        let recognizer = FailsAtFirstMove()
        h.view.addGestureRecognizer(recognizer)
        h.down(1, 10, 10)
        for x in [20.0, 30, 40] { h.move(1, x, 10) }
        XCTAssertEqual(recognizer.moves, 1, "one finger: only the move it failed at")
        h.up(1, 40, 10)
        XCTAssertEqual(recognizer.state, .possible, "started over once the finger lifted")
        h.down(1, 10, 10)
        h.down(2, 60, 60)
        h.sendTogether([(1, .moved, 20, 10), (2, .moved, 70, 60)])
        h.sendTogether([(1, .moved, 30, 10), (2, .moved, 80, 60)])
        h.move(2, 90, 60)
        XCTAssertEqual(recognizer.moves, 2, "two fingers: again only the move it failed at")
    }
}
