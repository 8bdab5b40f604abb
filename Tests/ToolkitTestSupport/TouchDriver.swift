import PaintToolkit

/// Feeds hand-built touches through a window, as a mouse or finger would.
package struct TouchDriver {
    package let window: Window
    package var time = 0.0
    package var identifier = 1

    package init(window: Window) { self.window = window }

    package mutating func drag(_ points: [Point]) {
        for (index, point) in points.enumerated() {
            let phase: Touch.Phase = index == 0 ? .began : (index == points.count - 1 ? .ended : .moved)
            time += 0.01
            window.send([TouchInput(identifier: identifier, phase: phase, location: point, timestamp: time)])
        }
    }

    package mutating func tap(_ point: Point) { drag([point, point]) }

    package mutating func tap(_ view: View) {
        tap(view.convert(Point(x: view.bounds.midX, y: view.bounds.midY), to: nil))
    }

    /// Points every `step` pixels along a straight line, both ends included.
    package static func line(from a: Point, to b: Point, step: Double = 3) -> [Point] {
        let count = max(1, Int((a.distance(to: b) / step).rounded(.up)))
        return (0...count).map { i in
            let t = Double(i) / Double(count)
            return Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
        }
    }
}
