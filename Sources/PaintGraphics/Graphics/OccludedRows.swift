/// The whole device pixels, row by row, that a view in front paints fully opaque over a
/// convex outline (a turned photo): what is drawn below may leave them out, since they will
/// be covered anyway. A rectangle cannot say this for a turned picture without giving up half
/// of it; rows can, so the canvas around a photo being pinched is composed only in its corners.
public struct OccludedRows: Sendable {
    /// The outline's corners in device pixels, in order round a convex polygon.
    let corners: [Point]
    /// Pixels outside it are not covered (the view's clip).
    let bounds: PixelRect
    private let top: Double, bottom: Double

    /// Nil when the outline is empty. `corners` must describe a convex polygon.
    public init?(corners: [Point], within bounds: PixelRect) {
        guard corners.count >= 3, !bounds.isEmpty else { return nil }
        self.corners = corners
        self.bounds = bounds
        top = corners.map(\.y).min()!
        bottom = corners.map(\.y).max()!
        guard bottom > top else { return nil }
    }

    /// The columns of row `y` that are covered, or nil when none is. A pixel counts only if a
    /// margin of one pixel round it lies inside the outline as well: the anti-aliased edge and
    /// a rasterizer's rounding on it are then never left out.
    public func span(row y: Int) -> Range<Int>? {
        guard y >= bounds.y0, y < bounds.y1 else { return nil }
        let upper = Double(y - 1), lower = Double(y + 2)
        guard upper >= top, lower <= bottom, let above = extent(at: upper), let below = extent(at: lower) else { return nil }
        // A convex outline's left side is convex in y and its right side concave, so across the
        // rows from `upper` to `lower` they are innermost at one of the two ends.
        let left = max(Int(max(above.left, below.left).rounded(.up)) + 1, bounds.x0)
        let right = min(Int(min(above.right, below.right).rounded(.down)) - 1, bounds.x1)
        return left < right ? left..<right : nil
    }

    /// Where the horizontal line at `y` enters and leaves the outline.
    private func extent(at y: Double) -> (left: Double, right: Double)? {
        var left = Double.infinity, right = -Double.infinity
        for index in corners.indices {
            let a = corners[index], b = corners[(index + 1) % corners.count]
            guard min(a.y, b.y) <= y, max(a.y, b.y) >= y else { continue }
            let x = a.y == b.y ? min(a.x, b.x) : a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x)
            let far = a.y == b.y ? max(a.x, b.x) : x
            left = min(left, x)
            right = max(right, far)
        }
        return left <= right ? (left, right) : nil
    }

    /// Calls `body(y, x0, x1)` for each run of a rectangle's rows left to draw: the whole row,
    /// or the parts either side of the covered columns.
    @inline(__always)
    /// Inlinable: the canvas compositor runs its per-pixel loop in `body`.
    @inlinable
    package static func forEachRun(of area: PixelRect, skipping occluded: OccludedRows?, _ body: (Int, Int, Int) -> Void) {
        for y in area.y0..<area.y1 {
            guard let occluded, let covered = occluded.span(row: y), covered.lowerBound < area.x1,
                  covered.upperBound > area.x0 else {
                body(y, area.x0, area.x1)
                continue
            }
            if covered.lowerBound > area.x0 { body(y, area.x0, covered.lowerBound) }
            if covered.upperBound < area.x1 { body(y, covered.upperBound, area.x1) }
        }
    }
}
