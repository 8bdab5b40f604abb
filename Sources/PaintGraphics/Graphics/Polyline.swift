/// A flattened subpath: straight segments through `points`, closed or open.
public struct Polyline: Sendable, Equatable {
    public var points: [Point]
    public var isClosed: Bool

    public init(points: [Point], isClosed: Bool) {
        self.points = points
        self.isClosed = isClosed
    }
}
