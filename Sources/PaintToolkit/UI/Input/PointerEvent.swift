import Foundation

/// What a desktop pointer does, before it becomes touches or transform events.
public struct PointerEvent: Sendable {
    public enum Kind: Sendable, Equatable {
        /// The primary (left) button went down or up.
        case press, release
        /// The secondary (right) button went down or up: a touch too, marked secondary (UIKit's
        /// UIEvent.ButtonMask.secondary), which painting takes as the second colour.
        case secondaryPress, secondaryRelease
        case motion
        /// Motion with no button held.
        case hover
        /// The pointer left the window.
        case leave
        /// The middle button went down, the pointer moved with it held, it went up.
        case middlePress, middleDrag, middleRelease
        /// Wheel notches: positive `up` scrolls up (away from the user).
        case wheel(up: Int)
        /// Smooth scrolling (a touchpad's two fingers, a high-resolution or tilting wheel), in
        /// notches that may be fractional: positive `down` moves the view towards the content's
        /// bottom, as a wheel turned towards the user does; positive `right` towards its right.
        case scroll(right: Double, down: Double)
    }

    public var kind: Kind
    /// Window coordinates.
    public var location: Point
    public var modifiers: KeyEvent.Modifiers
    public var timestamp: Double
    /// A tablet pen's state when the event came from one (nil: a mouse or touchpad).
    public var pen: Pen?

    /// What a pen tells beyond its place.
    public struct Pen: Sendable, Equatable {
        /// 0...1 of the device's range.
        public var pressure: Double
        /// The pen's eraser end (or an eraser device).
        public var isEraser: Bool
        /// UIKit's angles: from the surface up to the pen (pi/2 upright) and the direction it
        /// leans towards, clockwise from the x axis (nil: the device reports no tilt).
        public var altitudeAngle: Double?
        public var azimuthAngle: Double?

        public init(pressure: Double, isEraser: Bool = false) {
            self.pressure = pressure
            self.isEraser = isEraser
        }

        /// From the tilts tablets report: degrees the pen leans along x and along y.
        public mutating func setTilt(xDegrees: Double, yDegrees: Double) {
            let x = xDegrees * .pi / 180, y = yDegrees * .pi / 180
            // The pen's direction from the tilts about each axis, then its angle to the surface.
            let lean = (tan(x) * tan(x) + tan(y) * tan(y)).squareRoot()
            altitudeAngle = atan2(1, lean)
            azimuthAngle = lean == 0 ? 0 : atan2(tan(y), tan(x))
        }
    }

    public init(_ kind: Kind, at location: Point, modifiers: KeyEvent.Modifiers = [], timestamp: Double, pen: Pen? = nil) {
        self.kind = kind
        self.location = location
        self.modifiers = modifiers
        self.timestamp = timestamp
        self.pen = pen
    }
}
