import Foundation

/// Shows document pixels at a zoom other than 100%: the needed document area is composed as at
/// 100% (background, layer, the stroke in progress), then scaled onto the screen. Zoomed in,
/// each document pixel becomes a crisp square (nearest neighbour, as paint programs show
/// pixels); zoomed out, each screen pixel is the average of the document pixels it covers (a
/// box filter: no aliasing shimmer while scrolling). Only the dirty screen pixels are touched.
enum ZoomedCompositor {
    /// `zoom`: screen pixels per document pixel; `originX/Y`: where document pixel (0, 0)'s
    /// corner falls on the target; `area`: the target pixels to fill (inside the document).
    static func compose(_ drawing: DrawingLayer, zoom: Double, originX: Double, originY: Double, area: PixelRect,
                        into target: Bitmap, scratch: inout Bitmap?) {
        let area = area.intersection(target.bounds)
        guard !area.isEmpty, zoom > 0 else { return }
        // The document pixels under the area.
        let docX0 = max(0, Int(((Double(area.x0) - originX) / zoom).rounded(.down)))
        let docY0 = max(0, Int(((Double(area.y0) - originY) / zoom).rounded(.down)))
        let docX1 = min(drawing.width, Int(((Double(area.x1) - originX) / zoom).rounded(.up)) + 1)
        let docY1 = min(drawing.height, Int(((Double(area.y1) - originY) / zoom).rounded(.up)) + 1)
        guard docX1 > docX0, docY1 > docY0 else { return }
        let source = PixelRect(x0: docX0, y0: docY0, x1: docX1, y1: docY1)
        // In strips of rows through a small scratch: composing a 4K screen's document pixels
        // at once needed 24 MB of it, and the first zoom step paid 34 ms of page faults for it.
        let stripRows = max(1, stripPixels / source.width)
        let screenRowsPerStrip = max(1, Int(Double(max(1, stripRows - 2)) * zoom))
        var band = area
        while band.y0 < area.y1 {
            band.y1 = min(area.y1, band.y0 + screenRowsPerStrip)
            let rows = documentRows(under: band, zoom: zoom, originY: originY, within: source)
            let strip = PixelRect(x0: source.x0, y0: rows.lowerBound, x1: source.x1, y1: rows.upperBound)
            if scratch == nil || scratch!.width < strip.width || scratch!.height < strip.height {
                scratch = Bitmap(width: max(strip.width, scratch?.width ?? 0), height: max(strip.height, scratch?.height ?? 0))
            }
            let composed = scratch!
            drawing.compose(strip, into: composed, atX: -strip.x0, y: -strip.y0)
            if zoom >= 1 {
                magnify(composed, source: strip, zoom: zoom, originX: originX, originY: originY, area: band, into: target)
            } else {
                reduce(composed, source: strip, zoom: zoom, originX: originX, originY: originY, area: band, into: target)
            }
            band.y0 = band.y1
        }
    }

    /// Pixels of a strip of composed document rows: 512 KB, within a core's cache.
    private static let stripPixels = 1 << 17

    /// The document rows (within `source`) that the screen rows of `band` read: the row under
    /// each row's centre zoomed in, the rows each row's footprint covers zoomed out (as
    /// magnify and reduce find them).
    private static func documentRows(under band: PixelRect, zoom: Double, originY: Double, within source: PixelRect) -> Range<Int> {
        if zoom >= 1 {
            let first = nearest(band.y0, origin: originY, zoom: zoom, lower: source.y0, upper: source.y1)
            let last = nearest(band.y1 - 1, origin: originY, zoom: zoom, lower: source.y0, upper: source.y1)
            return first..<(last + 1)
        }
        let first = footprint(band.y0, origin: originY, zoom: zoom, lower: source.y0, upper: source.y1)
        let last = footprint(band.y1 - 1, origin: originY, zoom: zoom, lower: source.y0, upper: source.y1)
        return first.lowerBound..<last.upperBound
    }

    /// Zoomed in: the document pixel (within `lower..<upper`) whose square covers the centre
    /// of screen pixel `screen` along one axis.
    private static func nearest(_ screen: Int, origin: Double, zoom: Double, lower: Int, upper: Int) -> Int {
        min(upper - 1, max(lower, Int(((Double(screen) + 0.5 - origin) / zoom).rounded(.down))))
    }

    /// Zoomed out: the document pixels (within `lower..<upper`, at least one) under screen
    /// pixel `screen`'s footprint along one axis.
    private static func footprint(_ screen: Int, origin: Double, zoom: Double, lower: Int, upper: Int) -> Range<Int> {
        let a = Int(((Double(screen) - origin) / zoom).rounded(.down))
        let b = Int(((Double(screen + 1) - origin) / zoom).rounded(.up))
        let from = min(max(a, lower), upper - 1), to = max(min(b, upper), from + 1)
        return from..<to
    }

