import CCairo
import Foundation
import DrawingBoard

/// Saving a typical drawing: white paper with a few hundred coloured freehand strokes.
enum PNGWorkload {
    static func typicalDrawing() -> Bitmap {
        let width = 1920, height = 1080
        let layer = Bitmap(width: width, height: height)
        let scratch = CoverageMask(width: width, height: height)
        var generator = Scribble(seed: 5)
        let palette: [Color] = [.red, .green, .blue, .black, Color(r: 250, g: 180, b: 20)]
        for i in 0..<300 {
            let points = generator.points(count: 120, step: 3, width: Double(width), height: Double(height))
            let stroke = Stroke(points: points, color: palette[i % palette.count], width: 2 + Double(i % 5) * 4,
                                blendMode: .sourceOver)
            StrokeRenderer().render(stroke, onto: layer, scratch: scratch)
        }
        let drawing = Bitmap(width: width, height: height, color: .white)
        drawing.compositeOver(layer.bounds, from: layer, toX: 0, y: 0)
        return drawing
    }

    static func run(runs: Int) -> [BenchmarkResult] {
        let drawing = typicalDrawing()
        var ourSize = 0
        let ours = Stopwatch.best(runs: runs, setup: { () }) { _ in ourSize = (try? PNGCodec.encode(drawing))?.count ?? -1 }
        // Saved files must decode to the same pixels.
        if let data = try? PNGCodec.encode(drawing), let back = try? PNGCodec.decode(data), !back.isEqual(to: drawing) {
            print("ERROR: the encoded drawing does not decode to the same pixels")
        }
        var singleSize = 0
        var single = PNGCodec.Options.drawing
        single.threads = 1
        let oneThread = Stopwatch.best(runs: runs, setup: { () }) { _ in
            singleSize = (try? PNGCodec.encode(drawing, options: single))?.count ?? -1
        }
        var defaultSize = 0
        let libpngDefault = Stopwatch.best(runs: runs, setup: { () }) { _ in
            defaultSize = (try? PNGCodec.encode(drawing, options: .libpngDefault))?.count ?? -1
        }
        let canvas = CairoCanvas(copying: drawing)
        var cairoSize = 0
        let cairo = Stopwatch.best(runs: runs, setup: { () }) { _ in cairoSize = canvas.pngByteCount() }
        let sizeRatio = Double(ourSize) / Double(cairoSize)
        return [
            BenchmarkResult(name: "PNG encoding of a 1920x1080 drawing (300 strokes), ours on \(PNGCodec.Options.drawing.threads) threads (cairo's writer has one)", ours: ours, cairo: cairo, target: .none,
                            note: "file size: X11Paint \(ourSize) bytes, cairo \(cairoSize) bytes (ratio \(format(sizeRatio, digits: 3)), target <= 1.10)"),
            BenchmarkResult(name: "the same settings, both on one thread (libpng writer; at least 4x cairo)", ours: oneThread, cairo: cairo, target: .speedup(4),
                            note: "file size \(singleSize) bytes"),
            BenchmarkResult(name: "PNG encoding with libpng's default settings (for contrast)", ours: libpngDefault, cairo: cairo,
                            target: .none, note: "file size \(defaultSize) bytes"),
        ]
    }

    static func sizeWithinTarget(_ results: [BenchmarkResult]) -> Bool {
        guard let note = results.first?.note, let range = note.range(of: "(ratio ") else { return false }
        let ratio = Double(note[range.upperBound...].prefix(5)) ?? 99
        return ratio <= 1.10
    }
}
