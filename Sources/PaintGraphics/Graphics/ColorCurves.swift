/// Curves (Ctrl+Shift+M): a curve for all three channels and one for each, each through control
/// points (input, output), 0...255, sorted by input; the ends stay where the points say.
/// Between the points the curve is a monotone cubic (Fritsch–Carlson), so a rising set of
/// points never makes a curve that dips back (as a plain spline would).
public struct ColorCurves: Sendable, Equatable, Codable {
    public struct Point: Sendable, Equatable, Codable {
        public var input: Int
        public var output: Int

        public init(_ input: Int, _ output: Int) {
            self.input = input
            self.output = output
        }
    }

    /// The straight line: changes nothing.
    public static let identity: [Point] = [Point(0, 0), Point(255, 255)]

    public var all: [Point]
    public var red: [Point]
    public var green: [Point]
    public var blue: [Point]

    public init(all: [Point] = identity, red: [Point] = identity, green: [Point] = identity, blue: [Point] = identity) {
        self.all = all
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Red, green and blue tables: the channel's curve after the curve for all.
    func tables() -> [[UInt8]] {
        let common = Self.table(all)
        return [red, green, blue].map { points in
            let own = Self.table(points)
            return common.map { own[Int($0)] }
        }
    }

    /// The curve through `points` at every level.
    public static func table(_ points: [Point]) -> [UInt8] {
        let sorted = points.sorted { $0.input < $1.input }
        guard sorted.count >= 2 else { return (0..<256).map { UInt8(min(255, max(0, sorted.first?.output ?? $0))) } }
        let xs = sorted.map { Double($0.input) }, ys = sorted.map { Double($0.output) }
        let n = xs.count
        var slopes = (0..<n - 1).map { i in xs[i + 1] > xs[i] ? (ys[i + 1] - ys[i]) / (xs[i + 1] - xs[i]) : 0 }
        var tangents = [Double](repeating: 0, count: n)
        tangents[0] = slopes[0]
        tangents[n - 1] = slopes[n - 2]
        for i in 1..<n - 1 { tangents[i] = slopes[i - 1] * slopes[i] <= 0 ? 0 : (slopes[i - 1] + slopes[i]) / 2 }
        for i in 0..<n - 1 where slopes[i] == 0 {
            tangents[i] = 0
            tangents[i + 1] = 0
        }
        for i in 0..<n - 1 where slopes[i] != 0 {
            let alpha = tangents[i] / slopes[i], beta = tangents[i + 1] / slopes[i]
            let length = alpha * alpha + beta * beta
            if length > 9 {
                let tau = 3 / length.squareRoot()
                tangents[i] = tau * alpha * slopes[i]
                tangents[i + 1] = tau * beta * slopes[i]
            }
        }
        slopes.removeAll()
        return (0..<256).map { level in
            let x = Double(level)
            let value: Double
            if x <= xs[0] {
                value = ys[0]
            } else if x >= xs[n - 1] {
                value = ys[n - 1]
            } else {
                let i = (0..<n - 1).last { xs[$0] <= x }!
                let h = xs[i + 1] - xs[i], t = (x - xs[i]) / h
                let t2 = t * t, t3 = t2 * t
                value = (2 * t3 - 3 * t2 + 1) * ys[i] + (t3 - 2 * t2 + t) * h * tangents[i]
                    + (-2 * t3 + 3 * t2) * ys[i + 1] + (t3 - t2) * h * tangents[i + 1]
            }
            return UInt8(min(255, max(0, value.rounded())))
        }
    }
}
