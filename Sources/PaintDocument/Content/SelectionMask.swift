import Foundation

/// A selection as layer pixels (at `scale` pixels per document unit): what the magic wand
/// selects, and what selections added, subtracted or intersected make. Kept as runs of
/// selected pixels row by row (x0 inclusive, x1 exclusive), so a region of a 4K photo costs
/// its edges, not its area, in memory and in the journal.
public struct SelectionMask: Sendable, Equatable {
    public let scale: Double
    /// Whether its edges are soft (the magic wand's anti-aliasing): the pixels along them are
    /// partly selected, a pixel's share being that of its 3x3 neighbourhood inside the region.
    public var softEdges = false
    /// The rows and columns its runs lie in (their bounds).
    public let area: PixelRect
    /// Row r's runs are runs[rowStarts[r] ..< rowStarts[r + 1]], as x0, x1 pairs (each pair two entries).
    let rowStarts: [Int32]
    let runs: [Int32]

    /// From runs found in any order (a flood fill's): (y, x0, x1) with x1 exclusive. Nil when empty.
    public init?(runs found: [(y: Int, x0: Int, x1: Int)], scale: Double) {
        let sorted = Self.rowOrder(found.filter { $0.x1 > $0.x0 })
        guard let first = sorted.first, let last = sorted.last else { return nil }
        let y0 = first.y, y1 = last.y + 1
        var starts = [Int32](repeating: 0, count: y1 - y0 + 1), runs: [Int32] = []
        runs.reserveCapacity(sorted.count * 2)
        var minX = Int.max, maxX = Int.min, index = 0
        for y in y0..<y1 {
            starts[y - y0] = Int32(runs.count / 2)
            while index < sorted.count && sorted[index].y == y {
                let run = sorted[index]
                // Touching or overlapping runs become one.
                if runs.count / 2 > Int(starts[y - y0]), Int(runs[runs.count - 1]) >= run.x0 {
                    runs[runs.count - 1] = Int32(max(Int(runs[runs.count - 1]), run.x1))
                } else {
                    runs.append(Int32(run.x0))
                    runs.append(Int32(run.x1))
                }
                minX = min(minX, run.x0)
                maxX = max(maxX, run.x1)
                index += 1
            }
        }
        starts[y1 - y0] = Int32(runs.count / 2)
        self.scale = scale
        self.area = PixelRect(x0: minX, y0: y0, x1: maxX, y1: y1)
        self.rowStarts = starts
        self.runs = runs
    }

    /// Runs by row, then by x: bucketed by row (a flood finds a 4K region's hundreds of
    /// thousands of runs in no order; a comparison sort of them took longer than the flood),
    /// then each row's few sorted.
    static func rowOrder(_ runs: [(y: Int, x0: Int, x1: Int)]) -> [(y: Int, x0: Int, x1: Int)] {
        guard let minY = runs.map(\.y).min(), let maxY = runs.map(\.y).max() else { return [] }
        var starts = [Int](repeating: 0, count: maxY - minY + 2)
        for run in runs { starts[run.y - minY + 1] += 1 }
        for i in 1..<starts.count { starts[i] += starts[i - 1] }
        var placed = [(y: Int, x0: Int, x1: Int)](repeating: (0, 0, 0), count: runs.count)
        var next = starts
        for run in runs {
            placed[next[run.y - minY]] = run
            next[run.y - minY] += 1
        }
        for row in 0..<(starts.count - 1) where starts[row + 1] - starts[row] > 1 {
            let range = starts[row]..<starts[row + 1]
            let inRow = placed[range]
            if !zip(inRow, inRow.dropFirst()).allSatisfy({ $0.x0 <= $1.x0 }) { placed.replaceSubrange(range, with: inRow.sorted { $0.x0 < $1.x0 }) }
        }
        return placed
    }

    /// From one flag per pixel of `area`, row by row. Nil when none is set.
    public init?(flags: [Bool], in area: PixelRect, scale: Double) {
        var found: [(y: Int, x0: Int, x1: Int)] = []
        for y in area.y0..<area.y1 {
            let row = (y - area.y0) * area.width
            var x = 0
            while x < area.width {
                guard flags[row + x] else { x += 1; continue }
                let start = x
                while x < area.width && flags[row + x] { x += 1 }
                found.append((y, area.x0 + start, area.x0 + x))
            }
        }
        self.init(runs: found, scale: scale)
    }

    /// How many runs row `y` has, and each.
    @inline(__always)
    func forEachRun(inRow y: Int, _ body: (Int, Int) -> Void) {
        guard y >= area.y0 && y < area.y1 else { return }
        for r in Int(rowStarts[y - area.y0])..<Int(rowStarts[y - area.y0 + 1]) { body(Int(runs[2 * r]), Int(runs[2 * r + 1])) }
    }

    public func contains(x: Int, y: Int) -> Bool {
        var inside = false
        forEachRun(inRow: y) { x0, x1 in if x >= x0 && x < x1 { inside = true } }
        return inside
    }

    /// One flag per pixel of `target` (any rectangle), row by row.
    public func flags(in target: PixelRect) -> [Bool] {
        var flags = [Bool](repeating: false, count: max(0, target.width * target.height))
        for y in max(target.y0, area.y0)..<max(max(target.y0, area.y0), min(target.y1, area.y1)) {
            let row = (y - target.y0) * target.width
            forEachRun(inRow: y) { x0, x1 in
                let from = max(x0, target.x0), to = min(x1, target.x1)
                if from < to { for x in from..<to { flags[row + x - target.x0] = true } }
            }
        }
        return flags
    }

