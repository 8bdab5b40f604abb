import CCairo
import Foundation
import DrawingBoard

/// Transformed-image workload: a 24-megapixel photo turned 30° and scaled onto a
/// 3840x2160 frame, X11Paint (bilinear from the nearest mip level, both cores; and the fast
/// frames of a gesture) against cairo with CAIRO_FILTER_GOOD (prefilters on shrink: the fair
/// quality match) and CAIRO_FILTER_FAST, in one run.
enum PhotoAt4KWorkload {
    static let width = 3840, height = 2160

    static func run(runs: Int) -> [BenchmarkResult] {
        let photo = Bitmap(width: 6000, height: 4000)
        for y in 0..<4000 {
            let row = photo.pixels + y * 6000
            for x in 0..<6000 { row[x] = 0xFF00_0000 | UInt32((x * 255 / 6000) << 16) | UInt32((y * 255 / 4000) << 8) | UInt32(((x / 40 + y / 40) % 2) * 160 + 40) }
        }
        // Scaled 0.64 (the 1080p workload's cover, twice the size) about the centre, turned 30°.
        let scale = 0.64
        let transform = PaintGraphics.AffineTransform(translationX: -3000, y: -2000)
            .concatenating(PaintGraphics.AffineTransform(scaleX: scale, y: scale))
            .concatenating(PaintGraphics.AffineTransform(rotationAngle: .pi / 6))
            .concatenating(PaintGraphics.AffineTransform(translationX: Double(width) / 2, y: Double(height) / 2))
        let image = Image(bitmap: photo)
        image.prepareForDrawing() // as the photo opener does beside the UI thread
        func ours(_ quality: ImageQuality) -> Double {
            Stopwatch.best(runs: runs, setup: { GraphicsContext(bitmap: Bitmap(width: width, height: height, color: .white)) }) {
                $0.imageQuality = quality
                $0.draw(image, transform: transform)
            }
        }
        let source = CairoCanvas(copying: photo)
        func cairo(_ filter: cairo_filter_t) -> Double {
            Stopwatch.best(runs: runs, setup: { CairoCanvas(width: width, height: height) }) {
                $0.draw(source, width: 6000, height: 4000, transform: transform, filter: filter)
            }
        }
        let bake = bakeTime(photo: photo, runs: runs)
        let prepared = Image(bitmap: photo)
        prepared.prepareForDrawing()
        let memory = Double(prepared.memoryFootprint) / Double(6000 * 4000 * 4)
        let smooth = ours(.smooth), fast = ours(.fast), coarse = ours(.coarse)
        let good = cairo(CAIRO_FILTER_GOOD), cairoFast = cairo(CAIRO_FILTER_FAST)
        // A drag's frames: the photo upright, scaled 0.47 about the centre, one texel per block.
        let upright = PaintGraphics.AffineTransform(translationX: -3000, y: -2000)
            .concatenating(PaintGraphics.AffineTransform(scaleX: 0.47, y: 0.47))
            .concatenating(PaintGraphics.AffineTransform(translationX: Double(width) / 2 + 0.3, y: Double(height) / 2 + 0.6))
        let uprightCoarse = Stopwatch.best(runs: runs, setup: { GraphicsContext(bitmap: Bitmap(width: width, height: height, color: .white)) }) {
            $0.imageQuality = .coarse
            $0.draw(image, transform: upright)
        }
        let uprightCairo = Stopwatch.best(runs: runs, setup: { CairoCanvas(width: width, height: height) }) {
            $0.draw(source, width: 6000, height: 4000, transform: upright, filter: CAIRO_FILTER_FAST)
        }
        return [
            BenchmarkResult(name: "24 MP photo turned 30°, scaled 0.64 onto 3840x2160: X11Paint bilinear from the nearest mip level vs cairo GOOD",
                            ours: smooth, cairo: good, target: .speedup(4),
                            note: "cairo FAST (nearest) \(formatTime(cairoFast)); X11Paint's gesture frames (nearest, fast) \(formatTime(fast))"),
            BenchmarkResult(name: "the same, X11Paint's gesture frames (nearest texel) vs cairo FAST",
                            ours: fast, cairo: cairoFast, target: .none),
            BenchmarkResult(name: "the same gesture frames on a 2x screen (one texel per 2x2 pixels: a point) vs cairo FAST",
                            ours: coarse, cairo: cairoFast, target: .none),
            BenchmarkResult(name: "a drag's gesture frames on a 2x screen: the photo upright, scaled 0.47 (one texel per 2x2 pixels) vs cairo FAST",
                            ours: uprightCoarse, cairo: uprightCairo, target: .none),
            BenchmarkResult(name: "baking it (Keep) into a 3840x2160 drawing, with the window's frame after",
                            ours: bake, cairo: 0.1, target: .budget),
            BenchmarkResult(name: "a placed 24 MP photo's memory with all its mip levels, per byte of its pixels",
                            ours: memory, cairo: 1.4, target: .budget, unit: { format($0) + "x" }),
        ]
    }

    /// The long press's end: the photo, placed turned over a 1920x1080-point canvas at twice
    /// the pixels, committed to the document and shown.
    static func bakeTime(photo: Bitmap, runs: Int) -> Double {
        let size = Size(width: 1920, height: 1080)
        let asset = ImageAsset(bitmap: photo, name: "photo-24mp")
        asset.image.prepareForDrawing()
        let placement = PaintGraphics.AffineTransform(translationX: -3000, y: -2000)
            .concatenating(PaintGraphics.AffineTransform(scaleX: 0.32, y: 0.32))
            .concatenating(PaintGraphics.AffineTransform(rotationAngle: .pi / 6))
            .concatenating(PaintGraphics.AffineTransform(translationX: size.width / 2, y: size.height / 2))
        let placed = PlacedPhoto(photo: Photo(asset: asset), placement: placement)
        return Stopwatch.best(runs: runs, setup: { () -> (PaintToolkit.Window, CanvasView) in
            let window = PaintToolkit.Window(size: size, scale: 2, application: Application(clock: ManualClock()))
            let canvas = CanvasView(frame: window.bounds)
            window.addSubview(canvas)
            window.render()
            return (window, canvas)
        }) { board in
            board.1.commit(.photo(placed))
            board.0.render()
        }
    }
}
