/// View → Pixel Grid (Ctrl+', Pinta's and GIMP's): from 800% up, a line of one screen pixel
/// along every document pixel's edge, so single pixels can be told apart and placed. Each
/// line pixel is pulled a third of the way towards mid-grey, which shows on white, black and
/// any colour between without hiding it.
enum PixelGrid {
    /// Below this zoom (screen pixels per document pixel) the lines would cover the picture.
    static let minimumZoom = 8.0

    /// Draws the grid into `area` of `target`, whose document pixel (0, 0) has its top-left
    /// corner at (originX, originY) and is `zoom` screen pixels wide.
    static func draw(into target: Bitmap, area: PixelRect, zoom: Double, originX: Double, originY: Double) {
        guard zoom >= minimumZoom, !area.isEmpty else { return }
        func lines(from low: Int, to high: Int, origin: Double) -> [Int] {
            var result: [Int] = []
            var column = Int(((Double(low) - origin) / zoom).rounded(.down))
            while true {
                let position = Int((origin + Double(column) * zoom).rounded())
                if position >= high { break }
                if position >= low { result.append(position) }
                column += 1
            }
            return result
        }
        for x in lines(from: area.x0, to: area.x1, origin: originX) {
            for y in area.y0..<area.y1 { target[x, y] = greyed(target[x, y]) }
        }
        for y in lines(from: area.y0, to: area.y1, origin: originY) {
            let row = target.pixels + y * target.width
            for x in area.x0..<area.x1 { row[x] = greyed(row[x]) }
        }
    }

    /// An opaque screen pixel a third of the way to mid-grey (the crossings get it twice).
    @inline(__always)
    static func greyed(_ pixel: UInt32) -> UInt32 {
        let r = (pixel >> 16) & 0xFF, g = (pixel >> 8) & 0xFF, b = pixel & 0xFF
        return 0xFF00_0000 | ((r * 2 + 128) / 3) << 16 | ((g * 2 + 128) / 3) << 8 | ((b * 2 + 128) / 3)
    }
}
