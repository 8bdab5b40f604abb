/// The fill bucket's region and paint: the 4-connected pixels around the seed whose
/// colour as the user sees it (the layer over the background) is within the tolerance of the
/// seed's, found with a scanline flood fill, then painted on the layer. Pixels just outside the
/// region that a stroke covers only partly (anti-aliased edges) get the fill *under* their
/// paint, so no pale halo is left between the fill and the line (as Krita does, not MS Paint).
public enum FloodFill {
    /// The colour the user sees at a pixel: the layer's paint over what lies under it.
    @inline(__always)
    package static func seen(_ index: Int, layer: UnsafeMutablePointer<UInt32>, over underlay: StrokeRenderer.Underlay) -> UInt32 {
        let paint = layer[index]
        if paint >> 24 == 0xFF { return paint }
        let under = underlay.image?.pixels[index] ?? underlay.pixel
        return paint == 0 ? under : PixelMath.over(paint, under)
    }

    /// Pinta's measure: the sum of squared channel differences against (t² · 256)² · 4, so 0 is
    /// the exact colour, 50% about 64 levels in every channel, 100% everything.
    package static func threshold(tolerance: Double) -> Int {
        let t = min(max(tolerance, 0), 1)
        let scaled = t * t * 256
        return Int(scaled * scaled * 4)
    }

    @inline(__always)
    package static func distance(_ a: UInt32, _ b: UInt32) -> Int {
        let d0 = Int(a & 0xFF) - Int(b & 0xFF), d1 = Int((a >> 8) & 0xFF) - Int((b >> 8) & 0xFF)
        let d2 = Int((a >> 16) & 0xFF) - Int((b >> 16) & 0xFF), d3 = Int(a >> 24) - Int(b >> 24)
        return d0 * d0 + d1 * d1 + d2 * d2 + d3 * d3
    }

    /// Fills around the pixel (x, y) with `color`; returns the pixels changed (empty when the
    /// seed is off the layer).
    @discardableResult
    public static func fill(at x: Int, _ y: Int, color: Color, tolerance: Double, on layer: Bitmap,
                            over underlay: StrokeRenderer.Underlay) -> PixelRect {
        let width = layer.width, height = layer.height, pixels = layer.pixels
        guard x >= 0, y >= 0, x < width, y < height else { return .empty }
        let target = seen(y * width + x, layer: pixels, over: underlay)
        let limit = threshold(tolerance: tolerance)
        // Marks the region (painted as each run is found).
        let region = PixelMarks(count: width * height)
        var touched = PixelRect.empty
        let paint = color.premultipliedPixel
        // Pixels next to the region that are not alike: the anti-aliased edge among them gets the
        // fill under its paint once the region is known (painting them earlier would change
        // what later runs see).
        var edges: [Int] = []
        // Most of a canvas is bare background: when it joins, a transparent layer pixel joins
        // without composing or measuring anything.
        let bareJoins = underlay.image == nil && (underlay.pixel == target || distance(underlay.pixel, target) <= limit)
        /// Whether pixel i joins; a pixel that is not alike is noted as a possible edge.
        @inline(__always) func inside(_ i: Int) -> Bool {
            if bareJoins && pixels[i] == 0 { return true }
            let colour = seen(i, layer: pixels, over: underlay)
            if colour == target || distance(colour, target) <= limit { return true }
            if pixels[i] >> 24 != 0 && pixels[i] >> 24 != 0xFF { edges.append(i) }
            return false
        }
        guard inside(y * width + x) else { return .empty }
        spread(from: x, y, width: width, height: height, region: region, joins: inside) { row, left, right in
            (pixels + row * width + left).update(repeating: paint, count: right - left + 1)
            touched = touched.union(PixelRect(x0: left, y0: row, x1: right + 1, y1: row + 1))
        }
        // Each edge pixel once (it may be next to several runs).
        var done = Set<Int>()
        for n in edges where !region[n] && done.insert(n).inserted {
            pixels[n] = PixelMath.over(pixels[n], paint)
        }
        return touched.isEmpty ? .empty : touched.outset(by: 1).intersection(layer.bounds)
    }
}

extension FloodFill {
    /// The scanline flood from pixel (x, y), which must join: every 4-connected pixel that is
    /// not marked in `region` and `joins`, marked and handed to `run` a maximal run at a time
    /// (its row and first and last column). Shared by the fill bucket and the magic wand.
    @inline(__always)
    package static func spread(from x: Int, _ y: Int, width: Int, height: Int, region: PixelMarks,
                               joins: (Int) -> Bool, run: (Int, Int, Int) -> Void) {
        @inline(__always) func inside(_ i: Int) -> Bool { !region[i] && joins(i) }
        // A run of pixels known to join (found while scanning a neighbouring row: its ends
        // still extend), and the run of the row it was found from (that row's part under it
        // is filled already and need not be looked at again). Runs are maximal stretches of
        // alike pixels, so if its first pixel is still unfilled, all of it is.
        var stack = [(x0: x, x1: x, y: y, fromY: -1, fromLeft: 0, fromRight: -1)]
        while let seed = stack.popLast() {
            let row = seed.y * width
            guard !region[row + seed.x0] else { continue }
            var left = seed.x0, right = seed.x1
            while left > 0 && inside(row + left - 1) { left -= 1 }
            while right < width - 1 && inside(row + right + 1) { right += 1 }
            region.set(row + left...row + right)
            run(seed.y, left, right)
            // The runs of alike pixels in the rows above and below.
            for ny in stride(from: seed.y - 1, through: seed.y + 1, by: 2) where ny >= 0 && ny < height {
                let next = ny * width
                let skipped = ny == seed.fromY
                var i = left
                while i <= right {
                    if skipped && i >= seed.fromLeft && i <= seed.fromRight {
                        i = seed.fromRight + 1
                        continue
                    }
                    if inside(next + i) {
                        let start = i
                        i += 1
                        while i <= right && !(skipped && i >= seed.fromLeft && i <= seed.fromRight) && inside(next + i) { i += 1 }
                        stack.append((x0: start, x1: i - 1, y: ny, fromY: seed.y, fromLeft: left, fromRight: right))
                    }
                    i += 1
                }
            }
        }
    }
}

/// One mark per pixel, in memory the fill owns for its run (no array checks in the hot loop).
/// A byte, not a bit: testing bits cost more than the extra pages (50 against 37 ms at 4K).
package final class PixelMarks {
    private let marks: UnsafeMutablePointer<UInt8>
    private let count: Int

    package init(count: Int) {
        self.count = max(1, count)
        marks = .allocate(capacity: self.count)
        marks.initialize(repeating: 0, count: self.count)
    }

    deinit { marks.deallocate() }

    @inline(__always)
    package subscript(index: Int) -> Bool { marks[index] != 0 }

    package func set(_ range: ClosedRange<Int>) {
        (marks + range.lowerBound).update(repeating: 1, count: range.count)
    }
}