    /// A reduced copy of the document (a level of ReducedArtworkCache) shown at `zoom` of its
    /// own pixels: no composing, only the screen's pixels.
    static func show(_ reduced: Bitmap, zoom: Double, originX: Double, originY: Double, area: PixelRect, into target: Bitmap) {
        let area = area.intersection(target.bounds)
        guard !area.isEmpty else { return }
        if zoom >= 1 {
            magnify(reduced, source: reduced.bounds, zoom: zoom, originX: originX, originY: originY, area: area, into: target)
        } else {
            reduce(reduced, source: reduced.bounds, zoom: zoom, originX: originX, originY: originY, area: area, into: target)
        }
    }

    /// Nearest neighbour: the document pixel whose square covers the screen pixel's centre.
    private static func magnify(_ composed: Bitmap, source: PixelRect, zoom: Double, originX: Double, originY: Double,
                                area: PixelRect, into target: Bitmap) {
        let columns = (area.x0..<area.x1).map { nearest($0, origin: originX, zoom: zoom, lower: source.x0, upper: source.x1) - source.x0 }
        // The columns as runs (a document column and how many screen columns show it): a row
        // reads each document pixel once and writes it that many times, instead of looking up
        // every screen column (at 200% that is half the reads).
        var runs: [(column: Int, count: Int)] = []
        for column in columns {
            if let last = runs.last, last.column == column { runs[runs.count - 1].count += 1 } else { runs.append((column, 1)) }
        }
        let contiguous = runs.count == columns.count && runs.last!.column - runs[0].column == runs.count - 1
        let unbranchedRuns = runs.allSatisfy { $0.count <= 8 } ? Self.runsEndingEightBefore(columns.count, runs) : 0
        runs.withUnsafeBufferPointer { runs in
            // A 4K screen's worth on both cores, each band of rows on its own.
            RowBands.forEachBand(of: area) { _, rows in
                var previous: (docY: Int, out: UnsafeMutablePointer<UInt32>)?
                for y in rows.y0..<rows.y1 {
                    let docY = nearest(y, origin: originY, zoom: zoom, lower: source.y0, upper: source.y1) - source.y0
                    let out = target.pixels + y * target.width + area.x0
                    // Zoomed in, a document row covers several screen rows: the rest are copies.
                    if let previous, previous.docY == docY {
                        out.update(from: previous.out, count: columns.count)
                        continue
                    }
                    let row = composed.pixels + docY * composed.width
                    if contiguous {
                        // About 100% (a zoom about the pointer comes back to 1.0000000000000007
                        // with the document between pixels): each screen pixel is the next
                        // document pixel, a copy (it was a call per pixel: 22 ms at 4K).
                        out.update(from: row + runs[0].column, count: columns.count)
                        previous = (docY, out)
                        continue
                    }
                    var next = out
                    // Runs of at most eight: eight copies stored at once, the next run's
                    // overwriting the surplus, with no branch on the run's length (which,
                    // between 100% and 200%, the processor mispredicted on most pixels). The
                    // runs near the row's end, where the surplus would fall outside the area,
                    // are stored exactly.
                    for run in runs[..<unbranchedRuns] {
                        UnsafeMutableRawPointer(next).storeBytes(of: SIMD8(repeating: row[run.column]), as: SIMD8<UInt32>.self)
                        next += run.count
                    }
                    for run in runs[unbranchedRuns...] {
                        next.update(repeating: row[run.column], count: run.count)
                        next += run.count
                    }
                    previous = (docY, out)
                }
            }
        }
    }

    /// How many of `runs`, from the first, start at least eight screen columns before `width`.
    private static func runsEndingEightBefore(_ width: Int, _ runs: [(column: Int, count: Int)]) -> Int {
        var start = 0
        for (index, run) in runs.enumerated() {
            if start + 8 > width { return index }
            start += run.count
        }
        return runs.count
    }

