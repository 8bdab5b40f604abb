import Foundation
import DrawingBoard

/// The document seen through the viewport: a 3840x2160 document with 10,000 strokes
/// in a 1920x1080 window. Zoom and scroll steps must redraw within a frame (8 ms), a motion
/// event while drawing must cost under 1 ms from input to composed pixels at 25%, 100% and
/// 800%, a 24-megapixel JPEG must open in under 400 ms, and saving the 4K drawing must stay 4x
/// faster than cairo's PNG writer.
enum ViewportWorkload {
    static let windowSize = Size(width: 1920, height: 1080)
    static let documentFormat = DocumentFormat(pixelWidth: 3840, pixelHeight: 2160)

    static func makeCanvas() -> (PaintToolkit.Window, CanvasView) {
        let window = PaintToolkit.Window(size: windowSize, application: Application(clock: ManualClock()))
        let canvas = CanvasView(frame: window.bounds)
        canvas.strokeWidth = 6
        canvas.strokeColor = Color(r: 230, g: 40, b: 40)
        window.addSubview(canvas)
        window.render()
        var document = SyntheticDocument.strokes(count: 10_000, size: documentFormat.size)
        document.format = documentFormat
        canvas.load(document)
        window.render()
        return (window, canvas)
    }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded(.up)))]
    }

    static func run(quick: Bool) -> [BenchmarkResult] {
        let (window, canvas) = makeCanvas()
        var results: [BenchmarkResult] = []
        // Zoom steps about the centre, then scroll steps, each redrawn whole.
        var zoomTimes: [Double] = [], scrollTimes: [Double] = []
        var slowestZoom = (zoom: 1.0, time: 0.0)
        let levels = [1.0 / 16, 0.125, 0.25, 0.5, 2.0 / 3, 1, 1.5, 2, 4, 8, 16, 32]
        for _ in 0..<(quick ? 1 : 5) {
            for zoom in levels + levels.reversed() {
                let start = Stopwatch.now()
                canvas.setZoom(zoom)
                window.render()
                zoomTimes.append(Stopwatch.now() - start)
                if zoomTimes.last! > slowestZoom.time { slowestZoom = (zoom, zoomTimes.last!) }
            }
        }
        for zoom in [0.25, 1, 4] {
            canvas.setZoom(zoom)
            window.render()
            for step in 0..<(quick ? 10 : 40) {
                let start = Stopwatch.now()
                canvas.scroll(by: Point(x: step % 2 == 0 ? 48 : -24, y: 48))
                window.render()
                scrollTimes.append(Stopwatch.now() - start)
            }
        }
        results.append(BenchmarkResult(name: "zoom step, 3840x2160 document with 10,000 strokes in a 1920x1080 window (p99 of \(zoomTimes.count), 1/16 to 32x)",
                                       ours: percentile(zoomTimes, 0.99), cairo: 0.008, target: .budget,
                                       note: "p50 \(formatTime(percentile(zoomTimes, 0.5))), max \(formatTime(zoomTimes.max() ?? 0)) (to \(format(slowestZoom.zoom * 100, digits: 0))%)"))
        results.append(BenchmarkResult(name: "scroll step (48 points) at 25%, 100%, 400% (p99 of \(scrollTimes.count))",
                                       ours: percentile(scrollTimes, 0.99), cairo: 0.008, target: .budget,
                                       note: "p50 \(formatTime(percentile(scrollTimes, 0.5))), max \(formatTime(scrollTimes.max() ?? 0))"))
        // Drawing at a zoom: each motion event through the toolkit, then the window composes.
        for zoom in [0.25, 1, 8] {
            canvas.setZoom(zoom)
            window.render()
            let times = drawScribble(events: quick ? 299 : 1499, on: canvas, in: window)
            window.render()
            canvas.undo()
            results.append(BenchmarkResult(name: "a motion event while drawing at \(Int(zoom * 100))% (input to composed pixels, p99 of \(times.count))",
                                           ours: percentile(times, 0.99), cairo: 0.001, target: .budget,
                                           note: "p50 \(formatTime(percentile(times, 0.5))), max \(formatTime(times.max() ?? 0))"))
        }
        results.append(openBigJPEG(into: canvas, window: window))
        results.append(save4K(canvas))
        return results
    }

    /// Draws a scribble of `events` motion events over the document where it shows (at 25% it
    /// covers only part of the window), each sent through the toolkit and composed by the
    /// window; returns each event's time.
    static func drawScribble(events: Int, on canvas: CanvasView, in window: PaintToolkit.Window) -> [Double] {
        var generator = Scribble(seed: 7)
        let shown = canvas.viewport.contentFrame.intersection(canvas.bounds)
        let points = generator.points(count: events + 1, step: 3, width: shown.width, height: shown.height)
            .map { Point(x: $0.x + shown.minX, y: $0.y + shown.minY) }
        var times: [Double] = []
        window.send([TouchInput(identifier: 1, phase: .began, location: points[0], timestamp: 0)])
        window.render()
        for (index, p) in points.dropFirst().enumerated() {
            let start = Stopwatch.now()
            window.send([TouchInput(identifier: 1, phase: .moved, location: p, timestamp: Double(index) * 0.008)])
            window.render()
            times.append(Stopwatch.now() - start)
        }
        window.send([TouchInput(identifier: 1, phase: .ended, location: points[points.count - 1], timestamp: 100)])
        return times
    }

    /// A 6000x4000 JPEG read, decoded at full size and shown as the document.
    static func openBigJPEG(into canvas: CanvasView, window: PaintToolkit.Window) -> BenchmarkResult {
        guard let data = SyntheticPhoto.jpeg24Megapixels() else { return BenchmarkResult(name: "JPEG encode failed", ours: 1, cairo: 0, target: .budget) }
        var best = Double.infinity
        for _ in 0..<3 {
            let start = Stopwatch.now()
            guard let opened = try? PhotoDecoder.open(data, name: "big.jpg", maximumPixels: DrawingBoardViewController.maximumDocumentPixels, job: nil) else { break }
            canvas.load(DocumentFormat.opening(opened.photo))
            window.render()
            best = min(best, Stopwatch.now() - start)
        }
        return BenchmarkResult(name: "opening a 24-megapixel JPEG (6000x4000, \(data.count / 1024) KB) as the document, decoded, laid out and shown",
                               ours: best, cairo: 0.4, target: .budget)
    }

    /// The 4K drawing encoded as the save writes it, against cairo's PNG writer.
    static func save4K(_ canvas: CanvasView) -> BenchmarkResult {
        let (window, fresh) = makeCanvas()
        _ = window
        let drawing = fresh.renderArtwork()
        let ours = Stopwatch.best(runs: 3, setup: { () }) { _ in _ = try? PNGCodec.encode(drawing) }
        let cairoCanvas = CairoCanvas(copying: drawing)
        let cairo = Stopwatch.best(runs: 3, setup: { () }) { _ in _ = cairoCanvas.pngByteCount() }
        return BenchmarkResult(name: "PNG encoding of the 3840x2160 drawing (10,000 strokes)", ours: ours, cairo: cairo, target: .speedup(4))
    }
}
