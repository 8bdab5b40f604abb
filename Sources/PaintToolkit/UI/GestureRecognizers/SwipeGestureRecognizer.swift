/// A quick straight flick in one of a set of directions (discrete).
public final class SwipeGestureRecognizer: GestureRecognizer {
    public struct Direction: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let right = Direction(rawValue: 1)
        public static let left = Direction(rawValue: 2)
        public static let up = Direction(rawValue: 4)
        public static let down = Direction(rawValue: 8)
    }

    public var direction: Direction = .right
    public var numberOfTouchesRequired = 1
    /// Distance the fingers must travel along the direction.
    public var minimumDistance = 50.0
    /// Average speed over the swipe, points per second.
    public var minimumSpeed = 300.0
    /// A swipe that takes longer than this is a drag.
    public var maximumDuration = 0.5

    private var start: Point?
    private var startTime = 0.0

    public override init() { super.init() }

    public override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        if liveTouches.count > numberOfTouchesRequired {
            setState(.failed)
            return
        }
        start = liveCentroid
        startTime = event.timestamp
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        guard state == .possible, let start, let centroid = liveCentroid, liveTouches.count == numberOfTouchesRequired else { return }
        let elapsed = event.timestamp - startTime
        if elapsed > maximumDuration {
            setState(.failed)
            return
        }
        let dx = centroid.x - start.x, dy = centroid.y - start.y
        let horizontal = abs(dx) >= abs(dy)
        let travelled: Direction = horizontal ? (dx > 0 ? .right : .left) : (dy > 0 ? .down : .up)
        let along = max(abs(dx), abs(dy)), across = min(abs(dx), abs(dy))
        // Wandering sideways (more than half the travel, beyond a little slack) is no swipe.
        if across > 20 && across > along / 2 {
            setState(.failed)
            return
        }
        guard along >= minimumDistance else { return }
        if !direction.contains(travelled) {
            setState(.failed)
        } else if along / max(elapsed, 1e-3) >= minimumSpeed {
            setState(.recognized)
        } else {
            setState(.failed)
        }
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        touchesMoved(touches, with: event)
        if state == .possible { setState(.failed) }
    }

    public override func reset() {
        start = nil
        startTime = 0
    }
}
