@testable import PaintGraphics
import XCTest

/// The rasterizer's rows are summed in marked groups of four cells, 64 groups to a word of
/// marks: whatever the shape, no edge may write outside its own row's cells or
/// marks, and where the groups fall must not change the coverage.
final class RasterizerCoverageTests: XCTestCase {
    /// Coverage levels of `polygons` within `clip`, as the rasterizer reports them to a closure.
    private func coverage(_ polygons: [Polyline], rule: FillRule = .nonZero, clip: PixelRect,
                          rasterizer: Rasterizer = Rasterizer()) -> [[UInt8]] {
        var levels = Array(repeating: Array(repeating: UInt8(0), count: clip.x1), count: clip.y1)
        rasterizer.fill(polygons, rule: rule, clip: clip) { y, x0, count, cells, constant in
            XCTAssertTrue(x0 >= clip.x0 && x0 + count <= clip.x1 && y >= clip.y0 && y < clip.y1, "a span left the clip")
            for i in 0..<count { levels[y][x0 + i] = cells?[i] ?? constant }
        }
        return levels
    }

    private func largestDifference(_ a: [[UInt8]], _ b: [[UInt8]], fromColumn x0: Int) -> Int {
        var largest = 0
        for y in a.indices {
            for x in x0..<a[y].count { largest = max(largest, abs(Int(a[y][x]) - Int(b[y][x]))) }
        }
        return largest
    }

    func testEdgesEndingOnTheLeftBorderStayInTheirOwnRow() {
        // An edge coming down to the area's left border steps to a hair below zero by rounding
        // (as every shape cut by the border does). It wrote the cell and the mark left of its
        // row, which belong to the row above, and that row's sum then took in and cleared cells
        // of a row below it, inside the shape. Each shape is drawn twice: against the border,
        // and a pixel in, with the area still starting at 0 (a line of no area at the bottom
        // holds it there), where its edges come down to 1 instead.
        var generator = SystemRandomNumberGenerator()
        let rasterizer = Rasterizer()
        var largest = 0
        for _ in 0..<300 {
            let top = Double.random(in: 0...4, using: &generator), bottom = top + Double.random(in: 80...200, using: &generator)
            let points = [Point(x: Double.random(in: 1...60, using: &generator), y: top),
                          Point(x: 0, y: Double.random(in: (top + 20)...(bottom - 20), using: &generator)),
                          Point(x: Double.random(in: 1...60, using: &generator), y: bottom),
                          Point(x: Double.random(in: 20...60, using: &generator), y: Double.random(in: top...bottom, using: &generator))]
            let onBorder = coverage([Polyline(points: points, isClosed: true)], clip: PixelRect(x0: 0, y0: 0, x1: 64, y1: 210),
                                    rasterizer: rasterizer)
            let movedIn = coverage([Polyline(points: points.map { Point(x: $0.x + 1, y: $0.y) }, isClosed: true),
                                    Polyline(points: [Point(x: 0.25, y: 206), Point(x: 0.25, y: 207)], isClosed: true)],
                                   clip: PixelRect(x0: 0, y0: 0, x1: 65, y1: 210), rasterizer: rasterizer)
            largest = max(largest, largestDifference(onBorder, movedIn.map { Array($0.dropFirst()) }, fromColumn: 0))
        }
        XCTAssertLessThanOrEqual(largest, 1, "the same shapes against the border and a pixel in")
    }