    /// The same pixels `dx`, `dy` layer pixels along.
    public func translated(dx: Int, dy: Int) -> SelectionMask {
        var found: [(y: Int, x0: Int, x1: Int)] = []
        for y in area.y0..<area.y1 { forEachRun(inRow: y) { x0, x1 in found.append((y + dy, x0 + dx, x1 + dx)) } }
        var moved = SelectionMask(runs: found, scale: scale)!
        moved.softEdges = softEdges
        return moved
    }

    /// Its edges (between a selected pixel and one that is not), in layer pixels, each a
    /// horizontal or vertical segment joined with its neighbours: what the marching ants follow.
    public func outlineSegments() -> [(Point, Point)] {
        var segments: [(Point, Point)] = []
        var above: [(Int, Int)] = [], row: [(Int, Int)] = []
        // Vertical edges: the runs' ends (sorted), each carried down while the next row has an
        // end at the same x, as (x, the row it started).
        var open: [(x: Int, from: Int)] = [], still: [(x: Int, from: Int)] = [], ends: [Int] = []
        for y in area.y0...area.y1 {
            row.removeAll(keepingCapacity: true)
            forEachRun(inRow: y) { row.append(($0, $1)) }
            // Horizontal edges: where this row and the one above differ.
            for (x0, x1) in Self.difference(row, above) + Self.difference(above, row) {
                segments.append((Point(x: Double(x0), y: Double(y)), Point(x: Double(x1), y: Double(y))))
            }
            ends.removeAll(keepingCapacity: true)
            for (x0, x1) in row {
                // Runs are apart (merged when touching), so their ends come sorted and distinct.
                ends.append(x0)
                ends.append(x1)
            }
            still.removeAll(keepingCapacity: true)
            var i = 0, j = 0
            while i < open.count || j < ends.count {
                if j == ends.count || (i < open.count && open[i].x < ends[j]) {
                    segments.append((Point(x: Double(open[i].x), y: Double(open[i].from)), Point(x: Double(open[i].x), y: Double(y))))
                    i += 1
                } else if i == open.count || ends[j] < open[i].x {
                    still.append((ends[j], y))
                    j += 1
                } else {
                    still.append(open[i])
                    i += 1
                    j += 1
                }
            }
            swap(&open, &still)
            swap(&above, &row)
        }
        return segments
    }

    /// The parts of runs `a` not covered by runs `b` (both sorted, not overlapping).
    static func difference(_ a: [(Int, Int)], _ b: [(Int, Int)]) -> [(Int, Int)] {
        var result: [(Int, Int)] = [], j = 0
        for (start, end) in a {
            var x = start
            while j < b.count && b[j].1 <= x { j += 1 }
            var k = j
            while x < end {
                guard k < b.count, b[k].0 < end else {
                    result.append((x, end))
                    break
                }
                if b[k].0 > x { result.append((x, b[k].0)) }
                x = max(x, b[k].1)
                k += 1
            }
        }
        return result
    }
}

/// In a journal: the scale, the area, and the runs as little-endian 32-bit numbers (base64 in
/// the JSON), a tenth of the size of a list of numbers.
extension SelectionMask: Codable {
    private enum CodingKeys: String, CodingKey { case scale, area, rowStarts, runs, softEdges }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(scale, forKey: .scale)
        try container.encode([area.x0, area.y0, area.x1, area.y1], forKey: .area)
        try container.encode(rowStarts.withUnsafeBytes { Data($0) }, forKey: .rowStarts)
        try container.encode(runs.withUnsafeBytes { Data($0) }, forKey: .runs)
        if softEdges { try container.encode(true, forKey: .softEdges) }
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        scale = try container.decode(Double.self, forKey: .scale)
        softEdges = try container.decodeIfPresent(Bool.self, forKey: .softEdges) ?? false
        let corners = try container.decode([Int].self, forKey: .area)
        guard corners.count == 4 else { throw DecodingError.dataCorruptedError(forKey: .area, in: container, debugDescription: "an area is four numbers") }
        area = PixelRect(x0: corners[0], y0: corners[1], x1: corners[2], y1: corners[3])
        func numbers(_ key: CodingKeys) throws -> [Int32] {
            let data = try container.decode(Data.self, forKey: key)
            guard data.count % 4 == 0 else { throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "not 32-bit numbers") }
            var numbers = [Int32](repeating: 0, count: data.count / 4)
            _ = numbers.withUnsafeMutableBytes { data.copyBytes(to: $0) }
            return numbers
        }
        rowStarts = try numbers(.rowStarts)
        runs = try numbers(.runs)
        // A damaged journal's mask must not send a lookup out of its arrays.
        guard rowStarts.count == area.height + 1, runs.count % 2 == 0,
              rowStarts.allSatisfy({ $0 >= 0 && Int($0) * 2 <= runs.count }), zip(rowStarts, rowStarts.dropFirst()).allSatisfy({ $0 <= $1 }) else {
            throw DecodingError.dataCorruptedError(forKey: .runs, in: container, debugDescription: "runs that do not fit the area")
        }
    }
}
