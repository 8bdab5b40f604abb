/// How the pencil answers a tablet pen and a shaky hand (the Brush panel's Pen and Steady rows).
public struct PenSettings: Sendable, Equatable {
    /// How pressure becomes width: a soft curve widens early, a firm one needs a hard press.
    public enum PressureCurve: Int, Sendable, CaseIterable {
        case soft, linear, firm

        /// 0...1 of the chosen width for a pressure of 0...1.
        public func response(_ pressure: Double) -> Double {
            let p = min(max(pressure, 0), 1)
            switch self {
            case .soft: return p.squareRoot()
            case .linear: return p
            case .firm: return p * p
            }
        }
    }

    /// How much the line is steadied: the pulled string's length (see StrokeSmoother).
    public enum Smoothing: Int, Sendable, CaseIterable {
        case off, light, strong

        /// In points: how far the pointer leads the line before pulling it.
        public var stringLength: Double {
            switch self {
            case .off: return 0
            case .light: return 4
            case .strong: return 12
            }
        }
    }

    /// What a pen's pressure sets: the width, the opacity, or both.
    public enum PressureEffect: Int, Sendable, CaseIterable {
        case width, opacity, both

        public var setsWidth: Bool { self != .opacity }
        public var setsOpacity: Bool { self != .width }
    }

    public var pressureCurve = PressureCurve.linear
    public var pressureEffect = PressureEffect.width
    public var smoothing = Smoothing.off
    /// With a mouse: the faster the stroke, the thinner, as a brush lifts (off unless asked for).
    public var taperWithSpeed = false

    public init() {}

    /// The thinnest a pressure stroke gets, as a share of the chosen width.
    public static let minimumWidthShare = 0.15

    /// The width for a pressure (0...1) at a chosen width.
    public func width(forPressure pressure: Double, chosen width: Double) -> Double {
        width * (Self.minimumWidthShare + (1 - Self.minimumWidthShare) * pressureCurve.response(pressure))
    }

    /// The opacity for a pressure (0...1): from a tenth up, through the curve.
    public func opacity(forPressure pressure: Double) -> Double {
        0.1 + 0.9 * pressureCurve.response(pressure)
    }

    /// A pressure made up from the pointer's speed (points per second) for the speed taper:
    /// full at rest, down to a third at 2000 points a second.
    public static func simulatedPressure(speed: Double) -> Double {
        max(1.0 / 3, 1 - speed / 3000)
    }
}
