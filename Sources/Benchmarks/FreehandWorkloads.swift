import CCairo
import Foundation
import DrawingBoard

/// Drawing as the app does it: a CanvasView in a Window, one touch-moved event per mouse
/// motion, and the window's dirty region recomposed after every event.
enum FreehandWorkloads {
    static let width = 1920, height = 1080

    static func scribble(_ count: Int) -> [Point] {
        var generator = Scribble(seed: 7)
        return generator.points(count: count, step: 3, width: Double(width), height: Double(height))
    }

    final class App {
        let window: PaintToolkit.Window
        let canvas: CanvasView
        init(brush: Brush, strokeWidth: Double) {
            window = PaintToolkit.Window(size: Size(width: Double(width), height: Double(height)))
            canvas = CanvasView(frame: window.bounds)
            canvas.brush = brush
            canvas.strokeColor = Color(r: 30, g: 100, b: 230)
            canvas.strokeWidth = strokeWidth
            window.addSubview(canvas)
            window.render()
            // As `freshLayer` does for the renderer's share: the first stroke's page faults are
            // the kernel's, not the toolkit's.
            writeBeforeTiming(canvas.content.drawing)
        }
    }

    /// The whole drawing board, as the app's window holds it (toolbar, canvas, bottom bar):
    /// the same scribble fitted into its canvas, a motion event and a render at a time.
    final class Board {
        let window: PaintToolkit.Window
        let points: [Point]
        init(scribble: [Point]) {
            window = PaintToolkit.Window(size: Size(width: Double(width), height: Double(height)), application: Application(clock: ManualClock()))
            let board = DrawingBoardViewController(store: DiscardingArtworkStore(), picturesFolder: NSTemporaryDirectory())
            window.rootViewController = board
            window.render()
            let frame = board.canvas.convert(board.canvas.bounds, to: nil).insetBy(dx: 4, dy: 4)
            points = scribble.map { Point(x: frame.minX + $0.x / Double(width) * frame.width, y: frame.minY + $0.y / Double(height) * frame.height) }
        }
    }

    /// The scribble as a finger on `window`, a motion event and a render at a time.
    static func drawIncrementally(on window: PaintToolkit.Window, _ points: [Point]) {
        var time = 0.0
        window.send([TouchInput(identifier: 1, phase: .began, location: points[0], timestamp: time)])
        window.render()
        for p in points.dropFirst() {
            time += 0.008
            window.send([TouchInput(identifier: 1, phase: .moved, location: p, timestamp: time)])
            window.render()
        }
        window.send([TouchInput(identifier: 1, phase: .ended, location: points[points.count - 1], timestamp: time)])
        window.render()
    }

    /// The renderer's share: add each segment to the stroke's mask and compose its dirty
    /// rectangle into the window-sized target, as CanvasView does for every motion event.
    static func renderIncrementally(_ state: (DrawingLayer, Bitmap), _ points: [Point], brush: Brush, width: Double) {
        let (drawing, target) = state
        let stroke = brush.beginStroke(at: points[0], color: Color(r: 30, g: 100, b: 230), width: width)
        drawing.compose(drawing.begin(stroke), into: target, atX: 0, y: 0)
        for p in points.dropFirst() {
            drawing.compose(drawing.extend(to: p), into: target, atX: 0, y: 0)
        }
        // As the canvas does: the screen already shows the committed stroke, nothing to compose.
        _ = drawing.commit()
    }

    static func freshLayer() -> (DrawingLayer, Bitmap) {
        let drawing = DrawingLayer(width: width, height: height)
        writeBeforeTiming(drawing)
        return (drawing, Bitmap(width: width, height: height, color: .white))
    }

    /// A new drawing's layer and stroke mask are mapped only as strokes first reach them (its
    /// first stroke pays that once): written outside the timing, as Blend2D's canvas is filled
    /// before its.
    static func writeBeforeTiming(_ drawing: DrawingLayer) {
        drawing.stack.pixels(of: 0)?.fill(with: 0)
        drawing.activeMask.values.update(repeating: 0, count: drawing.activeMask.width * drawing.activeMask.height)
    }

