import Foundation

/// Turns polylines into the closed outlines of their strokes. Filled with the non-zero rule the
/// outlines give each stroke exactly once, so a path crossing itself never darkens, even in
/// translucent paint. Inner corners go through the vertex (a pivot), which keeps non-zero
/// winding correct for any turn.
public struct Stroker {
    public var style: LineStyle
    /// Maximum distance between a round join or cap and its polygon, in the stroke's units.
    public var tolerance: Double

    public init(style: LineStyle, tolerance: Double = 0.1) {
        self.style = style
        self.tolerance = tolerance
    }

    public func outlines(of polylines: [Polyline]) -> [Polyline] {
        let radius = style.width / 2
        guard radius > 0 else { return [] }
        var result: [Polyline] = []
        for polyline in polylines {
            let points = Self.withoutRepeats(polyline.points, closed: polyline.isClosed)
            if points.count == 1 {
                if let dot = dot(at: points[0], radius: radius) { result.append(dot) }
                continue
            }
            if polyline.isClosed && points.count > 2 {
                result.append(Polyline(points: side(of: points, closed: true, radius: radius), isClosed: true))
                result.append(Polyline(points: side(of: points.reversed(), closed: true, radius: radius), isClosed: true))
            } else {
                var outline = side(of: points, closed: false, radius: radius)
                appendCap(at: points[points.count - 1], direction: Self.direction(points[points.count - 2], points[points.count - 1]),
                          radius: radius, into: &outline)
                let reversed = Array(points.reversed())
                outline += side(of: reversed, closed: false, radius: radius)
                appendCap(at: reversed[reversed.count - 1], direction: Self.direction(reversed[reversed.count - 2], reversed[reversed.count - 1]),
                          radius: radius, into: &outline)
                result.append(Polyline(points: outline, isClosed: true))
            }
        }
        return result
    }

    // MARK: - Sides and joins

    /// The offset line on one side (left of the direction of travel in y-down coordinates),
    /// with joins. For a closed polyline it includes the join at the first point.
    private func side(of points: [Point], closed: Bool, radius: Double) -> [Point] {
        var out: [Point] = []
        let count = points.count
        let segmentCount = closed ? count : count - 1
        for i in 0..<segmentCount {
            let a = points[i], b = points[(i + 1) % count]
            let d = Self.direction(a, b)
            let n = Point(x: -d.y * radius, y: d.x * radius)
            if i == 0 && !closed { out.append(a + n) }
            out.append(b + n)
            let hasNext = closed || i + 1 < segmentCount
            if hasNext {
                let c = points[(i + 2) % count]
                appendJoin(at: b, incoming: d, outgoing: Self.direction(b, c), radius: radius, into: &out)
            }
        }
        return out
    }

    private func appendJoin(at p: Point, incoming d0: Point, outgoing d1: Point, radius: Double, into out: inout [Point]) {
        let n0 = Point(x: -d0.y * radius, y: d0.x * radius)
        let n1 = Point(x: -d1.y * radius, y: d1.x * radius)
        let cross = d0.x * d1.y - d0.y * d1.x
        let dot = d0.x * d1.x + d0.y * d1.y
        if abs(cross) < 1e-12 && dot > 0 { return } // straight on: the next segment starts where this one ended
        if cross > 0 {
            // This side is the inside of the turn: pivot through the vertex.
            out.append(p)
            out.append(p + n1)
            return
        }
        switch style.join {
        case .bevel:
            break
        case .round:
            let start = atan2(n0.y, n0.x)
            let sweep = atan2(n0.x * n1.y - n0.y * n1.x, n0.x * n1.x + n0.y * n1.y)
            out += arc(center: p, radius: radius, from: start, sweep: sweep)
        case .miter:
            // 1 / sin(half the angle between the segments) is the miter length over the width.
            let cosHalfTurn = ((1 + dot) / 2).squareRoot()
            if cosHalfTurn > 1e-9 && 1 / cosHalfTurn <= style.miterLimit {
                let bisector = n0 + n1
                let length = (bisector.x * bisector.x + bisector.y * bisector.y).squareRoot()
                if length > 1e-12 {
                    out.append(p + bisector * (radius / cosHalfTurn / length))
                }
            }
        }
        out.append(p + n1)
    }

    // MARK: - Caps

    private func appendCap(at p: Point, direction d: Point, radius: Double, into out: inout [Point]) {
        let n = Point(x: -d.y * radius, y: d.x * radius)
        switch style.cap {
        case .butt:
            break
        case .square:
            let e = d * radius
            out.append(p + n + e)
            out.append(p - n + e)
        case .round:
            // From the left offset round the front to the right offset.
            out += arc(center: p, radius: radius, from: atan2(n.y, n.x), sweep: -.pi).dropLast()
        }
        out.append(p - n)
    }

    /// A lone point: a round cap makes a circle, a square cap a square, a butt cap nothing.
    private func dot(at p: Point, radius: Double) -> Polyline? {
        switch style.cap {
        case .butt: return nil
        case .square:
            return Polyline(points: [Point(x: p.x - radius, y: p.y - radius), Point(x: p.x + radius, y: p.y - radius),
                                     Point(x: p.x + radius, y: p.y + radius), Point(x: p.x - radius, y: p.y + radius)],
                            isClosed: true)
        case .round:
            return Polyline(points: arc(center: p, radius: radius, from: 0, sweep: 2 * .pi), isClosed: true)
        }
    }

    /// Points along an arc, excluding the start and including the end.
    func arc(center: Point, radius: Double, from start: Double, sweep: Double) -> [Point] {
        let step = radius > tolerance ? 2 * acos(1 - tolerance / radius) : .pi / 2
        let count = max(1, Int((abs(sweep) / step).rounded(.up)))
        return (1...count).map { i in
            let angle = start + sweep * Double(i) / Double(count)
            return Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        }
    }

    // MARK: - Helpers

    static func direction(_ a: Point, _ b: Point) -> Point {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        return length > 0 ? Point(x: dx / length, y: dy / length) : Point(x: 1, y: 0)
    }

    static func withoutRepeats(_ points: [Point], closed: Bool) -> [Point] {
        var out: [Point] = []
        for p in points where out.last.map({ $0.distance(to: p) > 1e-9 }) ?? true { out.append(p) }
        if closed, out.count > 1, let first = out.first, let last = out.last, first.distance(to: last) <= 1e-9 {
            out.removeLast()
        }
        return out
    }
}
