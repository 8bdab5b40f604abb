/// A pinch or rotation that does not come from touches: a trackpad gesture (XInput 2.4) or the
/// mouse wheel. Scale and rotation are changes since the previous event of the sequence.
public struct TransformEvent: Sendable {
    public enum Phase: Sendable { case began, changed, ended, cancelled }

    public var phase: Phase
    /// Where the gesture happens, in window coordinates.
    public var location: Point
    /// Multiplies the current scale (1 = no change).
    public var scale: Double
    /// Adds to the current rotation, in radians.
    public var rotation: Double
    public var timestamp: Double

    public init(phase: Phase, location: Point, scale: Double = 1, rotation: Double = 0, timestamp: Double) {
        self.phase = phase
        self.location = location
        self.scale = scale
        self.rotation = rotation
        self.timestamp = timestamp
    }
}
