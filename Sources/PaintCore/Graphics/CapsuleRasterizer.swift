/// Rasterizes a round-capped line segment (a capsule) into a coverage mask, combining with
/// max() so overlapping segments of one stroke never darken each other at the joints.
/// Coverage falls off linearly over one pixel across the edge (distance to the segment).
///
/// The freehand fast path of the renderer: each row is limited to the capsule's exact span,
/// pixels already fully covered are skipped, and wide strokes fill their fully covered middle
/// directly, so only the anti-aliased edges need a distance.
public enum CapsuleRasterizer {
    /// Adds the capsule and returns the rectangle of pixels whose coverage rose (what needs
    /// showing again; consecutive segments of a stroke overlap, so it is often much smaller
    /// than the capsule).
    ///
    /// `continuing` says the start point was already stamped by the previous segment of the
    /// same stroke: then pixels behind the start (nearest to it) cannot gain coverage and are
    /// not visited, which halves the work of a freehand segment.
    @discardableResult
    public static func add(from p0: Point, to p1: Point, width: Double, continuing: Bool = false,
                           into mask: CoverageMask) -> PixelRect {
        let radius = max(width, 0) / 2
        // Thin strokes keep a one-pixel footprint and fade with their width instead.
        let footprint = max(radius, 0.5)
        let strength = min(1, width)
        // A pixel is touched up to half its diagonal beyond the edge, and full half a diagonal inside.
        let outer = footprint + 0.5 * 2.0.squareRoot()
        let area = PixelRect(covering: Rect(x: min(p0.x, p1.x) - outer, y: min(p0.y, p1.y) - outer,
                                            width: abs(p1.x - p0.x) + 2 * outer, height: abs(p1.y - p0.y) + 2 * outer),
                             width: mask.width, height: mask.height)
        if area.isEmpty { return .empty }
        let geometry = CapsuleGeometry(p0: p0, p1: p1)
        let inner = footprint - 0.5 * 2.0.squareRoot()
        let full = UInt8(255 * strength + 0.5)
        // Vector constants, relative to p0 so Float keeps sub-pixel precision anywhere.
        let dx = Float(p1.x - p0.x), dy = Float(p1.y - p0.y)
        let lengthSquared = dx * dx + dy * dy
        let inverseLengthSquared: Float = lengthSquared > 0 ? 1 / lengthSquared : 0
        let scaleF = Float(255 * strength), radiusF = Float(footprint)
        let kernel = CapsuleKernel(dx: dx, dy: dy, inverseLengthSquared: inverseLengthSquared,
                                   radius: radiusF, scale: scaleF, fullGroup: UInt32(full) * 0x0101_0101)
        let useSpans = area.width > 16 || inner > 3
        var written = PixelRect.empty
        var changedX0 = Int.max, changedX1 = Int.min, changedY0 = Int.max, changedY1 = Int.min
        for y in area.y0..<area.y1 {
            let centerY = Double(y) + 0.5
            var x0 = area.x0, x1 = area.x1 - 1
            if useSpans {
                guard let (left, right) = geometry.span(atY: centerY, radius: outer) else { continue }
                // Pixel x has its centre at x + 0.5.
                x0 = max(x0, ceilToInt(left - 0.5))
                x1 = min(x1, floorToInt(right - 0.5))
                if x0 > x1 { continue }
            }
            let row = mask.values + y * mask.width
            var rowChanged0 = Int.max, rowChanged1 = Int.min
            var solid0 = x1 + 1, solid1 = x1
            if inner > 3, let (innerLeft, innerRight) = geometry.span(atY: centerY, radius: inner) {
                solid0 = max(x0, ceilToInt(innerLeft - 0.5) + 1)
                solid1 = min(x1, floorToInt(innerRight - 0.5) - 1)
                if solid0 <= solid1 {
                    // Only the part not already full changes (the previous segment covered most of it).
                    var a = solid0, b = solid1
                    while a <= b && row[a] == full { a += 1 }
                    while b >= a && row[b] == full { b -= 1 }
                    if a <= b {
                        (row + a).update(repeating: full, count: b - a + 1)
                        rowChanged0 = a
                        rowChanged1 = b
                    }
                } else {
                    solid0 = x1 + 1
                    solid1 = x1
                }
            }
            let py = Float(centerY - p0.y)
            if continuing && lengthSquared > 0 {
                // Only pixel centres ahead of the start, (x + 0.5 - p0.x) dx + py dy > 0, can rise.
                let pyDy = py * dy
                if dx == 0 {
                    if pyDy <= 0 { continue }
                } else {
                    let boundary = p0.x - Double(pyDy / dx) - 0.5
                    if dx > 0 { x0 = max(x0, floorToInt(boundary)) } else { x1 = min(x1, ceilToInt(boundary)) }
                    if x0 > x1 { continue }
                }
            }
            // The edges left and right of the solid middle (or the whole span).
            let rise = solid0 <= solid1
                ? kernel.cover(row: row, rowWidth: mask.width, from: x0, through: solid0 - 1, py: py, originX: p0.x)
                    .union(kernel.cover(row: row, rowWidth: mask.width, from: solid1 + 1, through: x1, py: py, originX: p0.x))
                : kernel.cover(row: row, rowWidth: mask.width, from: x0, through: x1, py: py, originX: p0.x)
            rowChanged0 = min(rowChanged0, rise.lowerBound)
            rowChanged1 = max(rowChanged1, rise.upperBound)
            written = written.union(PixelRect(x0: x0, y0: y, x1: x1 + 1, y1: y + 1))
            if rowChanged0 <= rowChanged1 {
                changedX0 = min(changedX0, rowChanged0)
                changedX1 = max(changedX1, rowChanged1)
                changedY0 = min(changedY0, y)
                changedY1 = y
            }
        }
        mask.markTouched(written)
        if changedX0 > changedX1 { return .empty }
        return PixelRect(x0: changedX0, y0: changedY0, x1: changedX1 + 1, y1: changedY1 + 1)
    }
}

/// A segment's geometry for capsule queries: distance to the segment and the horizontal span
/// of the points within a radius of it. Everything that does not depend on the row is
/// computed once per segment.
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

    @inline(__always)
    func distanceSquared(x: Double, y: Double) -> Double {
        let px = x - p0.x, py = y - p0.y
        let t = max(0, min(1, (px * dx + py * dy) * inverseLengthSquared))
        let ex = px - t * dx, ey = py - t * dy
        return ex * ex + ey * ey
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

/// The exact fraction of a unit pixel on the inside of a straight edge, from the signed
/// distance of the pixel centre to the edge (positive inside) and the edge's normal.
struct EdgeCoverage {
    let reach: Float
    private let halfDifference: Float
    private let inverseA: Float
    private let inverseTwoAB: Float

    init(normalX: Float, normalY: Float) {
        let a = max(abs(normalX), abs(normalY)), b = min(abs(normalX), abs(normalY))
        reach = (a + b) / 2
        halfDifference = (a - b) / 2
        inverseA = a > 0 ? 1 / a : 0
        inverseTwoAB = b > 1e-6 ? 1 / (2 * a * b) : 0
    }

    @inline(__always)
    func coverage(_ inside: Float) -> Float {
        let d = abs(inside)
        if d <= halfDifference { return 0.5 + inside * inverseA }
        if d >= reach { return inside > 0 ? 1 : 0 }
        let u = reach - d
        let corner = u * u * inverseTwoAB
        return inside > 0 ? 1 - corner : corner
    }
}
