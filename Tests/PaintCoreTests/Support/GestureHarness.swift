import PaintCore
@testable import PaintGraphics

/// A window on a fake clock, with helpers to press, move and lift fingers at given times.
final class GestureHarness {
    let clock = ManualClock(now: 100)
    let window: Window
    let view: View

    init(size: Size = Size(width: 400, height: 400)) {
        window = Window(size: size, application: Application(clock: clock))
        view = View(frame: Rect(x: 0, y: 0, width: size.width, height: size.height))
        view.isMultipleTouchEnabled = true
        window.addSubview(view)
    }

    func down(_ id: Int, _ x: Double, _ y: Double) { send(id, .began, x, y) }
    func move(_ id: Int, _ x: Double, _ y: Double) { send(id, .moved, x, y) }
    func up(_ id: Int, _ x: Double, _ y: Double) { send(id, .ended, x, y) }

    func send(_ id: Int, _ phase: Touch.Phase, _ x: Double, _ y: Double) {
        window.send([TouchInput(identifier: id, phase: phase, location: Point(x: x, y: y), timestamp: clock.now)])
    }

    /// Moves the fake clock on and lets timers and animations run.
    func wait(_ seconds: Double) {
        clock.advance(by: seconds)
        window.application.tick()
    }

    /// Several fingers in one event.
    func sendTogether(_ inputs: [(Int, Touch.Phase, Double, Double)]) {
        window.send(inputs.map { TouchInput(identifier: $0.0, phase: $0.1, location: Point(x: $0.2, y: $0.3), timestamp: clock.now) })
    }
}

/// Records a recognizer's states as its action fires.
final class StateLog {
    private(set) var states: [GestureRecognizer.State] = []
    init(_ recognizer: GestureRecognizer) {
        recognizer.addTarget { [unowned self] in self.states.append($0.state) }
    }
}

/// A delegate that lets any two recognizers work together.
final class SimultaneousDelegate: GestureRecognizerDelegate {
    var allowSimultaneous = true
    var shouldBegin = true
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { shouldBegin }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        allowSimultaneous
    }
}

/// A view that logs what reaches it.
final class TouchLogView: View {
    var log: [String] = []
    override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) { log.append("began \(touches.count)") }
    override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) { log.append("moved \(touches.count)") }
    override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) { log.append("ended \(touches.count)") }
    override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) { log.append("cancelled \(touches.count)") }
}
