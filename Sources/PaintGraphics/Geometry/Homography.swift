import Foundation

/// A projective map of the plane (a 3x3 matrix, row by row): what a perspective transform does
/// to points. Affine maps are the ones whose last row is (0, 0, 1).
public struct Homography: Sendable, Equatable {
    /// m[0] m[1] m[2] / m[3] m[4] m[5] / m[6] m[7] m[8]: x' = (m0 x + m1 y + m2) / (m6 x + m7 y + m8).
    public var m: [Double]

    public init(_ m: [Double]) {
        precondition(m.count == 9)
        self.m = m
    }

    public static let identity = Homography([1, 0, 0, 0, 1, 0, 0, 0, 1])

    public init(_ affine: AffineTransform) {
        self.init([affine.a, affine.c, affine.tx, affine.b, affine.d, affine.ty, 0, 0, 1])
    }

    /// Where a point goes; nil where it goes to infinity (behind the horizon).
    public func apply(to point: Point) -> Point? {
        let w = m[6] * point.x + m[7] * point.y + m[8]
        guard abs(w) > 1e-12 else { return nil }
        return Point(x: (m[0] * point.x + m[1] * point.y + m[2]) / w, y: (m[3] * point.x + m[4] * point.y + m[5]) / w)
    }

    /// This map, then `other`.
    public func concatenating(_ other: Homography) -> Homography {
        let a = other.m, b = m
        var r = [Double](repeating: 0, count: 9)
        for row in 0..<3 {
            for column in 0..<3 {
                r[row * 3 + column] = a[row * 3] * b[column] + a[row * 3 + 1] * b[3 + column] + a[row * 3 + 2] * b[6 + column]
            }
        }
        return Homography(r)
    }

    public func inverted() -> Homography? {
        let a = m
        let c0 = a[4] * a[8] - a[5] * a[7], c1 = a[5] * a[6] - a[3] * a[8], c2 = a[3] * a[7] - a[4] * a[6]
        let determinant = a[0] * c0 + a[1] * c1 + a[2] * c2
        guard abs(determinant) > 1e-15, determinant.isFinite else { return nil }
        let inverse = [
            c0, a[2] * a[7] - a[1] * a[8], a[1] * a[5] - a[2] * a[4],
            c1, a[0] * a[8] - a[2] * a[6], a[2] * a[3] - a[0] * a[5],
            c2, a[1] * a[6] - a[0] * a[7], a[0] * a[4] - a[1] * a[3],
        ].map { $0 / determinant }
        return Homography(inverse)
    }

    /// The map taking a rectangle's corners (top-left, top-right, bottom-right, bottom-left) to
    /// a quadrilateral's, in that order (Heckbert's square-to-quad); nil for a rectangle of no
    /// area or a quadrilateral three of whose corners are on one line.
    public static func mapping(_ rect: Rect, to quad: [Point]) -> Homography? {
        guard quad.count == 4, rect.width > 0, rect.height > 0 else { return nil }
        let (p0, p1, p2, p3) = (quad[0], quad[1], quad[2], quad[3])
        let sx = p0.x - p1.x + p2.x - p3.x, sy = p0.y - p1.y + p2.y - p3.y
        var square: [Double]
        if abs(sx) < 1e-12 && abs(sy) < 1e-12 {
            square = [p1.x - p0.x, p2.x - p1.x, p0.x, p1.y - p0.y, p2.y - p1.y, p0.y, 0, 0, 1]
        } else {
            let dx1 = p1.x - p2.x, dx2 = p3.x - p2.x, dy1 = p1.y - p2.y, dy2 = p3.y - p2.y
            let denominator = dx1 * dy2 - dx2 * dy1
            guard abs(denominator) > 1e-12 else { return nil }
            let g = (sx * dy2 - dx2 * sy) / denominator, h = (dx1 * sy - sx * dy1) / denominator
            square = [p1.x - p0.x + g * p1.x, p3.x - p0.x + h * p3.x, p0.x,
                      p1.y - p0.y + g * p1.y, p3.y - p0.y + h * p3.y, p0.y, g, h, 1]
        }
        let unit = Homography([1 / rect.width, 0, -rect.minX / rect.width, 0, 1 / rect.height, -rect.minY / rect.height, 0, 0, 1])
        let result = unit.concatenating(Homography(square))
        guard result.inverted() != nil else { return nil }
        return result
    }

    /// The same map in a space `factor` times finer (document units to pixels).
    public func scaled(by factor: Double) -> Homography {
        Homography([1 / factor, 0, 0, 0, 1 / factor, 0, 0, 0, 1])
            .concatenating(self)
            .concatenating(Homography([factor, 0, 0, 0, factor, 0, 0, 0, 1]))
    }
}
