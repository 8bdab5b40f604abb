import Foundation
import DrawingBoard

/// The drawing board with a long history: a new stroke must cost the same with 10,000 strokes
/// in the document as with one, undo and redo must stay within a frame, and the history's
/// vectors must stay small.
enum HistoryWorkload {
    static let size = Size(width: 1920, height: 1080)

    final class Board {
        let window: PaintToolkit.Window
        let canvas: CanvasView
        init(strokes: Int) {
            window = PaintToolkit.Window(size: size, application: Application(clock: ManualClock()))
            canvas = CanvasView(frame: window.bounds)
            canvas.strokeWidth = 6
            canvas.strokeColor = Color(r: 30, g: 100, b: 230)
            window.addSubview(canvas)
            window.render()
            canvas.load(SyntheticDocument.strokes(count: strokes, size: size))
            window.render()
        }
    }

    /// One new stroke of `points` motion events through the toolkit, rendering after each.
    static func drawStroke(on board: Board, points: [Point]) {
        board.window.send([TouchInput(identifier: 1, phase: .began, location: points[0], timestamp: 0)])
        board.window.render()
        for p in points.dropFirst() {
            board.window.send([TouchInput(identifier: 1, phase: .moved, location: p, timestamp: 0)])
            board.window.render()
        }
        board.window.send([TouchInput(identifier: 1, phase: .ended, location: points[points.count - 1], timestamp: 0)])
        board.window.render()
    }

    static func run(runs: Int) -> [BenchmarkResult] {
        var generator = Scribble(seed: 21)
        let points = generator.points(count: 2000, step: 3, width: size.width, height: size.height)
        let small = Board(strokes: 1)
        let loadStart = Stopwatch.now()
        let large = Board(strokes: 10_000)
        let loadTime = Stopwatch.now() - loadStart
        // Alternate the two so both see the same machine conditions.
        var smallBest = Double.infinity, largeBest = Double.infinity
        for _ in 0..<runs {
            var t = Stopwatch.now()
            drawStroke(on: small, points: points)
            smallBest = min(smallBest, Stopwatch.now() - t)
            small.canvas.undo()
            t = Stopwatch.now()
            drawStroke(on: large, points: points)
            largeBest = min(largeBest, Stopwatch.now() - t)
            large.canvas.undo()
        }
        var undoWorst = 0.0, redoWorst = 0.0
        for _ in 0..<20 {
            var t = Stopwatch.now()
            large.canvas.undo()
            large.window.render()
            undoWorst = max(undoWorst, Stopwatch.now() - t)
            t = Stopwatch.now()
            large.canvas.redo()
            large.window.render()
            redoWorst = max(redoWorst, Stopwatch.now() - t)
        }
        // Undo far back: twenty steps down, then each step.
        for _ in 0..<20 { large.canvas.undo() }
        var deepUndoWorst = 0.0
        for _ in 0..<64 {
            let t = Stopwatch.now()
            large.canvas.undo()
            large.window.render()
            deepUndoWorst = max(deepUndoWorst, Stopwatch.now() - t)
        }
        let vectorBytes = historyBytes(large.canvas.document)
        let perEventSmall = smallBest / Double(points.count), perEventLarge = largeBest / Double(points.count)
        let ratio = perEventLarge / perEventSmall
        print("history: 10,000 strokes loaded (replayed) in \(formatTime(loadTime)); \(large.canvas.checkpointCount) layer checkpoints kept")
        printCheckpointCost(of: large.canvas.artworkSnapshot().stack().layers[1].pixels, runs: runs)
        return [
            BenchmarkResult(name: "motion event during a new stroke, 10,000 strokes vs 1 in the document (through the toolkit)",
                            ours: perEventLarge, cairo: perEventSmall * 1.2, target: .budget,
                            note: "1 stroke: \(formatTime(perEventSmall))/event, 10,000 strokes: \(formatTime(perEventLarge))/event, "
                                + "ratio \(format(ratio)) (target <= 1.2: \(ratio <= 1.2 ? "met" : "MISSED"))"),
            BenchmarkResult(name: "undo and redo with 10,000 strokes (slowest of 20 each, render included)",
                            ours: max(undoWorst, redoWorst), cairo: 0.016, target: .budget,
                            note: "undo \(formatTime(undoWorst)), redo \(formatTime(redoWorst)); 64 undos further back: slowest \(formatTime(deepUndoWorst))"),
            BenchmarkResult(name: "history memory beyond the canvas bitmaps, 10,000 strokes", ours: Double(vectorBytes) / 1e6,
                            cairo: 64, target: .budget, unit: { format($0) + " MB" }),
        ]
    }

    /// What a checkpoint of the layer costs: the stroke that makes it
    /// waits for a sparse copy; the copy is packed beside the UI thread, on one core; undo
    /// unpacks it on all of them.
    static func printCheckpointCost(of layer: Bitmap, runs: Int) {
        var copyBytes = 0
        let copyTime = Stopwatch.best(runs: runs, setup: { () }) { copyBytes = layer.sparseCopy().bytes }
        var packed: PackedPixels?
        let packTime = Stopwatch.best(runs: runs, setup: { () }) { packed = PackedPixels(packing: layer) }
        let unpackTime = Stopwatch.best(runs: runs, setup: { () }) { _ = packed?.unpack(dense: true) }
        print("a checkpoint of the \(layer.width)x\(layer.height) layer: the stroke waits for its sparse copy, "
            + "\(format(Double(copyBytes) / 1e6)) MB in \(formatTime(copyTime)); packed beside the UI thread to "
            + "\(format(Double(packed?.byteCount ?? 0) / 1e6)) MB in \(formatTime(packTime)); undo unpacks it in \(formatTime(unpackTime))")
    }

    /// Bytes the document's items take: the item enum plus each stroke's points.
    static func historyBytes(_ document: Document) -> Int {
        var bytes = document.items.count * MemoryLayout<Document.Item>.stride
        for item in document.items {
            if case .stroke(let stroke) = item { bytes += 32 + stroke.points.capacity * MemoryLayout<Point>.stride }
            if case .shape(let shape) = item { bytes += 32 + shape.path.elements.count * MemoryLayout<Path.Element>.stride }
        }
        return bytes
    }
}
