/// One finger (or the mouse button) for its whole life, from began to ended or cancelled.
public final class Touch: Hashable {
    public enum Phase: Sendable {
        case began, moved, stationary, ended, cancelled
    }

    public let identifier: Int
    public internal(set) var phase: Phase
    public internal(set) var timestamp: Double
    /// The view hit-tested when the touch began; fixed for the touch's life.
    public internal(set) weak var view: View?
    public internal(set) weak var window: Window?
    var locationInWindow: Point
    var previousLocationInWindow: Point
    /// The recognizers of the hit view and its ancestors that see this touch, fixed at began.
    public internal(set) var gestureRecognizers: [GestureRecognizer] = []
    /// A recognizer that cancels touches took this one: the view got touchesCancelled.
    var isCancelledForView = false
    /// Held back from the view by delaysTouchesBegan / delaysTouchesEnded.
    var isBeganHeld = false
    var isEndedHeld = false
    var wasBeganDelivered = false

    init(identifier: Int, location: Point, timestamp: Double) {
        self.identifier = identifier
        phase = .began
        self.timestamp = timestamp
        locationInWindow = location
        previousLocationInWindow = location
    }

    public func location(in view: View?) -> Point {
        guard let view else { return locationInWindow }
        return view.convert(locationInWindow, from: nil)
    }

    public func previousLocation(in view: View?) -> Point {
        guard let view else { return previousLocationInWindow }
        return view.convert(previousLocationInWindow, from: nil)
    }

    public static func == (a: Touch, b: Touch) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
