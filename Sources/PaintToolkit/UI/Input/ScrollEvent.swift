/// A request to scroll what is under the pointer: the wheel (a notch is `ScrollEvent.notch`
/// points), Shift+wheel sideways, a touchpad's two-finger scroll, a middle-button drag.
public struct ScrollEvent: Sendable {
    /// Points to move the view over its content (positive: towards the content's bottom right).
    public var delta: Point
    /// Where the pointer is, in window coordinates.
    public var location: Point
    public var timestamp: Double

    public static let notch = 48.0

    public init(delta: Point, location: Point, timestamp: Double) {
        self.delta = delta
        self.location = location
        self.timestamp = timestamp
    }
}
