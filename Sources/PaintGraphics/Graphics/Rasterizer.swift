/// Scan-converts polygons to anti-aliased coverage with exact area: every edge adds the signed
/// area it covers to an accumulation buffer, and a running sum along each row yields the
/// coverage of each pixel (the approach of font-rs and stb_truetype's second rasterizer).
/// No supersampling grid, so edges at any angle get exact fractional coverage.
public final class Rasterizer {
    @usableFromInline var accumulation: UnsafeMutablePointer<Float>
    private var capacity: Int
    /// A bit per group of four cells that edges wrote to, a row's groups in 64-bit words: a
    /// row is summed a group at a time in vector lanes (`CoverageGroups`) over its marked
    /// stretches, and between them the coverage is constant, so interiors become runs and cost
    /// nothing per pixel here. (Sorted ranges of single cells, summed one by one, took 1,000
    /// small polygons 32 ms where the marks take 28.5: BENCHMARKS.md.)
    @usableFromInline var groupMarks: UnsafeMutablePointer<UInt64>
    private var marksCapacity = 0
    @usableFromInline var marksPerRow = 0
    /// A row's levels for sinks that take them as bytes (and the last few pixels of any row).
    @usableFromInline var coverageRow: UnsafeMutablePointer<UInt8>
    private var coverageCapacity = 0

    /// Rasterizers of their own for the bands of rows a big fill is split into between the
    /// cores (kept, so their buffers are allocated once).
    private var helpers: [Rasterizer] = []

    /// The solid colour's coverage levels for the graphics contexts that fill through this
    /// rasterizer: kept here, as the buffers are, because the window makes a context for every
    /// frame around the one rasterizer it keeps (made with the first fill that uses it).
    private(set) lazy var scaledPaint = ScaledPaint()

    public init() {
        capacity = 0
        accumulation = .allocate(capacity: 1)
        groupMarks = .allocate(capacity: 1)
        coverageRow = .allocate(capacity: 1)
    }

    /// `count` rasterizers other than this one, for filling bands of rows at the same time.
    func bandRasterizers(_ count: Int) -> [Rasterizer] {
        while helpers.count < count { helpers.append(Rasterizer()) }
        return Array(helpers.prefix(count))
    }

    deinit {
        accumulation.deallocate()
        groupMarks.deallocate()
        coverageRow.deallocate()
    }

    /// Coverage for part of a row: `cells` holds a value per pixel, or it is nil and every
    /// pixel of the span has `constant` coverage (an interior run).
    public typealias SpanHandler = (_ y: Int, _ x0: Int, _ count: Int, _ cells: UnsafePointer<UInt8>?, _ constant: UInt8) -> Void

    /// Rasterizes closed polygons (device coordinates) within `clip` and reports coverage row
    /// by row, left to right, skipping pixels with no coverage.
    public func fill(_ polygons: [Polyline], rule: FillRule, clip: PixelRect, spans: SpanHandler) {
        withoutActuallyEscaping(spans) { handler in
            fill(polygons, rule: rule, area: PolygonArea.pixels(of: polygons, within: clip), sink: SpanHandlerSink(handler: handler))
        }
    }

    /// The same within `area`, which holds every pixel the polygons' bounds touch inside the clip.
    private func fill<Sink: CoverageSink>(_ polygons: [Polyline], rule: FillRule, area: PixelRect, sink: Sink) {
        if area.isEmpty { return }
        // In strips of rows, so the accumulation buffer stays in the core's own cache whatever
        // the size of the shape: sized to a 4K photo's outline it was 33 MB, zeroed on every
        // growth (a gesture's first frame paid 20-40 ms in page faults and memset for it), and
        // strips of 4 MB still made canvas-wide shapes wait on memory (BENCHMARKS.md).
        let stripHeight = max(16, Self.accumulationCells / Self.stride(forWidth: area.width))
        var strip = area
        while strip.y0 < area.y1 {
            strip.y1 = min(area.y1, strip.y0 + stripHeight)
            fill(polygons, rule: rule, strip: strip, sink: sink)
            strip.y0 = strip.y1
        }
    }

    /// The same fill shared between the cores in bands of rows when it covers a big area
    /// (canvas-sized shapes, a photo's outline), each band with a rasterizer of its own:
    /// `spans` is then called from several threads at once, each for rows of its own band.
    /// This rasterizer fills the first band, a helper each of the others; the bounds are found
    /// once (a band is the area's rows, so it needs no bounds of its own).
    public func fillInBands(_ polygons: [Polyline], rule: FillRule, clip: PixelRect, spans: SpanHandler) {
        withoutActuallyEscaping(spans) { handler in
            fillInBands(polygons, rule: rule, clip: clip, sink: SpanHandlerSink(handler: handler))
        }
    }

