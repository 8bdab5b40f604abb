/// The pixels a fill of polygons may touch: their bounds, within the clip. Damaged data is
/// kept out here, before any rasterizer converts a coordinate to Int.
enum PolygonArea {
    /// The pixels the polygons' bounds touch within `clip` (empty when there is no point, or
    /// one that is not a number or absurdly far).
    static func pixels(of polygons: [Polyline], within clip: PixelRect) -> PixelRect {
        guard !clip.isEmpty else { return .empty }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for polygon in polygons {
            for p in polygon.points {
                // An outline with a point that is not a number, or absurdly far (only damaged
                // data has them), is left out: NaN slips past every comparison below and would
                // reach a trapping conversion to Int in addEdge, and differences of points near
                // Double's limit overflow to infinity there. (NaN fails this test too.)
                guard abs(p.x) <= farthestPoint, abs(p.y) <= farthestPoint else { return .empty }
                if p.x < minX { minX = p.x }
                if p.x > maxX { maxX = p.x }
                if p.y < minY { minY = p.y }
                if p.y > maxY { maxY = p.y }
            }
        }
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return .empty }
        // Clamp before converting so huge coordinates cannot overflow Int.
        func clamped(_ v: Double) -> Double { max(-1e9, min(1e9, v)) }
        return PixelRect(x0: floorToInt(clamped(minX)), y0: floorToInt(clamped(minY)),
                         x1: ceilToInt(clamped(maxX)) + 1, y1: ceilToInt(clamped(maxY)) + 1).intersection(clip)
    }

    /// How far from the origin a polygon's points may lie (any real figure is far inside).
    private static let farthestPoint = 1e100
}
