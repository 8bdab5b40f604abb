import Foundation

/// A gradient painted over pixels (the gradient tool; Pinta's and GIMP's four shapes): colour
/// stops along a line from `start` to `end`, in the bitmap's pixel coordinates, read
/// - linear: along the line, constant across it;
/// - radial: by the distance from `start`, reaching the last stop at `end`'s distance;
/// - conical: by the angle around `start`, a full turn from the line's direction;
/// - diamond: by the distance from `start` measured along and across the line (|a| + |b|).
/// Before the first stop and after the last the end colours go on (pad). The result is dithered
/// by a fixed noise pattern before it is rounded to 8 bits, so long ramps show no bands and
/// the same gradient always gives the same bytes.
public struct Gradient: Sendable, Equatable, Codable {
    public enum Shape: String, Sendable, Codable, CaseIterable {
        case linear, radial, conical, diamond
    }

    public struct Stop: Sendable, Equatable, Codable {
        /// 0...1 along the gradient.
        public var offset: Double
        public var color: Color

        public init(_ offset: Double, _ color: Color) {
            self.offset = offset
            self.color = color
        }
    }

    public var shape: Shape
    public var start: Point
    public var end: Point
    /// In ascending offsets.
    public var stops: [Stop]

    public init(shape: Shape, from start: Point, to end: Point, stops: [Stop]) {
        self.shape = shape
        self.start = start
        self.end = end
        self.stops = stops
    }

    /// How many steps the colour table has along the gradient: a step is under a fifth of a
    /// level of an 8-bit channel going from 0 to 255, finer than the dither can show.
    static let tableSize = 1024

    /// The premultiplied colour at each table step, each channel in 8.8 fixed point packed in
    /// 16-bit lanes (A, R, G, B from the top), so the dither adds to all four in one addition.
    func colorTable() -> [UInt64] {
        let stops = self.stops.isEmpty ? [Stop(0, .clear)] : self.stops
        return (0..<Self.tableSize).map { index in
            let t = Double(index) / Double(Self.tableSize - 1)
            let color = Self.color(at: t, stops: stops)
            let a = max(0, min(1, color.alpha))
            func lane(_ value: Double) -> UInt64 { UInt64((max(0, min(1, value)) * 255 * 256).rounded(.down)) }
            return lane(a) << 48 | lane(color.red * a) << 32 | lane(color.green * a) << 16 | lane(color.blue * a)
        }
    }

    /// The straight colour at `t`, mixed between the stops around it in premultiplied terms (so
    /// a fade to transparent keeps its tint, as cairo and the browsers mix).
    static func color(at t: Double, stops: [Stop]) -> Color {
        guard let first = stops.first, let last = stops.last else { return .clear }
        if t <= first.offset { return first.color }
        if t >= last.offset { return last.color }
        let upper = stops.firstIndex { $0.offset >= t } ?? stops.count - 1
        let a = stops[upper - 1], b = stops[upper]
        let f = b.offset > a.offset ? (t - a.offset) / (b.offset - a.offset) : 1
        let alpha = a.color.alpha + (b.color.alpha - a.color.alpha) * f
        func mix(_ x: Double, _ y: Double) -> Double {
            let premultiplied = x * a.color.alpha + (y * b.color.alpha - x * a.color.alpha) * f
            return alpha > 0 ? premultiplied / alpha : 0
        }
        return Color(red: mix(a.color.red, b.color.red), green: mix(a.color.green, b.color.green),
                     blue: mix(a.color.blue, b.color.blue), alpha: alpha)
    }
}