    /// The same into a sink: `sink` is then used from several threads at once, each for rows
    /// of its own band.
    func fillInBands<Sink: CoverageSink>(_ polygons: [Polyline], rule: FillRule, clip: PixelRect, sink: Sink) {
        let area = PolygonArea.pixels(of: polygons, within: clip)
        let bands = RowBands.count(forPixels: area.width * area.height, minimumPixels: Self.bandedPixels)
        guard bands > 1 else { return fill(polygons, rule: rule, area: area, sink: sink) }
        let helpers = bandRasterizers(bands - 1)
        RowBands.forEachBand(of: area, cuts: EdgeBalancedBands.cuts(of: polygons, area: area, count: bands)) { band, rows in
            (band == 0 ? self : helpers[band - 1]).fill(polygons, rule: rule, area: rows, sink: sink)
        }
    }

    /// Shapes over this many pixels (a 128x128 box) are shared between the cores: the band
    /// workers are awake within a microsecond, where dispatch's took tens.
    private static let bandedPixels = 1 << 14

    /// Cells of accumulation a strip may use: 256 KB, a quarter of this machine's L2. (4 MB took
    /// canvas-spanning polygons 293-315 ms on one core, 256 KB 215-226 ms, 64 KB 231 ms.)
    private static let accumulationCells = 1 << 16

    /// Cells a row of `width` pixels keeps: an edge writes up to two past its last pixel, and
    /// rows are summed in whole groups of four.
    @inlinable
    static func stride(forWidth width: Int) -> Int { (width + 2 + 3) & ~3 }

    private func fill<Sink: CoverageSink>(_ polygons: [Polyline], rule: FillRule, strip area: PixelRect, sink: Sink) {
        if Sink.self == SolidOverSink.self, let solidStrips = Self.solidStrips {
            return solidStrips(self, polygons, rule, area, sink as! SolidOverSink)
        }
        fillStrip(polygons, rule: rule, strip: area, eightWide: false, sink: sink)
    }

    /// The strip fill of a solid colour compiled for a newer processor than the baseline the
    /// package is built for, when this one has its instructions: set once at start, before any
    /// fill (PaintGraphicsHaswell). Nil, the strip is filled by the code compiled here.
    package nonisolated(unsafe) static var solidStrips: SolidStrips?
    package typealias SolidStrips = (Rasterizer, [Polyline], FillRule, PixelRect, SolidOverSink) -> Void

    /// Fills the rows of `area`, which fit the accumulation buffer. Inlinable, and inlined
    /// whole, so that a module compiled for another processor gets a copy of its own with no
    /// function it shares with this one (whichever the linker kept would run on both).
    @inlinable @inline(__always)
    package func fillStrip<Sink: CoverageSink>(_ polygons: [Polyline], rule: FillRule, strip area: PixelRect, eightWide: Bool,
                                               sink: Sink) {
        let width = area.width, height = area.height, stride = Self.stride(forWidth: width)
        reserve(rows: height, stride: stride, marksPerRow: (stride / 4 + 63) / 64)
        let originX = Double(area.x0), originY = Double(area.y0)
        let right = Double(width)
        for polygon in polygons where polygon.points.count > 1 {
            var previous = polygon.points[polygon.points.count - 1]
            for p in polygon.points {
                let a = Point(x: previous.x - originX, y: previous.y - originY), b = Point(x: p.x - originX, y: p.y - originY)
                previous = p
                // Most edges lie within the borders: no pieces to cut (whose arrays cost allocations).
                if a.x >= 0 && b.x >= 0 && a.x <= right && b.x <= right {
                    addEdge(a, b, height: height, stride: stride)
                } else {
                    addClippedEdge(a, b, width: width, height: height, stride: stride)
                }
            }
        }
        for row in 0..<height {
            emitRow(row, area: area, width: width, stride: stride, rule: rule, coverage: coverageRow, eightWide: eightWide, sink: sink)
        }
    }

