import Foundation
import DrawingBoard

/// Drawing on a layer of a 3840x2160 document with 10 layers (mixed blend modes, some
/// half transparent) must cost within 1 ms (p99) of drawing on a one-layer document: a motion
/// event composes only its dirty rectangle, over the cached picture of the layers below.
/// Each document is shown at 100% in a 1920x1080 window; every motion event goes through the
/// toolkit and the window composes (input to composed pixels), as in the viewport workload.
enum LayeredDrawingWorkload {
    static func document(layers: Int, strokesPerLayer: Int) -> Document {
        var items: [Document.Item] = []
        for index in 0..<layers {
            if index > 0 {
                let properties = LayerProperties(name: "Layer \(index + 1)", opacity: Double(LayerStackWorkload.opacities[index]) / 255,
                                                 mode: LayerStackWorkload.modes[index])
                items.append(.layer(.add(id: index, index: index, properties: properties)))
            }
            let strokes = SyntheticDocument.strokes(count: strokesPerLayer, size: ViewportWorkload.documentFormat.size, seed: UInt64(40 + index),
                                                    palette: SyntheticDocument.mutedColors)
            items += strokes.items.map { index == 0 ? $0 : .onLayer(index, $0) }
        }
        return Document(items: items, format: ViewportWorkload.documentFormat)
    }

    /// Motion event times drawing on `layer` of `document` at 100%.
    static func motionTimes(_ document: Document, on layer: Int, events: Int) -> [Double] {
        let window = PaintToolkit.Window(size: ViewportWorkload.windowSize, application: Application(clock: ManualClock()))
        let canvas = CanvasView(frame: window.bounds)
        canvas.strokeWidth = 6
        canvas.strokeColor = Color(r: 230, g: 40, b: 40)
        window.addSubview(canvas)
        window.render()
        canvas.load(document, currentLayer: layer)
        canvas.setZoom(1)
        window.render()
        return ViewportWorkload.drawScribble(events: events, on: canvas, in: window)
    }

    static func run(quick: Bool) -> [BenchmarkResult] {
        let strokes = quick ? 40 : 400, events = quick ? 300 : 2000
        let one = motionTimes(document(layers: 1, strokesPerLayer: strokes * 10), on: 0, events: events)
        let ten = motionTimes(document(layers: 10, strokesPerLayer: strokes), on: 5, events: events)
        let p = ViewportWorkload.percentile
        return [BenchmarkResult(name: "a motion event on layer 6 of 10 (its mode darken, layers above in soft-light, difference, colour; some half transparent), "
                                    + "3840x2160 at 100%, p99 within 1 ms of one layer's",
                                ours: p(ten, 0.99), cairo: p(one, 0.99) + 0.001, target: .budget,
                                note: "10 layers: p50 \(formatTime(p(ten, 0.5))), p99 \(formatTime(p(ten, 0.99))); "
                                    + "one layer with the same \(strokes * 10) strokes: p50 \(formatTime(p(one, 0.5))), p99 \(formatTime(p(one, 0.99)))")]
    }
}
