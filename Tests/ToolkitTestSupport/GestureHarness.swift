import PaintToolkit

/// A window on a fake clock, with helpers to press, move and lift fingers at given times.
package final class GestureHarness {
    package let clock = ManualClock(now: 100)
    package let window: Window
    package let view: View

    package init(size: Size = Size(width: 400, height: 400)) {
        window = Window(size: size, application: Application(clock: clock))
        view = View(frame: Rect(x: 0, y: 0, width: size.width, height: size.height))
        view.isMultipleTouchEnabled = true
        window.addSubview(view)
    }

    package func down(_ id: Int, _ x: Double, _ y: Double) { send(id, .began, x, y) }
    package func move(_ id: Int, _ x: Double, _ y: Double) { send(id, .moved, x, y) }
    package func up(_ id: Int, _ x: Double, _ y: Double) { send(id, .ended, x, y) }

    package func send(_ id: Int, _ phase: Touch.Phase, _ x: Double, _ y: Double) {
        window.send([TouchInput(identifier: id, phase: phase, location: Point(x: x, y: y), timestamp: clock.now)])
    }

    /// Moves the fake clock on and lets timers and animations run.
    package func wait(_ seconds: Double) {
        clock.advance(by: seconds)
        window.application.tick()
    }

    /// Several fingers in one event.
    package func sendTogether(_ inputs: [(Int, Touch.Phase, Double, Double)]) {
        window.send(inputs.map { TouchInput(identifier: $0.0, phase: $0.1, location: Point(x: $0.2, y: $0.3), timestamp: clock.now) })
    }
}

/// Records a recognizer's states as its action fires.
package final class StateLog {
    package private(set) var states: [GestureRecognizer.State] = []
    package init(_ recognizer: GestureRecognizer) {
        recognizer.addTarget { [unowned self] in self.states.append($0.state) }
    }
}

/// A delegate that lets any two recognizers work together.
package final class SimultaneousDelegate: GestureRecognizerDelegate {
    package init() {}
    package var allowSimultaneous = true
    package var shouldBegin = true
    package func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { shouldBegin }
    package func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        allowSimultaneous
    }
}

/// A view that logs what reaches it.
package final class TouchLogView: View {
    package var log: [String] = []
    package override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) { log.append("began \(touches.count)") }
    package override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) { log.append("moved \(touches.count)") }
    package override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) { log.append("ended \(touches.count)") }
    package override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) { log.append("cancelled \(touches.count)") }
}
