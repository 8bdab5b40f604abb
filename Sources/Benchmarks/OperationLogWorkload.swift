import Foundation
import DrawingBoard

/// A history of 10,000 changes into a 1920x1080 drawing, image operations among them as the
/// items of their parameters they are: strokes and fills on three layers, a layer's properties,
/// two resizes, a crop and a canvas size. Replayed from nothing (a restart's recovery, a late
/// joiner's catch-up) within a second; undo and redo within a frame next to each image
/// operation and at the end, the layers rebuilt from the history's checkpoints.
enum OperationLogWorkload {
    static let width = 1920, height = 1080

    /// The history, and where its image operations are.
    static func log() -> (document: Document, imageOperations: [Int]) {
        var document = Document(items: [], format: DocumentFormat(pixelWidth: width, pixelHeight: height))
        let strokes = SyntheticDocument.strokes(count: 10_000, size: Size(width: 1500, height: 800)).items
        var size = (width, height), layer = 0, places: [Int] = []
        for (index, stroke) in strokes.prefix(9_990).enumerated() {
            let count = document.items.count
            switch count {
            case 2_000, 5_000:
                layer += 1
                document.append(.layer(.add(id: layer, index: layer, properties: LayerProperties(name: "Layer \(layer + 1)"))))
            case 2_500:
                document.append(.layer(.properties(id: 1, LayerProperties(name: "Layer 2", opacity: 0.7, mode: .multiply))))
            case 3_000:
                places.append(count)
                document.append(.resizeImage(ImageResize(oldWidth: size.0, oldHeight: size.1, width: 1600, height: 900, filter: .lanczos3)))
                size = (1600, 900)
            case 6_000:
                places.append(count)
                document.append(.resizeImage(ImageResize(oldWidth: size.0, oldHeight: size.1, width: 1920, height: 1080, filter: .bilinear)))
                size = (1920, 1080)
            case 8_000:
                places.append(count)
                document.append(.canvasSize(.crop(to: PixelRect(x0: 60, y0: 40, x1: 1860, y1: 1040), oldWidth: size.0, oldHeight: size.1)))
                size = (1800, 1000)
            case 9_000:
                places.append(count)
                document.append(.canvasSize(CanvasChange(oldWidth: size.0, oldHeight: size.1, width: 1920, height: 1080, dx: 60, dy: 40)))
                size = (1920, 1080)
            default:
                if index % 400 == 399 {
                    document.append(layer == 0 ? .fill(Fill(seed: Point(x: 1700, y: 950), color: .green, tolerance: 0.3))
                                               : .onLayer(layer, .fill(Fill(seed: Point(x: 1700, y: 950), color: .green, tolerance: 0.3))))
                } else {
                    document.append(layer == 0 ? stroke : .onLayer(layer, stroke))
                }
            }
        }
        return (document, places)
    }

    static func run(runs: Int) -> [BenchmarkResult] {
        let (document, places) = log()
        let initial = document.initialFormat!
        var replayBest = Double.infinity
        for _ in 0..<max(1, min(runs, 3)) {
            let drawing = DrawingLayer(width: initial.pixelWidth, height: initial.pixelHeight, scale: 1)
            let start = Stopwatch.now()
            drawing.rebuild(from: document)
            replayBest = min(replayBest, Stopwatch.now() - start)
        }
        // Undo and redo, the screen drawn after each, beside each image operation and at the end.
        let window = PaintToolkit.Window(size: Size(width: Double(width), height: Double(height)), application: Application(clock: ManualClock()))
        let canvas = CanvasView(frame: window.bounds)
        window.addSubview(canvas)
        canvas.load(document)
        window.render()
        var worst = 0.0, each: [String] = []
        for place in places.map({ $0 + 1 }) + [document.items.count] {
            _ = canvas.content.travel(toItemCount: place)
            window.render()
            var slowest = (undo: 0.0, redo: 0.0)
            for _ in 0..<5 {
                var start = Stopwatch.now()
                canvas.undo()
                window.render()
                slowest.undo = max(slowest.undo, Stopwatch.now() - start)
                start = Stopwatch.now()
                canvas.redo()
                window.render()
                slowest.redo = max(slowest.redo, Stopwatch.now() - start)
            }
            worst = max(worst, slowest.undo, slowest.redo)
            let what = canvas.document.items[place - 1].historyName
            each.append("\(what) (item \(place)): undo \(formatTime(slowest.undo)), redo \(formatTime(slowest.redo))")
        }
        let kinds = "\(document.items.count) items: strokes and fills on three layers, a layer's properties, two resizes, a crop, a canvas size"
        return [
            BenchmarkResult(name: "replaying a history of 10,000 changes into a 1920x1080 drawing (\(kinds)) from nothing (within 1 s)",
                            ours: replayBest, cairo: 1.0, target: .budget, anchor: "budget"),
            BenchmarkResult(name: "undo and redo beside each image operation of that history and at its end, the screen drawn (slowest of 50, within 16 ms)",
                            ours: worst, cairo: 0.016, target: .budget, note: each.joined(separator: "; "), anchor: "budget"),
        ]
    }
}