    @inlinable @inline(__always)
    func emitRow<Sink: CoverageSink>(_ row: Int, area: PixelRect, width: Int, stride: Int, rule: FillRule,
                                     coverage: UnsafeMutablePointer<UInt8>, eightWide: Bool, sink: Sink) {
        let marks = groupMarks + row * marksPerRow
        let line = accumulation + row * stride
        let y = area.y0 + row
        var carry: Float = 0 // the winding summed so far along the row
        var position = 0 // the first column not yet reported
        for word in 0..<marksPerRow {
            var bits = marks[word]
            if bits == 0 { continue }
            marks[word] = 0
            repeat {
                // A stretch of marked groups: its cells from `start` to `end`.
                let first = bits.trailingZeroBitCount
                let length = (~(bits >> UInt64(first))).trailingZeroBitCount
                bits = first + length == 64 ? 0 : bits & (~0 << UInt64(first + length))
                let start = (word * 64 + first) * 4, end = start + length * 4
                // The run before them has the coverage summed so far.
                emitRun(y: y, from: position, to: min(start, width), area: area, carry: carry, rule: rule, sink: sink)
                var x = max(start, position)
                if Sink.blendsFours {
                    // Eight at a time where the lanes are that wide, a stretch of one group
                    // too, so a stretch is one step or two however its groups fall. The group
                    // after a stretch holds no edge and comes out as the run after it would
                    // (the same numbers), unless it is the next word's first: that stretch then
                    // starts past it.
                    while eightWide && x < end && x + 8 <= width {
                        sink.eight(y: y, x: area.x0 + x, levels: CoverageGroups.levels(CoverageGroups.sum(eight: line + x, carry: &carry), rule))
                        x += 8
                    }
                    while x < end {
                        let levels = CoverageGroups.levels(CoverageGroups.sum(line + x, carry: &carry), rule)
                        if x + 4 <= width {
                            sink.four(y: y, x: area.x0 + x, levels: levels)
                        } else if x < width {
                            CoverageGroups.store(levels, to: coverage)
                            sink.cells(y: y, x: area.x0 + x, count: width - x, levels: coverage)
                        }
                        x += 4
                    }
                    position = x
                } else {
                    while x < end {
                        CoverageGroups.store(CoverageGroups.levels(CoverageGroups.sum(line + x, carry: &carry), rule), to: coverage + (x - start))
                        x += 4
                    }
                    // Zero levels at the ends go too: looking for them was dearer than what
                    // a closure spends passing them by.
                    if start < width { sink.cells(y: y, x: area.x0 + start, count: min(end, width) - start, levels: coverage) }
                    position = end
                }
            } while bits != 0
        }
        // Edges dropped right of the area leave the winding non-zero up to the border.
        emitRun(y: y, from: position, to: width, area: area, carry: carry, rule: rule, sink: sink)
    }

    /// The columns from `start` to `end` of the area, which no edge crosses, at the coverage of
    /// the winding summed so far.
    @inlinable @inline(__always)
    func emitRun<Sink: CoverageSink>(y: Int, from start: Int, to end: Int, area: PixelRect, carry: Float, rule: FillRule,
                                             sink: Sink) {
        guard end > start else { return }
        let level = CoverageGroups.level(carry, rule)
        if level != 0 { sink.run(y: y, x: area.x0 + start, count: end - start, level: level) }
    }

    /// Marks the groups of cells from `first` to `last` in the row whose marks are `marks`.
    @inlinable @inline(__always)
    static func mark(_ marks: UnsafeMutablePointer<UInt64>, from first: Int, to last: Int) {
        var group = first >> 2
        let lastGroup = last >> 2
        while group >> 6 < lastGroup >> 6 {
            marks[group >> 6] |= ~0 << UInt64(group & 63)
            group = (group | 63) + 1
        }
        marks[group >> 6] |= (~0 >> UInt64(63 - (lastGroup - group))) << UInt64(group & 63)
    }

    /// Room for `rows` of `stride` cells of accumulation and of marks `marksPerRow` words long,
    /// and for a row of levels.
    @usableFromInline
    func reserve(rows: Int, stride: Int, marksPerRow perRow: Int) {
        let cells = rows * stride
        marksPerRow = perRow
        if rows * perRow > marksCapacity {
            groupMarks.deallocate()
            marksCapacity = max(rows * perRow, marksCapacity * 2)
            groupMarks = .allocate(capacity: marksCapacity)
            groupMarks.initialize(repeating: 0, count: marksCapacity)
        }
        if cells > capacity {
            accumulation.deallocate()
            capacity = max(cells, capacity * 2)
            accumulation = .allocate(capacity: capacity)
            accumulation.initialize(repeating: 0, count: capacity)
        }
        if stride > coverageCapacity {
            coverageRow.deallocate()
            coverageCapacity = stride
            coverageRow = .allocate(capacity: coverageCapacity)
            coverageRow.initialize(repeating: 0, count: coverageCapacity)
        }
    }

    /// Splits an edge at the left and right borders; parts left of the area become vertical
    /// edges on the border (they still change the winding), parts right of it are dropped.
    /// Not inlined: its arrays are generic code of the standard library, which a module compiled
    /// for another processor would otherwise specialize for itself (and share with this one).
    @usableFromInline @inline(never)
    func addClippedEdge(_ a: Point, _ b: Point, width: Int, height: Int, stride: Int) {
        if a.y == b.y { return }
        if (a.y < 0 && b.y < 0) || (a.y > Double(height) && b.y > Double(height)) { return }
        let right = Double(width)
        var pieces: [(Point, Point)] = [(a, b)]
        for border in [0.0, right] {
            var next: [(Point, Point)] = []
            for (p, q) in pieces {
                if (p.x < border && q.x > border) || (p.x > border && q.x < border) {
                    let t = (border - p.x) / (q.x - p.x)
                    let m = Point(x: border, y: p.y + t * (q.y - p.y))
                    next.append((p, m))
                    next.append((m, q))
                } else {
                    next.append((p, q))
                }
            }
            pieces = next
        }
        for (p, q) in pieces {
            // Right of the area an edge changes nothing visible.
            if p.x >= right && q.x >= right { continue }
            let p2 = Point(x: max(0, p.x), y: p.y), q2 = Point(x: max(0, q.x), y: q.y)
            addEdge(p2, q2, height: height, stride: stride)
        }
    }

