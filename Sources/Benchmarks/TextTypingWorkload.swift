import Foundation
import DrawingBoard

/// Typing into one long line with the text tool: each key, to the pixels of the
/// window drawn again, must stay within a frame at any line length. Measured through the
/// toolkit as a keyboard drives it: a key event, then the window's render.
enum TextTypingWorkload {
    /// The budget per key: one frame at 60 Hz.
    static let budget = 0.016

    static func run(characters: Int) -> [BenchmarkResult] {
        let window = PaintToolkit.Window(size: Size(width: 1600, height: 1000), application: Application(clock: ManualClock()))
        let board = DrawingBoardViewController(store: DiscardingArtworkStore(), picturesFolder: NSTemporaryDirectory())
        window.rootViewController = board
        window.render()
        board.selectTool(at: DrawingBoardViewController.tools.firstIndex { $0 is TextBrush }!)
        let start = board.canvas.convert(Point(x: 40, y: 200), to: nil)
        window.send([TouchInput(identifier: 1, phase: .began, location: start, timestamp: 0)])
        window.send([TouchInput(identifier: 1, phase: .ended, location: start, timestamp: 0)])
        window.render()
        let sample = "The quick brown fox jumps over the lazy dog; 敏捷的棕色狐狸. "
        let letters = Array(sample)
        var times: [Double] = []
        for i in 0..<characters {
            let letter = String(letters[i % letters.count])
            let t = Stopwatch.now()
            window.send(KeyEvent(.character(letters[i % letters.count]), text: letter))
            window.render()
            times.append(Stopwatch.now() - t)
        }
        // The last hundred keys: the line at its longest.
        let last = times.suffix(100).sorted()
        let median = last[last.count / 2], worst = last[last.count - 1]
        var result = BenchmarkResult(name: "typing at \(characters) characters on one line, a key to the window's pixels (median of the last 100)",
                                     ours: median, cairo: budget, target: .budget)
        result.note = "slowest of the last 100: \(formatTime(worst)); the first key: \(formatTime(times[0]))"
        return [result]
    }
}
