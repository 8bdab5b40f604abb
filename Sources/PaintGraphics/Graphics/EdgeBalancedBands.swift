/// Where to cut a shape's rows into bands of equal work for the cores. Most of a fill's work
/// is per edge row (adding an edge's cells, then reading them back), so the cuts share out the
/// rows that edges cross, not the rows themselves: an even split of a small polygon's rows left
/// one core with most of its edges and the other waiting (BENCHMARKS.md).
enum EdgeBalancedBands {
    /// `count + 1` rows from `area.y0` to `area.y1`: band `k` is the rows from the `k`-th to the
    /// next. Each cut is the row by which that share of the edge rows is reached.
    static func cuts(of polygons: [Polyline], area: PixelRect, count: Int) -> [Int] {
        let top = Double(area.y0), bottom = Double(area.y1)
        var spans: [(Double, Double)] = []
        var total = 0.0
        for polygon in polygons where polygon.points.count > 1 {
            var previous = polygon.points[polygon.points.count - 1]
            for point in polygon.points {
                let from = max(top, min(previous.y, point.y)), to = min(bottom, max(previous.y, point.y))
                if to > from {
                    spans.append((from, to))
                    total += to - from
                }
                previous = point
            }
        }
        /// The edge rows above row `y`.
        func rowsAbove(_ y: Int) -> Double {
            var sum = 0.0
            for (from, to) in spans { sum += max(0, min(Double(y), to) - from) }
            return sum
        }
        var cuts = [area.y0]
        for share in 1..<count {
            let wanted = total * Double(share) / Double(count)
            var low = cuts[cuts.count - 1], high = area.y1
            while low < high {
                let middle = (low + high) / 2
                if rowsAbove(middle) < wanted { low = middle + 1 } else { high = middle }
            }
            cuts.append(low)
        }
        cuts.append(area.y1)
        return cuts
    }
}
