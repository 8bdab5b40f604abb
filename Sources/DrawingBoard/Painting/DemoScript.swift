import Foundation

/// A short scripted session for newcomers on a headless machine: it picks colours and widths
/// and draws a few strokes through the same touch path a mouse uses, then presses Save.
public enum DemoScript {
    /// Batches of touch input, one batch per frame, in window coordinates.
    public static func steps(for board: DrawingBoardViewController) -> [[TouchInput]] {
        var steps: [[TouchInput]] = []
        var time = 0.0
        func drag(_ points: [Point]) {
            for (index, point) in points.enumerated() {
                let phase: Touch.Phase = index == 0 ? .began : (index == points.count - 1 ? .ended : .moved)
                time += 0.016
                steps.append([TouchInput(identifier: 1, phase: phase, location: point, timestamp: time)])
            }
        }
        func tap(_ view: View) {
            let center = view.convert(Point(x: view.bounds.midX, y: view.bounds.midY), to: nil)
            drag([center, center])
        }
        func setWidth(_ width: Double) {
            let slider = board.widthSlider
            let from = slider.convert(slider.thumbCenter, to: nil)
            let target = slider.convert(slider.thumbCenter(for: width), to: nil)
            drag([from, Point(x: (from.x + target.x) / 2, y: from.y), target])
        }
        let canvas = board.canvas.convert(board.canvas.bounds, to: nil)
        func wave(row: Double, amplitude: Double, phase: Double) -> [Point] {
            stride(from: 0.1, through: 0.9, by: 0.01).map { t in
                Point(x: canvas.minX + canvas.width * t,
                      y: canvas.minY + canvas.height * row + amplitude * sin(t * 4 * .pi + phase))
            }
        }
        tap(board.colorButtons[0])
        setWidth(4)
        drag(wave(row: 0.25, amplitude: 40, phase: 0))
        tap(board.colorButtons[1])
        setWidth(12)
        drag(wave(row: 0.5, amplitude: 50, phase: 1))
        tap(board.colorButtons[2])
        setWidth(24)
        drag(wave(row: 0.75, amplitude: 30, phase: 2))
        tap(board.saveButton)
        return steps
    }
}