    func testEveryRowHoldsTheExactAreaOfTheShapeWithinIt() {
        // Trapezoids with their top and bottom inside a row and sides of every slope, steep
        // and shallow, rising and falling: an edge's first and last rows are partial and the
        // rows between whole (stepped by the slope alone), and each row's coverage must add
        // up to the area of the shape within it. A partial row taken for a whole one would
        // cover the rest of its height too: up to the shape's width too much.
        var generator = SystemRandomNumberGenerator()
        let rasterizer = Rasterizer()
        for _ in 0..<200 {
            let top = Double.random(in: 2...30, using: &generator), bottom = top + Double.random(in: 0.3...90, using: &generator)
            let topLeft = Double.random(in: 2...150, using: &generator), bottomLeft = Double.random(in: 2...150, using: &generator)
            let topWidth = Double.random(in: 0...100, using: &generator), bottomWidth = Double.random(in: 0...100, using: &generator)
            let outline = [Point(x: topLeft, y: top), Point(x: topLeft + topWidth, y: top),
                           Point(x: bottomLeft + bottomWidth, y: bottom), Point(x: bottomLeft, y: bottom)]
            let levels = coverage([Polyline(points: outline, isClosed: true)], clip: PixelRect(x0: 0, y0: 0, x1: 260, y1: 130),
                                  rasterizer: rasterizer)
            /// The shape's left side and width at height y (its sides are straight).
            func left(_ y: Double) -> Double { topLeft + (bottomLeft - topLeft) * (y - top) / (bottom - top) }
            func width(_ y: Double) -> Double { topWidth + (bottomWidth - topWidth) * (y - top) / (bottom - top) }
            for row in 0..<130 {
                let from = max(Double(row), top), to = min(Double(row + 1), bottom)
                let drawn = levels[row].reduce(0.0) { $0 + Double($1) / 255 }
                guard to > from else {
                    XCTAssertEqual(drawn, 0, "row \(row) outside \(outline)")
                    continue
                }
                let exact = (to - from) * (width(from) + width(to)) / 2
                // Each pixel the shape's bounds touch in the row is rounded to the nearest 255th
                // (a sliver a thousandth of a row high rounds to nothing all along).
                let minX = min(left(from), left(to)), maxX = max(left(from) + width(from), left(to) + width(to))
                let touched = Double(Int(maxX.rounded(.up)) - Int(minX.rounded(.down)) + 1)
                XCTAssertEqual(drawn, exact, accuracy: 0.01 + touched * 0.5 / 255, "row \(row) of \(outline)")
            }
        }
    }

    func testWhereTheGroupsAndWordsFallChangesNoCoverage() {
        // A shape wider than a word of marks (256 groups of four cells), filled with the area
        // starting 0 to 5 pixels further right: the groups and the words' ends then fall on
        // other columns of the same shape. Points on a 1/64 grid keep every position exact.
        var generator = SystemRandomNumberGenerator()
        for rule in [FillRule.nonZero, .evenOdd] {
            // A corner at x = 0.5 starts the area at 0, or where the clip does.
            let points = [Point(x: 0.5, y: 30)] + (0..<24).map { _ in
                Point(x: Double(Int.random(in: 64...(1300 * 64), using: &generator)) / 64,
                      y: Double(Int.random(in: 0...(60 * 64), using: &generator)) / 64)
            }
            let polygon = [Polyline(points: points, isClosed: true)]
            let reference = coverage(polygon, rule: rule, clip: PixelRect(x0: 0, y0: 0, x1: 1320, y1: 64))
            var covered = 0
            for row in reference { covered += row.filter { $0 != 0 }.count }
            XCTAssertGreaterThan(covered, 5_000, "the shape was filled")
            for start in 1...5 {
                let moved = coverage(polygon, rule: rule, clip: PixelRect(x0: start, y0: 0, x1: 1320, y1: 64))
                XCTAssertLessThanOrEqual(largestDifference(reference, moved, fromColumn: start), 1, "\(rule), area from \(start)")
            }
        }
    }

    func testBandsForTheCoresShareTheEdgeRowsNotTheRows() {
        // A comb: 20 teeth 20 rows deep along the top, then straight sides 180 rows down. Most
        // of its edge rows are in its first 20 rows, so half of them are reached there.
        var points: [Point] = []
        for tooth in 0..<20 {
            points.append(Point(x: Double(tooth * 10), y: 0))
            points.append(Point(x: Double(tooth * 10 + 5), y: 20))
        }
        points += [Point(x: 200, y: 0), Point(x: 200, y: 200), Point(x: 0, y: 200)]
        let area = PixelRect(x0: 0, y0: 0, x1: 201, y1: 201)
        let cuts = EdgeBalancedBands.cuts(of: [Polyline(points: points, isClosed: true)], area: area, count: 2)
        XCTAssertEqual(cuts.count, 3)
        XCTAssertEqual(cuts.first, 0)
        XCTAssertEqual(cuts.last, 201)
        // The teeth's 40 edges and the two sides cross 40 x 20 + 200 + 200 = 1,200 rows. Each
        // of the first 20 rows is crossed by 42 edges: 588 edge rows lie above row 14, 630
        // above row 15, so the half (600) is reached at 15. An even split would cut at 100.
        XCTAssertEqual(cuts[1], 15)
        let four = EdgeBalancedBands.cuts(of: [Polyline(points: points, isClosed: true)], area: area, count: 4)
        XCTAssertEqual(four, four.sorted(), "the cuts go down the shape")
        XCTAssertEqual(four.count, 5)
    }
}

