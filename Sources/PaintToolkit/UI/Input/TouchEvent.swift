/// The touches of one multi-touch sequence at one moment.
public final class TouchEvent {
    public internal(set) var timestamp: Double
    public internal(set) var allTouches: Set<Touch>

    package init(timestamp: Double, touches: Set<Touch>) {
        self.timestamp = timestamp
        allTouches = touches
    }

    public func touches(for view: View) -> Set<Touch> { allTouches.filter { $0.view === view } }
}

/// What a platform reports for one finger or the mouse's primary button.
public struct TouchInput: Sendable {
    public var identifier: Int
    public var phase: Touch.Phase
    public var location: Point
    public var timestamp: Double
    public var type: Touch.TouchType
    /// Pressure where the device reports it (1 = an average touch), else 0.
    public var force: Double
    public var maximumPossibleForce: Double
    /// A pen's eraser end.
    public var isEraser: Bool
    /// Made with the mouse's secondary (right) button.
    public var isSecondaryButton = false
    /// A pen's tilt (UITouch's altitudeAngle and azimuthAngle; nil: not reported).
    public var altitudeAngle: Double?
    public var azimuthAngle: Double?

    public init(identifier: Int, phase: Touch.Phase, location: Point, timestamp: Double, type: Touch.TouchType = .direct,
                force: Double = 0, maximumPossibleForce: Double = 0, isEraser: Bool = false) {
        self.isEraser = isEraser
        self.identifier = identifier
        self.phase = phase
        self.location = location
        self.timestamp = timestamp
        self.type = type
        self.force = force
        self.maximumPossibleForce = maximumPossibleForce
    }
}
