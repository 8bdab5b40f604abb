/// One finger (or the mouse button) for its whole life, from began to ended or cancelled.
public final class Touch: Hashable {
    /// Declared in the order one event's phases reach recognizers and views (`allCases`).
    public enum Phase: Sendable, CaseIterable {
        case began, moved, stationary, ended, cancelled
    }

    /// What made the touch (UITouch.TouchType).
    public enum TouchType: Sendable, Hashable {
        /// A finger on a touchscreen (or a simulated one).
        case direct
        /// A mouse or touchpad pointer.
        case indirectPointer
        /// A pen (a tablet's stylus).
        case pencil
    }

    /// Taps in a row close together in time and place count 1, 2, 3... (UITouch.tapCount).
    public static let multipleTapInterval = 0.35
    public static let multipleTapDistance = 20.0

    public let identifier: Int
    public internal(set) var phase: Phase
    public internal(set) var timestamp: Double
    public let type: TouchType
    /// How hard it presses, 1 being an average touch (0 when the device cannot tell).
    public internal(set) var force: Double
    /// The largest force the device reports (0 when it cannot tell).
    public let maximumPossibleForce: Double
    /// Made by a pen's eraser end (which erases whatever tool is chosen).
    public internal(set) var isEraser = false
    /// Made with the mouse's secondary (right) button (UIKit's UIEvent.buttonMask .secondary):
    /// controls leave it alone; painting takes it as the secondary colour.
    public internal(set) var isSecondaryButton = false
    /// A pen's angle to the surface (pi/2 upright) and the direction it leans (UITouch's
    /// altitudeAngle and azimuthAngle); pi/2 and 0 when the device does not tell.
    public internal(set) var altitudeAngle = Double.pi / 2
    public internal(set) var azimuthAngle = 0.0
    /// Which tap of a quick series at one place this touch is (1 for a lone tap).
    public internal(set) var tapCount = 1
    /// Where it began (window coordinates): a touch that wandered is no tap.
    package let startLocationInWindow: Point
    /// The view hit-tested when the touch began; fixed for the touch's life, nil once the view
    /// has gone away. Neither retained nor weak (see `View.superview`): a view going away
    /// clears itself from the touches alive then.
    public internal(set) unowned(unsafe) var view: View?
    public internal(set) unowned(unsafe) var window: Window?
    package var locationInWindow: Point
    package var previousLocationInWindow: Point
    /// The recognizers of the hit view and its ancestors that see this touch, fixed at began.
    public internal(set) var gestureRecognizers: [GestureRecognizer] = []
    /// A recognizer that cancels touches took this one: the view got touchesCancelled.
    package var isCancelledForView = false
    /// Held back from the view by delaysTouchesBegan / delaysTouchesEnded.
    package var isBeganHeld = false
    package var isEndedHeld = false
    package var wasBeganDelivered = false

    package init(identifier: Int, location: Point, timestamp: Double, type: TouchType = .direct, force: Double = 0, maximumPossibleForce: Double = 0) {
        self.identifier = identifier
        phase = .began
        self.timestamp = timestamp
        self.type = type
        self.force = force
        self.maximumPossibleForce = maximumPossibleForce
        locationInWindow = location
        previousLocationInWindow = location
        startLocationInWindow = location
        Touch.alive.append(Unmanaged.passUnretained(self))
    }

    /// A touch as the platform reports it beginning.
    convenience init(beginning input: TouchInput, tapCount: Int) {
        self.init(identifier: input.identifier, location: input.location, timestamp: input.timestamp,
                  type: input.type, force: input.force, maximumPossibleForce: input.maximumPossibleForce)
        self.tapCount = tapCount
        isEraser = input.isEraser
        isSecondaryButton = input.isSecondaryButton
        altitudeAngle = input.altitudeAngle ?? .pi / 2
        azimuthAngle = input.azimuthAngle ?? 0
    }

    /// Takes the platform's report of a later phase: where it is now, and where it was.
    func follow(_ input: TouchInput) {
        previousLocationInWindow = locationInWindow
        locationInWindow = input.location
        phase = input.phase
        timestamp = input.timestamp
        force = input.force
        if let altitude = input.altitudeAngle { altitudeAngle = altitude }
        if let azimuth = input.azimuthAngle { azimuthAngle = azimuth }
    }

    deinit {
        let me = Unmanaged.passUnretained(self).toOpaque()
        guard let index = Touch.alive.firstIndex(where: { $0.toOpaque() == me }) else { return }
        Touch.alive.swapAt(index, Touch.alive.count - 1)
        Touch.alive.removeLast()
    }

    /// Every touch not yet deinitialised (a few: those in flight and those recognizers still
    /// remember), so that a view going away can be cleared from them.
    nonisolated(unsafe) private static var alive: [Unmanaged<Touch>] = []

    /// A view (or window) is going away: no touch names it any more.
    static func viewWentAway(_ view: View) {
        for entry in alive {
            let touch = entry.takeUnretainedValue()
            if touch.view === view { touch.view = nil }
            if touch.window === view { touch.window = nil }
        }
    }

    public func location(in view: View?) -> Point {
        guard let view else { return locationInWindow }
        return view.convert(locationInWindow, from: nil)
    }

    public static func == (a: Touch, b: Touch) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
