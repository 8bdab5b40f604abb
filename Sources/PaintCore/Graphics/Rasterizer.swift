/// Scan-converts polygons to anti-aliased coverage with exact area: every edge adds the signed
/// area it covers to an accumulation buffer, and a running sum along each row yields the
/// coverage of each pixel (the approach of font-rs and stb_truetype's second rasterizer).
/// No supersampling grid, so edges at any angle get exact fractional coverage.
public final class Rasterizer {
    private var accumulation: UnsafeMutablePointer<Float>
    private var capacity: Int
    private var rowExtents: [(min: Int32, max: Int32)] = []
    private var coverageRow: [UInt8] = []

    public init() {
        capacity = 0
        accumulation = .allocate(capacity: 1)
    }

    deinit { accumulation.deallocate() }

    /// A row of coverage handed to the caller: pixels x0..<x0+count of row y.
    public typealias SpanHandler = (_ y: Int, _ x0: Int, _ count: Int, _ coverage: UnsafePointer<UInt8>) -> Void

    /// Rasterizes closed polygons (device coordinates) within `clip` and reports coverage row by row.
    public func fill(_ polygons: [Polyline], rule: FillRule, clip: PixelRect, spans: SpanHandler) {
        guard !clip.isEmpty else { return }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for polygon in polygons {
            for p in polygon.points {
                if p.x < minX { minX = p.x }
                if p.x > maxX { maxX = p.x }
                if p.y < minY { minY = p.y }
                if p.y > maxY { maxY = p.y }
            }
        }
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return }
        // Clamp before converting so huge coordinates cannot overflow Int.
        func clamped(_ v: Double) -> Double { max(-1e9, min(1e9, v)) }
        let area = PixelRect(x0: floorToInt(clamped(minX)), y0: floorToInt(clamped(minY)),
                             x1: ceilToInt(clamped(maxX)) + 1, y1: ceilToInt(clamped(maxY)) + 1).intersection(clip)
        if area.isEmpty { return }
        let width = area.width, height = area.height, stride = width + 2
        reserve(stride * height)
        if rowExtents.count < height { rowExtents = Array(repeating: (Int32.max, Int32.min), count: height) }
        for row in 0..<height { rowExtents[row] = (Int32.max, Int32.min) }
        let originX = Double(area.x0), originY = Double(area.y0)
        for polygon in polygons where polygon.points.count > 1 {
            var previous = polygon.points[polygon.points.count - 1]
            for p in polygon.points {
                addClippedEdge(Point(x: previous.x - originX, y: previous.y - originY),
                               Point(x: p.x - originX, y: p.y - originY), width: width, height: height, stride: stride)
                previous = p
            }
        }
        if coverageRow.count < width { coverageRow = Array(repeating: 0, count: width) }
        coverageRow.withUnsafeMutableBufferPointer { out in
            let coverage = out.baseAddress!
            for row in 0..<height {
                let extent = rowExtents[row]
                if extent.min > extent.max { continue }
                let line = accumulation + row * stride
                var accumulated: Float = 0
                // Everything left of the first touched cell accumulates to zero.
                let first = Int(extent.min), last = min(width - 1, Int(extent.max))
                var spanStart = -1
                for x in first...last {
                    accumulated += line[x]
                    line[x] = 0
                    var value = abs(accumulated)
                    if rule == .evenOdd {
                        value = value.truncatingRemainder(dividingBy: 2)
                        if value > 1 { value = 2 - value }
                    }
                    let c = UInt8(min(value, 1) * 255 + 0.5)
                    coverage[x] = c
                    if spanStart < 0 && c != 0 { spanStart = x }
                }
                // Clear the cells past the last visible pixel (edges clamped at the right border).
                for x in (last + 1)..<min(stride, Int(extent.max) + 2) { line[x] = 0 }
                if spanStart >= 0 {
                    var spanEnd = last
                    while spanEnd > spanStart && coverage[spanEnd] == 0 { spanEnd -= 1 }
                    spans(area.y0 + row, area.x0 + spanStart, spanEnd - spanStart + 1, coverage + spanStart)
                }
            }
        }
    }

    private func reserve(_ count: Int) {
        guard count > capacity else { return }
        accumulation.deallocate()
        capacity = max(count, capacity * 2)
        accumulation = .allocate(capacity: capacity)
        accumulation.initialize(repeating: 0, count: capacity)
    }

    /// Splits an edge at the left and right borders; parts left of the area become vertical
    /// edges on the border (they still change the winding), parts right of it are dropped.
    private func addClippedEdge(_ a: Point, _ b: Point, width: Int, height: Int, stride: Int) {
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
            if p.x >= right && q.x >= right {
                // Invisible, but it changes the winding up to the right border.
                markRowsReachingRightBorder(p.y, q.y, width: width, height: height)
                continue
            }
            let p2 = Point(x: max(0, p.x), y: p.y), q2 = Point(x: max(0, q.x), y: q.y)
            addEdge(p2, q2, height: height, stride: stride)
        }
    }

    private func markRowsReachingRightBorder(_ y0: Double, _ y1: Double, width: Int, height: Int) {
        let first = max(0, floorToInt(min(y0, y1))), end = min(height, ceilToInt(max(y0, y1)))
        guard first < end else { return }
        for row in first..<end {
            let extent = rowExtents[row]
            rowExtents[row] = (min(extent.min, Int32(width - 1)), Int32(width))
        }
    }

    private func addEdge(_ a: Point, _ b: Point, height: Int, stride: Int) {
        if a.y == b.y { return }
        let direction: Float = a.y < b.y ? 1 : -1
        let (top, bottom) = a.y < b.y ? (a, b) : (b, a)
        let slope = (bottom.x - top.x) / (bottom.y - top.y)
        let firstRow = max(0, floorToInt(top.y))
        let endRow = min(height, ceilToInt(bottom.y))
        if firstRow >= endRow { return }
        var x = top.x + (max(top.y, Double(firstRow)) - top.y) * slope
        for row in firstRow..<endRow {
            let line = accumulation + row * stride
            let rowTop = max(Double(row), top.y), rowBottom = min(Double(row + 1), bottom.y)
            let dy = rowBottom - rowTop
            let xNext = x + slope * dy
            let d = Float(dy) * direction
            let x0 = min(x, xNext), x1 = max(x, xNext)
            let x0i = floorToInt(x0)
            let x0Floor = Double(x0i)
            let x1i = ceilToInt(x1)
            let x1Ceil = Double(x1i)
            var touchedMax = x0i + 1
            if x1i <= x0i + 1 {
                // The edge stays within one pixel column in this row.
                let xmf = Float(0.5 * (x + xNext) - x0Floor)
                line[x0i] += d - d * xmf
                line[x0i + 1] += d * xmf
            } else {
                let s = Float(1 / (x1 - x0))
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
            let extent = rowExtents[row]
            rowExtents[row] = (min(extent.min, Int32(x0i)), max(extent.max, Int32(touchedMax)))
            x = xNext
        }
    }
}
