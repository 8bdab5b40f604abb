/// A segment's geometry for capsule queries: the horizontal span of the points within a
/// radius of it. Everything that does not depend on the row is computed once per segment.
public struct CapsuleGeometry {
    let p0: Point, p1: Point
    let dx: Double, dy: Double
    let length: Double
    let inverseLengthSquared: Double
    /// The unit direction and its reciprocals (infinite when a component is zero).
    let ux: Double, uy: Double
    let inverseUx: Double, inverseUy: Double

    public init(p0: Point, p1: Point) {
        self.p0 = p0
        self.p1 = p1
        dx = p1.x - p0.x
        dy = p1.y - p0.y
        let lengthSquared = dx * dx + dy * dy
        length = lengthSquared.squareRoot()
        inverseLengthSquared = lengthSquared > 0 ? 1 / lengthSquared : 0
        ux = length > 0 ? dx / length : 0
        uy = length > 0 ? dy / length : 0
        inverseUx = abs(ux) > 1e-9 ? 1 / ux : .infinity
        inverseUy = abs(uy) > 1e-9 ? 1 / uy : .infinity
    }

    /// The x range of the horizontal line at `y` within `radius` of the segment, if any.
    /// The capsule is convex, so it is the union of the end discs and the band between them.
    @inline(__always)
    public func span(atY y: Double, radius: Double) -> (Double, Double)? {
        var left = Double.infinity, right = -Double.infinity
        let h0 = y - p0.y, h1 = y - p1.y
        if abs(h0) < radius {
            let half = (radius * radius - h0 * h0).squareRoot()
            left = p0.x - half
            right = p0.x + half
        }
        if abs(h1) < radius {
            let half = (radius * radius - h1 * h1).squareRoot()
            left = min(left, p1.x - half)
            right = max(right, p1.x + half)
        }
        guard length > 0 else { return left <= right ? (left, right) : nil }
        // The band: |n·(p - p0)| <= radius with n = (-uy, ux), and 0 <= u·(p - p0) <= length.
        var low = -Double.infinity, high = Double.infinity
        let across = uy * p0.x + ux * h0 // n·(p - p0) = across - uy x
        if inverseUy.isFinite {
            let a = (across - radius) * inverseUy, b = (across + radius) * inverseUy
            low = min(a, b)
            high = max(a, b)
        } else if abs(across) > radius {
            return left <= right ? (left, right) : nil
        }
        let along = ux * p0.x - uy * h0 // u·(p - p0) = ux x - along
        if inverseUx.isFinite {
            let a = along * inverseUx, b = (along + length) * inverseUx
            low = max(low, min(a, b))
            high = min(high, max(a, b))
        } else if uy * h0 < 0 || uy * h0 > length {
            return left <= right ? (left, right) : nil
        }
        if low <= high {
            left = min(left, low)
            right = max(right, high)
        }
        return left <= right ? (left, right) : nil
    }
}
