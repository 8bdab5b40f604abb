/// One freehand stroke: the points the finger passed through, with the colour, width and
/// blend mode that were current when it began.
public struct Stroke: Sendable, Equatable, Codable {
    public var points: [Point]
    public var color: Color
    public var width: Double
    public var blendMode: BlendMode
    /// The width at each point when it varies (a pen's pressure, the speed taper); nil: `width` throughout.
    public var widths: [Double]?
    /// The opacity at each point when a pen's pressure sets it (0...1); nil: opaque throughout.
    public var opacities: [Double]?
    /// The stroke drawn again mirrored or turned (View → Symmetry); nil: once.
    public var symmetry: Symmetry?

    public init(points: [Point], color: Color, width: Double, blendMode: BlendMode, widths: [Double]? = nil) {
        self.points = points
        self.color = color
        self.width = width
        self.blendMode = blendMode
        self.widths = widths
    }

    /// Adds a point (with its width and opacity where they vary) and returns its index; nil
    /// when it repeats the last point (a segment of no length draws nothing new).
    @inline(__always)
    package mutating func append(_ point: Point, width: Double?, opacity: Double?) -> Int? {
        if point == points.last { return nil }
        points.append(point)
        if widths != nil { widths!.append(width ?? self.width) }
        if opacities != nil { opacities!.append(opacity ?? 1) }
        return points.count - 1
    }

    /// The opacity at point `index` (1 without pressure opacity).
    public func opacity(at index: Int) -> Double {
        guard let opacities, opacities.indices.contains(index) else { return 1 }
        return opacities[index]
    }

    /// The width at point `index`.
    public func width(at index: Int) -> Double {
        guard let widths, widths.indices.contains(index) else { return width }
        return widths[index]
    }

    /// The area the stroke can touch.
    public var bounds: Rect {
        guard let first = points.first else { return .zero }
        var minX = first.x, minY = first.y, maxX = first.x, maxY = first.y
        for p in points {
            minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
        }
        let reach = (widths?.max() ?? width) / 2 + 1
        let own = Rect(x: minX - reach, y: minY - reach, width: maxX - minX + 2 * reach, height: maxY - minY + 2 * reach)
        return symmetry.reach(of: own)
    }
}
