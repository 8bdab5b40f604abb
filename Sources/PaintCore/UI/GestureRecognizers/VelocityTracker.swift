/// Rate of change of a value over the last tenth of a second of samples.
struct VelocityTracker<Value> {
    private var samples: [(time: Double, value: Value)] = []
    private let window = 0.1

    mutating func add(_ value: Value, at time: Double) {
        samples.append((time, value))
        // Keep the last tenth of a second, but never fewer than two samples.
        while samples.count > 2 && time - samples[0].time > window { samples.removeFirst() }
    }

    mutating func removeAll() { samples.removeAll() }

    /// (newest - oldest) / elapsed, or zero without two samples.
    func velocity(_ difference: (Value, Value) -> Double) -> Double {
        guard let first = samples.first, let last = samples.last, last.time > first.time else { return 0 }
        return difference(last.value, first.value) / (last.time - first.time)
    }
}

extension GestureRecognizer {
    /// Touches of the gesture still down.
    var liveTouches: [Touch] { trackedTouches.filter { $0.phase != .ended && $0.phase != .cancelled } }

    /// The centroid of the live touches in window coordinates.
    var liveCentroid: Point? {
        let touches = liveTouches
        guard !touches.isEmpty else { return nil }
        let sum = touches.reduce(Point.zero) { $0 + $1.locationInWindow }
        return sum * (1 / Double(touches.count))
    }

    var now: Double { clock?.now ?? 0 }
}
