import Foundation
import DrawingBoard

/// Fill bucket at 4K: X11Paint's scanline fill (the whole 3840x2160 canvas, and a
/// region of a drawing of 10,000 strokes) against a straightforward reference run on the same
/// pixels in the same process: a 4-connected fill that pushes every neighbour on a stack, exact
/// colours only (the textbook algorithm), which X11Paint must beat while also reading the
/// layer over the background, measuring the tolerance and painting the anti-aliased edge.
enum FillWorkload {
    static let width = 3840, height = 2160

    /// The textbook fill: returns how many pixels it painted.
    static func referenceFill(_ pixels: inout [UInt32], width: Int, height: Int, x: Int, y: Int, with paint: UInt32) -> Int {
        let target = pixels[y * width + x]
        guard target != paint else { return 0 }
        var stack = [y * width + x]
        var count = 0
        while let i = stack.popLast() {
            guard pixels[i] == target else { continue }
            pixels[i] = paint
            count += 1
            let px = i % width, py = i / width
            if px > 0 { stack.append(i - 1) }
            if px < width - 1 { stack.append(i + 1) }
            if py > 0 { stack.append(i - width) }
            if py < height - 1 { stack.append(i + width) }
        }
        return count
    }

    /// The reference fill's pixels, made in the setup and filled in place while timed (a `var`
    /// copy of an array inside the timing would copy 33 MB at the first write).
    final class Pixels {
        var pixels: [UInt32]
        init(_ pixels: [UInt32]) { self.pixels = pixels }
    }

    static func run(runs: Int) -> [BenchmarkResult] {
        let white = Color.white.premultipliedPixel
        let orange = Color(r: 245, g: 121, b: 0)
        // The whole empty canvas.
        let ours = Stopwatch.best(runs: runs, setup: { Bitmap(width: width, height: height) }) { layer in
            FloodFill.fill(at: width / 2, height / 2, color: orange, tolerance: 0.5,
                           on: layer, over: StrokeRenderer.Underlay(pixel: white, image: nil))
        }
        let reference = Stopwatch.best(runs: runs, setup: { Pixels([UInt32](repeating: white, count: width * height)) }) { canvas in
            _ = referenceFill(&canvas.pixels, width: width, height: height, x: width / 2, y: height / 2, with: orange.premultipliedPixel)
        }
        // A region of a busy drawing: 10,000 strokes over 1920x1080 points at twice the pixels.
        let document = SyntheticDocument.strokes(count: 10_000, size: Size(width: 1920, height: 1080), palette: SyntheticDocument.mutedColors)
        let drawing = DrawingLayer(width: width, height: height, scale: 2)
        drawing.rebuild(from: document)
        let composed = drawing.renderArtwork()
        var area = 0
        let busy = Stopwatch.best(runs: runs, setup: { drawing.layer.cropped(to: drawing.layer.bounds) }) { layer in
            // 0%: the same exact-colour region the textbook fill takes.
            let changed = FloodFill.fill(at: 40, 40, color: orange, tolerance: 0,
                                         on: layer, over: StrokeRenderer.Underlay(pixel: white, image: nil))
            area = changed.width * changed.height
        }
        let busyReference = Stopwatch.best(runs: runs, setup: { Pixels(Array(UnsafeBufferPointer(start: composed.pixels, count: width * height))) }) { canvas in
            _ = referenceFill(&canvas.pixels, width: width, height: height, x: 40, y: 40, with: orange.premultipliedPixel)
        }
        return [
            BenchmarkResult(name: "fill bucket: the whole 3840x2160 canvas, X11Paint vs a textbook 4-connected fill (in the 'cairo' column)",
                            ours: ours, cairo: reference, target: .speedup(1)),
            BenchmarkResult(name: "fill bucket: the whole 3840x2160 canvas under 30 ms", ours: ours, cairo: 0.030, target: .budget),
            BenchmarkResult(name: "fill bucket: a region of 10,000 strokes at 3840x2160, X11Paint vs the textbook fill",
                            ours: busy, cairo: busyReference, target: .none,
                            note: "the region's bounding box: \(area) pixels"),
        ]
    }
}
