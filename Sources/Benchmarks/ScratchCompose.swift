import Foundation
import PaintCore
enum ScratchCompose {
    static func run() {
        let window = PaintCore.Window(size: Size(width: 1920, height: 1080), scale: 2, application: Application(clock: ManualClock()))
        let canvas = CanvasView(frame: window.bounds)
        window.addSubview(canvas)
        window.render()
        for strokes in [0, 2000] {
            if strokes > 0 { canvas.load(SyntheticDocument.strokes(count: strokes, size: window.bounds.size)); window.render() }
            var times: [Double] = []
            for _ in 0..<30 {
                canvas.setNeedsDisplay()
                let t = Stopwatch.now(); window.render(); times.append(Stopwatch.now() - t)
            }
            times.sort()
            print(String(format: "scratch compose 3840x2160, %d strokes: min %.2f ms p50 %.2f ms", strokes, times[0]*1000, times[15]*1000))
        }
        exit(0)
    }
}
