import Foundation

/// What pinch and rotation share: the line between the first two fingers.
package struct TwoFingerGeometry {
    package let a: Point, b: Point
    package var distance: Double { a.distance(to: b) }
    package var angle: Double { atan2(b.y - a.y, b.x - a.x) }
    package var center: Point { Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2) }

    /// The first two of the recognizer's live touches, found without making the array of them
    /// (a pinch on the canvas asks at every motion event of a one-finger stroke).
    package init?(liveTouchesOf recognizer: GestureRecognizer) {
        var first: Point?
        for touch in recognizer.trackedTouches where touch.phase != .ended && touch.phase != .cancelled {
            guard let a = first else {
                first = touch.locationInWindow
                continue
            }
            self.a = a
            b = touch.locationInWindow
            return
        }
        return nil
    }
}

/// The signed difference of two angles, folded into (-pi, pi].
package func angleDifference(_ a: Double, _ b: Double) -> Double {
    var d = (a - b).truncatingRemainder(dividingBy: 2 * .pi)
    if d > .pi { d -= 2 * .pi }
    if d <= -.pi { d += 2 * .pi }
    return d
}

extension GestureRecognizer {
    /// Two fingers moved: begin once the value has passed the hysteresis, then keep changing.
    package func advanceTwoFingerGesture(pastHysteresis: Bool) {
        switch state {
        case .possible:
            if pastHysteresis { setState(.began) }
        case .began, .changed:
            setState(.changed)
        default:
            break
        }
    }

    /// Fingers lifted, `remaining` still down: as in UIKit a pinch or rotation ends when the
    /// last finger lifts (with one finger down it stays, its value held); one that never began
    /// fails then.
    package func endTwoFingerGesture(remaining: Int) {
        guard remaining == 0 else { return }
        if state == .began || state == .changed {
            setState(.ended)
        } else if state == .possible {
            setState(.failed)
        }
    }

    /// The state changes a transform event sequence drives (shared by pinch and rotation):
    /// `begin` starts a value from the first event, `change` folds in each later one.
    package func follow(_ event: TransformEvent, begin: () -> Void, change: () -> Void) {
        switch event.phase {
        case .began:
            if state == .possible {
                begin()
                setState(.began)
            }
        case .changed:
            if state == .possible {
                begin()
                setState(.began)
            } else if state == .began || state == .changed {
                change()
                setState(.changed)
            }
        case .ended:
            if state == .began || state == .changed { setState(.ended) }
        case .cancelled:
            if state == .began || state == .changed { setState(.cancelled) }
        }
    }
}