    @inlinable @inline(__always)
    func addEdge(_ a: Point, _ b: Point, height: Int, stride: Int) {
        if a.y == b.y { return }
        let direction: Float = a.y < b.y ? 1 : -1
        let (top, bottom) = a.y < b.y ? (a, b) : (b, a)
        let slope = (bottom.x - top.x) / (bottom.y - top.y)
        // Clamped before converting: an end far outside the area (a figure from a damaged
        // journal at 1e20) would overflow Int, and only rows inside the area are visited.
        let firstRow = floorToInt(max(top.y, 0))
        let endRow = ceilToInt(min(bottom.y, Double(height)))
        if firstRow >= endRow { return }
        // The rows the edge crosses from top to bottom all step by the same slope and cover the
        // same width, so they need no clipping to the edge's ends and no division of their own:
        // only the first and last row can be partial.
        let firstWhole = min(endRow, ceilToInt(max(top.y, 0)))
        let endWhole = max(firstWhole, floorToInt(min(bottom.y, Double(height))))
        var x = top.x + (max(top.y, Double(firstRow)) - top.y) * slope
        let widthReciprocal = Float(1 / abs(slope))
        // The buffers in locals: read through `self` they were loaded again for every row, as
        // the cells' stores might have changed them for all the compiler knows.
        var line = accumulation + firstRow * stride
        let marksPerRow = self.marksPerRow
        var marks = groupMarks + firstRow * marksPerRow
        for row in firstRow..<endRow {
            var xNext = x + slope, cover = direction, reciprocal = widthReciprocal
            if row < firstWhole || row >= endWhole {
                // Where the edge enters or leaves the row inside it.
                let rowTop = max(Double(row), top.y), rowBottom = min(Double(row + 1), bottom.y)
                let dy = rowBottom - rowTop
                xNext = x + slope * dy
                cover = Float(dy) * direction
                reciprocal = Float(1 / abs(xNext - x))
            }
            Self.addEdgeRow(line, marks: marks, left: min(x, xNext), right: max(x, xNext), cover: cover,
                            widthReciprocal: reciprocal)
            x = xNext
            line += stride
            marks += marksPerRow
        }
    }

    /// Adds the signed area of an edge that crosses the row of `line` between `left` and
    /// `right`, covering `cover` of the row's height (negative going up), over cells whose width
    /// it crosses in `1 / widthReciprocal`, and marks the groups of cells it wrote.
    @inlinable @inline(__always)
    static func addEdgeRow(_ line: UnsafeMutablePointer<Float>, marks: UnsafeMutablePointer<UInt64>, left: Double,
                                   right: Double, cover d: Float, widthReciprocal s: Float) {
        // An edge that ends on the area's left border (as every shape cut there does)
        // steps to a hair below 0 by rounding: held at 0, so it never writes left of its row.
        let x0 = max(0, left), x1 = max(x0, right)
        let x0i = floorToInt(x0)
        let x0Floor = Double(x0i)
        let x1i = ceilToInt(x1)
        let x1Ceil = Double(x1i)
        var touchedMax = x0i + 1
        if x1i <= x0i + 1 {
            // The edge stays within one pixel column in this row.
            let xmf = Float(0.5 * (x0 + x1) - x0Floor)
            line[x0i] += d - d * xmf
            line[x0i + 1] += d * xmf
        } else {
            let x0f = Float(x0 - x0Floor)
            let a0 = 0.5 * s * (1 - x0f) * (1 - x0f)
            let x1f = Float(x1 - x1Ceil + 1)
            let am = 0.5 * s * x1f * x1f
            line[x0i] += d * a0
            if x1i == x0i + 2 {
                line[x0i + 1] += d * (1 - a0 - am)
            } else {
                let a1 = s * (1.5 - x0f)
                line[x0i + 1] += d * (a1 - a0)
                var xi = x0i + 2
                while xi < x1i - 1 {
                    line[xi] += d * s
                    xi += 1
                }
                let a2 = a1 + Float(x1i - x0i - 3) * s
                line[x1i - 1] += d * (1 - a2 - am)
            }
            line[x1i] += d * am
            touchedMax = x1i
        }
        mark(marks, from: x0i, to: touchedMax)
    }
}
