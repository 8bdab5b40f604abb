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
        if scratch == nil || scratch!.width < source.width || scratch!.height < source.height {
            scratch = Bitmap(width: max(source.width, scratch?.width ?? 0), height: max(source.height, scratch?.height ?? 0))
        }
        let composed = scratch!
        drawing.compose(source, into: composed, atX: -docX0, y: -docY0)
        if zoom >= 1 {
            magnify(composed, source: source, zoom: zoom, originX: originX, originY: originY, area: area, into: target)
        } else {
            reduce(composed, source: source, zoom: zoom, originX: originX, originY: originY, area: area, into: target)
        }
    }

    /// Nearest neighbour: the document pixel whose square covers the screen pixel's centre.
    private static func magnify(_ composed: Bitmap, source: PixelRect, zoom: Double, originX: Double, originY: Double,
                                area: PixelRect, into target: Bitmap) {
        let columns = (area.x0..<area.x1).map { x in
            min(source.x1 - 1, max(source.x0, Int(((Double(x) + 0.5 - originX) / zoom).rounded(.down)))) - source.x0
        }
        for y in area.y0..<area.y1 {
            let docY = min(source.y1 - 1, max(source.y0, Int(((Double(y) + 0.5 - originY) / zoom).rounded(.down)))) - source.y0
            let row = composed.pixels + docY * composed.width
            let out = target.pixels + y * target.width + area.x0
            for (i, column) in columns.enumerated() { out[i] = row[column] }
        }
    }

    /// Box filter: the mean of the document pixels inside the screen pixel's footprint.
    private static func reduce(_ composed: Bitmap, source: PixelRect, zoom: Double, originX: Double, originY: Double,
                               area: PixelRect, into target: Bitmap) {
        func span(_ screen: Int, origin: Double, lower: Int, upper: Int) -> Range<Int> {
            let a = Int(((Double(screen) - origin) / zoom).rounded(.down))
            let b = Int(((Double(screen + 1) - origin) / zoom).rounded(.up))
            let from = min(max(a, lower), upper - 1), to = max(min(b, upper), from + 1)
            return (from - lower)..<(to - lower)
        }
        let columns = (area.x0..<area.x1).map { span($0, origin: originX, lower: source.x0, upper: source.x1) }
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
