/// Turns curves into line segments whose distance from the true curve stays under a tolerance.
/// Flattening happens after the transform, so the tolerance is in device pixels and a path
/// scaled up is flattened finer.
public enum PathFlattener {
    public static let defaultTolerance = 0.02

    public static func flatten(_ path: Path, transform: AffineTransform = .identity,
                               tolerance: Double = defaultTolerance) -> [Polyline] {
        var result: [Polyline] = []
        var current: [Point] = []
        var start = Point.zero
        func finish(closed: Bool) {
            if current.count > 1 {
                result.append(Polyline(points: current, isClosed: closed))
            }
            current = []
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                finish(closed: false)
                start = transform.apply(to: p)
                current = [start]
            case .line(let p):
                current.append(transform.apply(to: p))
            case .quad(let c, let p):
                let p0 = current.last ?? start
                appendQuad(p0, transform.apply(to: c), transform.apply(to: p), tolerance: tolerance, into: &current)
            case .cubic(let c1, let c2, let p):
                let p0 = current.last ?? start
                appendCubic(p0, transform.apply(to: c1), transform.apply(to: c2), transform.apply(to: p),
                            tolerance: tolerance, into: &current)
            case .close:
                finish(closed: true)
                // Drawing on after a close starts a new subpath at the closed one's start.
                current = [start]
            }
        }
        finish(closed: false)
        return result
    }

    /// Wang's formula: segments needed so a quadratic stays within tolerance.
    static func appendQuad(_ p0: Point, _ p1: Point, _ p2: Point, tolerance: Double, into points: inout [Point]) {
        let ddx = p0.x - 2 * p1.x + p2.x, ddy = p0.y - 2 * p1.y + p2.y
        let dd = (ddx * ddx + ddy * ddy).squareRoot()
        let count = segmentCount((dd / (4 * tolerance)).squareRoot())
        for i in 1...count {
            let t = Double(i) / Double(count), u = 1 - t
            points.append(Point(x: u * u * p0.x + 2 * u * t * p1.x + t * t * p2.x,
                                y: u * u * p0.y + 2 * u * t * p1.y + t * t * p2.y))
        }
    }

    static func appendCubic(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, tolerance: Double, into points: inout [Point]) {
        let ax = p0.x - 2 * p1.x + p2.x, ay = p0.y - 2 * p1.y + p2.y
        let bx = p1.x - 2 * p2.x + p3.x, by = p1.y - 2 * p2.y + p3.y
        let m = max((ax * ax + ay * ay).squareRoot(), (bx * bx + by * by).squareRoot())
        let count = segmentCount((0.75 * m / tolerance).squareRoot())
        for i in 1...count {
            let t = Double(i) / Double(count), u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            points.append(Point(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y))
        }
    }

    /// Wang's estimate as a number of segments, 1...1000, decided before converting to Int: a
    /// curve scaled far past the screen (a damaged figure's) estimates infinity, and NaN
    /// coordinates estimate NaN, and either trapped in the conversion.
    static func segmentCount(_ estimate: Double) -> Int {
        if !(estimate > 1) { return 1 }
        if !(estimate < 1000) { return 1000 }
        return Int(estimate.rounded(.up))
    }
}