    /// The box filter when each screen pixel covers at most 2x2 document pixels (zoom above
    /// 50%): each screen pixel is the rounded mean of the 2x2 document pixels its footprint
    /// starts on. For each screen row, the means of every 2x2 block along its two document rows
    /// are worked in one pass over contiguous pixels (two channels at a time in 16-bit lanes,
    /// which the compiler vectorises), and the row's pixels are then picked from them by
    /// column. Gathering four pixels a screen pixel, or even two rows' pair sums kept between
    /// screen rows, took 9-12 ms a 4K frame at 91%, a zoom's slowest frames.
    private static func reduceByLessThanHalf(_ composed: Bitmap, columns: [Range<Int>], area: PixelRect, into target: Bitmap,
                                             rows: (Int) -> Range<Int>) {
        // Columns whose footprint holds two document columns pick a block; the few at the
        // document's edges, one column wide, are worked on their own.
        let paired = columns.map { $0.count > 1 }
        guard let first = paired.firstIndex(of: true), let last = paired.lastIndex(of: true) else {
            return reduceColumnByColumn(composed, columns: columns, area: area, into: target, rows: rows)
        }
        let lowest = columns[first].lowerBound, highest = columns[last].lowerBound
        let picks = zip(columns, paired).map { $0.1 ? Int32($0.0.lowerBound - lowest) : 0 }
        let singles = paired.indices.filter { !paired[$0] }
        let blocks = highest - lowest + 1
        picks.withUnsafeBufferPointer { picks in
            RowBands.forEachBand(of: area) { _, band in
                let means = UnsafeMutablePointer<UInt32>.allocate(capacity: blocks)
                defer { means.deallocate() }
                for y in band.y0..<band.y1 {
                    let span = rows(y)
                    let rowA = composed.pixels + span.lowerBound * composed.width
                    let rowB = span.count > 1 ? rowA + composed.width : rowA
                    meansOfBlocks(rowA + lowest, rowB + lowest, count: blocks, into: means)
                    let out = target.pixels + y * target.width + area.x0
                    for i in 0..<picks.count { out[i] = means[Int(picks[i])] }
                    for i in singles {
                        let x = columns[i].lowerBound
                        out[i] = meanOfFour(rowA[x], rowA[x], rowB[x], rowB[x])
                    }
                }
            }
        }
    }

    /// `means[x]` becomes the rounded mean of a[x], a[x + 1], b[x] and b[x + 1].
    @inline(__always)
    private static func meansOfBlocks(_ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, count: Int,
                                      into means: UnsafeMutablePointer<UInt32>) {
        for x in 0..<count { means[x] = meanOfFour(a[x], a[x + 1], b[x], b[x + 1]) }
    }

    /// The rounded mean of four premultiplied pixels, channel by channel: two channels at a
    /// time in 16-bit lanes (four bytes sum to at most 1020).
    @inline(__always)
    private static func meanOfFour(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32) -> UInt32 {
        let mask: UInt32 = 0x00FF_00FF, rounding: UInt32 = 0x0002_0002
        let low = (a & mask) &+ (b & mask) &+ (c & mask) &+ (d & mask) &+ rounding
        let high = ((a >> 8) & mask) &+ ((b >> 8) & mask) &+ ((c >> 8) & mask) &+ ((d >> 8) & mask) &+ rounding
        return ((low >> 2) & mask) | (((high >> 2) & mask) << 8)
    }

    /// The same filter for an area one document column wide (every column at an edge).
    private static func reduceColumnByColumn(_ composed: Bitmap, columns: [Range<Int>], area: PixelRect, into target: Bitmap,
                                             rows: (Int) -> Range<Int>) {
        for y in area.y0..<area.y1 {
            let span = rows(y)
            let rowA = composed.pixels + span.lowerBound * composed.width
            let rowB = span.count > 1 ? rowA + composed.width : rowA
            let out = target.pixels + y * target.width + area.x0
            for (i, column) in columns.enumerated() {
                let x0 = column.lowerBound, x1 = column.count > 1 ? x0 + 1 : x0
                out[i] = meanOfFour(rowA[x0], rowA[x1], rowB[x0], rowB[x1])
            }
        }
    }

    /// Box filter: the mean of the document pixels inside the screen pixel's footprint.
    private static func reduce(_ composed: Bitmap, source: PixelRect, zoom: Double, originX: Double, originY: Double,
                               area: PixelRect, into target: Bitmap) {
        func span(_ screen: Int, origin: Double, lower: Int, upper: Int) -> Range<Int> {
            let covered = footprint(screen, origin: origin, zoom: zoom, lower: lower, upper: upper)
            return (covered.lowerBound - lower)..<(covered.upperBound - lower)
        }
        let columns = (area.x0..<area.x1).map { span($0, origin: originX, lower: source.x0, upper: source.x1) }
        if zoom > 0.5 {
            reduceByLessThanHalf(composed, columns: columns, area: area, into: target,
                                 rows: { span($0, origin: originY, lower: source.y0, upper: source.y1) })
            return
        }
        for y in area.y0..<area.y1 {
            let rows = span(y, origin: originY, lower: source.y0, upper: source.y1)
            let out = target.pixels + y * target.width + area.x0
            for (i, columnSpan) in columns.enumerated() {
                var b: UInt32 = 0, g: UInt32 = 0, r: UInt32 = 0, a: UInt32 = 0
                for docY in rows {
                    let row = composed.pixels + docY * composed.width
                    for docX in columnSpan {
                        let p = row[docX]
                        b += p & 0xFF
                        g += (p >> 8) & 0xFF
                        r += (p >> 16) & 0xFF
                        a += p >> 24
                    }
                }
                let n = UInt32(rows.count * columnSpan.count), half = n / 2
                out[i] = ((a + half) / n) << 24 | ((r + half) / n) << 16 | ((g + half) / n) << 8 | ((b + half) / n)
            }
        }
    }
}
