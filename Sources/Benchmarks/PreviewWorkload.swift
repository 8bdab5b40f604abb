import Foundation
import DrawingBoard

/// A dialog's slider moved over a 3840x2160 layer shown whole in a 1920x1080 window
/// (Best Fit): from the new setting to the window's pixels composed, within 50 ms.
enum PreviewWorkload {
    static func run(runs: Int) -> [BenchmarkResult] {
        let window = PaintToolkit.Window(size: ViewportWorkload.windowSize, application: Application(clock: ManualClock()))
        let canvas = CanvasView(frame: window.bounds)
        window.addSubview(canvas)
        window.render()
        canvas.load(Document(items: [], format: ViewportWorkload.documentFormat))
        let layer = canvas.content.drawing.layer
        let photo = AdjustmentWorkload.picture(width: layer.width, height: layer.height)
        layer.copy(photo.bounds, from: photo, toX: 0, y: 0)
        canvas.zoomToFit()
        window.render()
        let settings: [(String, [PixelAdjustment])] = [
            ("Gaussian blur", [10, 20, 30, 40].map { .effect(.gaussianBlur(radius: Double($0))) }),
            ("hue/saturation", [10, 20, 30, 40].map { .hueSaturation(hue: $0, saturation: 120, lightness: 0) }),
            ("curves", [60, 70, 80, 90].map { .curves(ColorCurves(all: [.init(0, 0), .init(128, $0 + 40), .init(255, 255)])) }),
        ]
        return settings.map { name, steps in
            var best = Double.infinity
            for _ in 0..<runs {
                for adjustment in steps {
                    let start = Stopwatch.now()
                    canvas.content.previewAdjustment(adjustment, area: nil, reduction: max(1, Int(1 / canvas.zoom)))
                    window.render()
                    best = min(best, Stopwatch.now() - start)
                }
            }
            canvas.content.previewAdjustment(nil, area: nil)
            return BenchmarkResult(name: "\(name) dialog: slider to preview on screen, 3840x2160 layer at Best Fit in 1920x1080 (≤ 50 ms)",
                                   ours: best, cairo: 0.05, target: .budget)
        }
    }
}
