import Foundation
import DrawingBoard

/// A motion event on a view turned 37° against the same on an upright view: the same stroke in
/// document pixels through the toolkit, rendering after each event, on a 1920x1080 window at
/// 100% over a drawing of 200 strokes. Turned, each frame resamples the dirty screen pixels
/// from the composed copy (kept up to date region by region) instead of copying them.
enum TurnedViewWorkload {
    static func run(runs: Int) -> [BenchmarkResult] {
        let upright = HistoryWorkload.Board(strokes: 200), turned = HistoryWorkload.Board(strokes: 200)
        // Turned as a touchpad turns it, about the view's middle (past the turn's dead zone).
        let middle = Point(x: turned.canvas.bounds.midX, y: turned.canvas.bounds.midY)
        let degrees = 37 + PinchZoom.turnDeadZone
        turned.window.send(TransformEvent(phase: .began, location: middle, timestamp: 0))
        turned.window.send(TransformEvent(phase: .changed, location: middle, rotation: degrees * .pi / 180, timestamp: 0.01))
        turned.window.send(TransformEvent(phase: .ended, location: middle, timestamp: 0.02))
        turned.window.render()
        guard abs(turned.canvas.viewport.rotation - 37) < 1e-6 else {
            print("turned-view: the view turned to \(turned.canvas.viewport.rotation)°, not 37°")
            return []
        }
        // A scribble about the middle, where both views show it.
        var generator = Scribble(seed: 37)
        let size = HistoryWorkload.size
        let inDocument = generator.points(count: 2000, step: 3, width: 900, height: 500)
            .map { Point(x: $0.x + (size.width - 900) / 2, y: $0.y + (size.height - 500) / 2) }
        func points(on board: HistoryWorkload.Board) -> [Point] {
            inDocument.map { board.canvas.convert(board.canvas.viewport.viewPoint($0), to: nil) }
        }
        let uprightPoints = points(on: upright), turnedPoints = points(on: turned)
        var uprightBest = Double.infinity, turnedBest = Double.infinity
        for _ in 0..<runs {
            var t = Stopwatch.now()
            HistoryWorkload.drawStroke(on: upright, points: uprightPoints)
            uprightBest = min(uprightBest, Stopwatch.now() - t)
            upright.canvas.undo()
            upright.window.render()
            t = Stopwatch.now()
            HistoryWorkload.drawStroke(on: turned, points: turnedPoints)
            turnedBest = min(turnedBest, Stopwatch.now() - t)
            turned.canvas.undo()
            turned.window.render()
        }
        let perEvent = (upright: uprightBest / Double(inDocument.count), turned: turnedBest / Double(inDocument.count))
        var result = BenchmarkResult(name: "a motion event on a view turned 37° (1920x1080 at 100%, 200 strokes drawn), at most 1.2x the upright view's",
                                     ours: perEvent.turned, cairo: perEvent.upright, target: .withinFactor(1.2))
        result.anchor = "the upright view"
        result.note = "\(format(perEvent.turned / perEvent.upright))x; the same 2,000 events in document pixels, rendered after each"
        return [result]
    }
}
