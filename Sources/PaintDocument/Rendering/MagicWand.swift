/// The magic wand's region: the pixels whose colour as the user sees it is within the
/// tolerance of the clicked one's (the fill bucket's measure), joined to it (contiguous) or
/// anywhere (global), as a selection mask.
public enum MagicWand {
    /// `layer` over `underlay` is what is sampled (the picture as it shows, or a layer alone
    /// over nothing); (x, y) the clicked pixel. Nil off the picture.
    public static func region(at x: Int, _ y: Int, tolerance: Double, global: Bool, in layer: Bitmap,
                              over underlay: StrokeRenderer.Underlay, scale: Double) -> SelectionMask? {
        let width = layer.width, height = layer.height, pixels = layer.pixels
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let target = FloodFill.seen(y * width + x, layer: pixels, over: underlay)
        let limit = FloodFill.threshold(tolerance: tolerance)
        let bareJoins = underlay.image == nil && (underlay.pixel == target || FloodFill.distance(underlay.pixel, target) <= limit)
        @inline(__always) func alike(_ i: Int) -> Bool {
            if bareJoins && pixels[i] == 0 { return true }
            let colour = FloodFill.seen(i, layer: pixels, over: underlay)
            return colour == target || FloodFill.distance(colour, target) <= limit
        }
        var runs: [(y: Int, x0: Int, x1: Int)] = []
        if global {
            for row in 0..<height {
                var i = 0
                while i < width {
                    guard alike(row * width + i) else { i += 1; continue }
                    let start = i
                    while i < width && alike(row * width + i) { i += 1 }
                    runs.append((row, start, i))
                }
            }
        } else {
            let region = PixelMarks(count: width * height)
            FloodFill.spread(from: x, y, width: width, height: height, region: region, joins: alike) { row, left, right in
                runs.append((row, left, right + 1))
            }
        }
        return SelectionMask(runs: runs, scale: scale)
    }
}
