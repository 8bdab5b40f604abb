/// Rasterizes a round-capped line segment (a capsule) into a coverage mask, combining with
/// max() so overlapping segments of one stroke never darken each other at the joints.
/// Coverage falls off linearly over one pixel across the edge (distance to the segment).
public enum CapsuleRasterizer {
    /// Adds the capsule and returns the pixels it touched.
    @discardableResult
    public static func add(from p0: Point, to p1: Point, width: Double, into mask: CoverageMask) -> PixelRect {
        let radius = max(width, 0) / 2
        // Thin strokes keep a one-pixel footprint and fade with their width instead.
        let footprint = max(radius, 0.5)
        let strength = min(1, width)
        let reach = footprint + 1
        let area = PixelRect(covering: Rect(x: min(p0.x, p1.x) - reach, y: min(p0.y, p1.y) - reach,
                                            width: abs(p1.x - p0.x) + 2 * reach, height: abs(p1.y - p0.y) + 2 * reach),
                             width: mask.width, height: mask.height)
        if area.isEmpty { return .empty }
        let dx = p1.x - p0.x, dy = p1.y - p0.y
        let lengthSquared = dx * dx + dy * dy
        let inverseLength = lengthSquared > 0 ? 1 / lengthSquared : 0
        let outer = footprint + 0.5
        let outerSquared = outer * outer
        let scale = 255 * strength
        for y in area.y0..<area.y1 {
            let py = Double(y) + 0.5 - p0.y
            let row = mask.values + y * mask.width
            for x in area.x0..<area.x1 {
                let px = Double(x) + 0.5 - p0.x
                let t = max(0, min(1, (px * dx + py * dy) * inverseLength))
                let ex = px - t * dx, ey = py - t * dy
                let distanceSquared = ex * ex + ey * ey
                if distanceSquared >= outerSquared { continue }
                let coverage = min(1, outer - distanceSquared.squareRoot())
                let value = UInt8(coverage * scale + 0.5)
                if value > row[x] { row[x] = value }
            }
        }
        mask.markTouched(area)
        return area
    }
}
