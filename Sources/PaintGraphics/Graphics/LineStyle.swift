/// How the ends of open subpaths are drawn.
public enum LineCap: Sendable, Hashable, Codable {
    case butt, round, square
}

/// How corners between segments are drawn.
public enum LineJoin: Sendable, Hashable, Codable {
    case miter, round, bevel
}

/// Everything about a stroke except its paint.
public struct LineStyle: Sendable, Hashable, Codable {
    public var width: Double
    public var cap: LineCap
    public var join: LineJoin
    /// The longest miter, as a multiple of the width, before it becomes a bevel (as in CoreGraphics).
    public var miterLimit: Double
    /// Alternating on and off lengths; empty for a solid line.
    public var dashes: [Double]
    public var dashPhase: Double

    public init(width: Double = 1, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 10,
                dashes: [Double] = [], dashPhase: Double = 0) {
        self.width = width
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
        self.dashes = dashes
        self.dashPhase = dashPhase
    }
}
