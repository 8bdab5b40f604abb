/// The fill bucket's region and paint (issue 21): the 4-connected pixels around the seed whose
/// colour as the user sees it (the layer over the background) is within the tolerance of the
/// seed's, found with a scanline flood fill, then painted on the layer. Pixels just outside the
/// region that a stroke covers only partly (anti-aliased edges) get the fill *under* their
/// paint, so no pale halo is left between the fill and the line (as Krita does, not MS Paint).
public enum FloodFill {
    /// What the fill reads: the layer and what lies under it.
    public struct Canvas {
        public let layer: Bitmap
        public let background: UInt32
        public let backgroundImage: Bitmap?

        @inline(__always)
        func seen(_ index: Int) -> UInt32 {
            let paint = layer.pixels[index]
            let under = backgroundImage?.pixels[index] ?? background
            if paint >> 24 == 0xFF { return paint }
            return paint == 0 ? under : PixelMath.over(paint, under)
        }
    }

    /// Pinta's measure: the sum of squared channel differences against (t² · 256)² · 4, so 0 is
    /// the exact colour, 50% about 64 levels in every channel, 100% everything.
    static func threshold(tolerance: Double) -> Int {
        let t = min(max(tolerance, 0), 1)
        let scaled = t * t * 256
        return Int(scaled * scaled * 4)
    }

    @inline(__always)
    static func distance(_ a: UInt32, _ b: UInt32) -> Int {
        var sum = 0
        for shift in [0, 8, 16, 24] as [UInt32] {
            let d = Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF)
            sum += d * d
        }
        return sum
    }

    /// Fills around the pixel (x, y) with `color`; returns the pixels changed (empty when the
    /// seed is off the layer).
    @discardableResult
    public static func fill(at x: Int, _ y: Int, color: Color, tolerance: Double, on canvas: Canvas) -> PixelRect {
        let layer = canvas.layer, width = layer.width, height = layer.height
        guard x >= 0, y >= 0, x < width, y < height else { return .empty }
        let target = canvas.seen(y * width + x)
        let limit = threshold(tolerance: tolerance)
        // 1 in the region, 2 a partly covered neighbour taking the fill under its paint.
        var mark = [UInt8](repeating: 0, count: width * height)
        var touched = PixelRect.empty
        mark.withUnsafeMutableBufferPointer { mark in
            func inside(_ i: Int) -> Bool { mark[i] == 0 && distance(canvas.seen(i), target) <= limit }
            var stack = [(x, y)]
            while let (sx, sy) = stack.popLast() {
                let row = sy * width
                guard inside(row + sx) else { continue }
                var left = sx, right = sx
                while left > 0 && inside(row + left - 1) { left -= 1 }
                while right < width - 1 && inside(row + right + 1) { right += 1 }
                for i in left...right { mark[row + i] = 1 }
                touched = touched.union(PixelRect(x0: left, y0: sy, x1: right + 1, y1: sy + 1))
                // One seed per run of fillable pixels in the rows above and below.
                for ny in [sy - 1, sy + 1] where ny >= 0 && ny < height {
                    let next = ny * width
                    var i = left
                    while i <= right {
                        if inside(next + i) {
                            stack.append((i, ny))
                            while i <= right && inside(next + i) { i += 1 }
                        }
                        i += 1
                    }
                }
            }
            paint(color.premultipliedPixel, marks: mark, area: touched, layer: layer)
        }
        return touched.isEmpty ? .empty : touched.outset(by: 1).intersection(layer.bounds)
    }

    private static func paint(_ pixel: UInt32, marks: UnsafeMutableBufferPointer<UInt8>, area: PixelRect, layer: Bitmap) {
        let width = layer.width, height = layer.height, pixels = layer.pixels
        for y in area.y0..<area.y1 {
            for x in area.x0..<area.x1 where marks[y * width + x] == 1 {
                pixels[y * width + x] = pixel
                // The edge: a neighbour the line covers only partly gets the fill under it.
                for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] where nx >= 0 && ny >= 0 && nx < width && ny < height {
                    let n = ny * width + nx
                    guard marks[n] == 0 else { continue }
                    let alpha = pixels[n] >> 24
                    if alpha > 0 && alpha < 0xFF {
                        pixels[n] = PixelMath.over(pixels[n], pixel)
                        marks[n] = 2
                    }
                }
            }
        }
    }
}
