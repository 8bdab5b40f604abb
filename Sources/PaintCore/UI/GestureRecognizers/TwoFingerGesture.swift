import Foundation

/// What pinch and rotation share: the line between the first two fingers.
struct TwoFingerGeometry {
    let a: Point, b: Point
    var distance: Double { a.distance(to: b) }
    var angle: Double { atan2(b.y - a.y, b.x - a.x) }
    var center: Point { Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2) }

    init?(_ touches: [Touch]) {
        guard touches.count >= 2 else { return nil }
        a = touches[0].locationInWindow
        b = touches[1].locationInWindow
    }
}

/// The signed difference of two angles, folded into (-pi, pi].
func angleDifference(_ a: Double, _ b: Double) -> Double {
    var d = (a - b).truncatingRemainder(dividingBy: 2 * .pi)
    if d > .pi { d -= 2 * .pi }
    if d <= -.pi { d += 2 * .pi }
    return d
}

extension GestureRecognizer {
    /// Two fingers moved: begin once the value has passed the hysteresis, then keep changing.
    func advanceTwoFingerGesture(pastHysteresis: Bool) {
        switch state {
        case .possible:
            if pastHysteresis { setState(.began) }
        case .began, .changed:
            setState(.changed)
        default:
            break
        }
    }

    /// Fingers lifted, `remaining` still down: a running gesture ends once fewer than two remain;
    /// one that never began fails when the last finger lifts.
    func endTwoFingerGesture(remaining: Int) {
        guard remaining < 2 else { return }
        if state == .began || state == .changed {
            setState(.ended)
        } else if state == .possible && remaining == 0 {
            setState(.failed)
        }
    }

    /// The state changes a transform event sequence drives (shared by pinch and rotation):
    /// `begin` starts a value from the first event, `change` folds in each later one.
    func follow(_ event: TransformEvent, begin: () -> Void, change: () -> Void) {
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