    static func cairoIncrementally(_ canvas: CairoCanvas, _ points: [Point], width: Double, clear: Bool) {
        let cr = canvas.cr
        cairo_set_line_width(cr, width)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        if clear { cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR) }
        canvas.setColor(Color(r: 30, g: 100, b: 230))
        for i in 1..<points.count {
            cairo_move_to(cr, points[i - 1].x, points[i - 1].y)
            cairo_line_to(cr, points[i].x, points[i].y)
            cairo_stroke(cr)
        }
    }

    static func incremental(segments: Int, runs: Int) -> [BenchmarkResult] {
        let points = scribble(segments)
        let ours = Stopwatch.best(runs: runs, setup: freshLayer) { renderIncrementally($0, points, brush: PencilBrush(), width: 6) }
        // The same without composing: how the time splits between coverage and showing it.
        let coverageOnly = Stopwatch.best(runs: runs, setup: freshLayer) { state in
            let drawing = state.0
            _ = drawing.begin(PencilBrush().beginStroke(at: points[0], color: Color(r: 30, g: 100, b: 230), width: 6))
            for p in points.dropFirst() { _ = drawing.extend(to: p) }
        }
        let toolkit = Stopwatch.best(runs: runs, setup: { App(brush: PencilBrush(), strokeWidth: 6) }) { drawIncrementally(on: $0.window, points) }
        let board = Stopwatch.best(runs: runs, setup: { Board(scribble: points) }) { drawIncrementally(on: $0.window, $0.points) }
        let cairo = Stopwatch.best(runs: runs, setup: { CairoCanvas(width: width, height: height) }) {
            cairoIncrementally($0, points, width: 6, clear: false)
        }
        // A hairline pencil: the thin-stroke path (far edge, tabulated round ends).
        let thin = Stopwatch.best(runs: runs, setup: freshLayer) { renderIncrementally($0, points, brush: PencilBrush(), width: 1) }
        let cairoThin = Stopwatch.best(runs: runs, setup: { CairoCanvas(width: width, height: height) }) {
            cairoIncrementally($0, points, width: 1, clear: false)
        }
        let perSegment = { (t: Double) in formatTime(t / Double(segments)) }
        var freehand = BenchmarkResult(name: "freehand, \(segments) segments 3 px apart, width 6, composited per event",
                                       ours: ours, cairo: cairo, target: .speedup(6),
                                       note: "per segment: X11Paint \(perSegment(ours)) (coverage \(perSegment(coverageOnly)), "
                                           + "composing \(perSegment(ours - coverageOnly))), cairo \(perSegment(cairo))")
        // At least 2x Blend2D stroking each segment with round caps, one call each, net of what
        // the same call costs through the binding with nothing to stroke; ours and Blend2D in turns.
        let geometry = Blend2DAnchor.freehandGeometry(points, strokeWidth: 6, color: Color(r: 30, g: 100, b: 230), width: width, height: height)
        if let (oursInTurns, pairs) = Blend2DAnchor.inTurns("freehand", geometry: geometry, runs: max(1, runs / 2), netOfCalls: true, ours: {
            Stopwatch.best(runs: max(1, runs / 2), setup: freshLayer) { renderIncrementally($0, points, brush: PencilBrush(), width: 6) }
        }) {
            let calls = pairs.best.emptyCalls ?? 0
            freehand.blend2d = (pairs.best.seconds - calls, .speedup(2),
                                "one thread each; Blend2D net of its binding: \(formatTime(pairs.best.seconds)) with the calls, "
                                    + "\(formatTime(calls)) the same \(segments) calls on an empty path (\(formatTime(calls / Double(segments))) a call); "
                                    + "ours \(formatTime(oursInTurns)) in the pairs")
            freehand.blend2dPairs = pairs
        }
        return [
            freehand,
            BenchmarkResult(name: "the same through the toolkit (touch dispatch, hit views, window render per event)",
                            ours: toolkit, cairo: cairo, target: .none, note: "per event: \(perSegment(toolkit))"),
            // What the toolkit adds to a motion event, beyond the renderer's share above.
            BenchmarkResult(name: "a motion event's cost beyond the renderer's share (touch dispatch, recognizers, tool, window render)",
                            ours: (toolkit - ours) / Double(segments), cairo: 1.5e-6, target: .budget,
                            note: "through the toolkit \(perSegment(toolkit)) an event, the renderer's share \(perSegment(ours))",
                            anchor: "budget"),
            BenchmarkResult(name: "the same scribble on the whole drawing board (its bars and buttons around the canvas), fitted to its canvas",
                            ours: board, cairo: cairo, target: .none, note: "per event: \(perSegment(board))"),
            BenchmarkResult(name: "the same scribble at width 1 (thin strokes: both edges in a pixel, tabulated round ends)",
                            ours: thin, cairo: cairoThin, target: .none,
                            note: "per segment: X11Paint \(perSegment(thin)), cairo \(perSegment(cairoThin))"),
        ]
    }

    static func eraser(segments: Int, runs: Int) -> BenchmarkResult {
        let points = scribble(segments)
        let ours = Stopwatch.best(runs: runs, setup: freshLayer) { renderIncrementally($0, points, brush: EraserBrush(), width: 20) }
        let cairo = Stopwatch.best(runs: runs, setup: { CairoCanvas(width: width, height: height) }) {
            cairoIncrementally($0, points, width: 20, clear: true)
        }
        return BenchmarkResult(name: "eraser, \(segments) segments, width 20, composited per event",
                               ours: ours, cairo: cairo, target: .speedup(3),
                               note: "per segment: X11Paint \(formatTime(ours / Double(segments))), cairo \(formatTime(cairo / Double(segments)))")
    }

    /// The same polyline stroked in one go, as an undo replays it.
    static func replay(segments: Int, runs: Int) -> [BenchmarkResult] {
        let points = scribble(segments)
        let stroke = Stroke(points: points, color: Color(r: 30, g: 100, b: 230), width: 6, blendMode: .sourceOver)
        let capsules = Stopwatch.best(runs: runs, setup: { (Bitmap(width: width, height: height), CoverageMask(width: width, height: height)) }) {
            StrokeRenderer().render(stroke, onto: $0.0, scratch: $0.1)
        }
        var path = Path()
        path.move(to: points[0])
        for p in points.dropFirst() { path.line(to: p) }
        let outline = Stopwatch.best(runs: runs, setup: { GraphicsContext(bitmap: Bitmap(width: width, height: height, color: .white)) }) { context in
            context.strokeColor = stroke.color
            context.lineStyle = LineStyle(width: 6, cap: .round, join: .round)
            context.stroke(path)
        }
        let cairo = Stopwatch.best(runs: runs, setup: { CairoCanvas(width: width, height: height) }) { canvas in
            let cr = canvas.cr
            cairo_set_line_width(cr, 6)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            canvas.setColor(stroke.color)
            cairo_move_to(cr, points[0].x, points[0].y)
            for p in points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
            cairo_stroke(cr)
        }
        return [
            BenchmarkResult(name: "replay: the same \(segments)-segment polyline in one go (the app's capsule replay)",
                            ours: capsules, cairo: cairo, target: .withinFactor(1)),
            BenchmarkResult(name: "replay through the general stroker (outline + non-zero fill)",
                            ours: outline, cairo: cairo, target: .none),
        ]
    }
}
