/// Rate of change of a value over the last tenth of a second, timed by the events' own
/// timestamps (a burst of queued events keeps its real spacing). Time that passes without a
/// new value counts: a finger that rests before lifting has a velocity of about zero, as in
/// UIKit, so a drag, a pause and a release does not fling.
package struct VelocityTracker<Value> {
    private var samples: [(time: Double, value: Value)] = []
    /// The newest event time seen, with or without a new value.
    private var latestTime: Double?
    private let window = 0.1

    package mutating func add(_ value: Value, at time: Double) {
        samples.append((time, value))
        advance(to: time)
    }

    /// An event came at `time` with the value unchanged (a finger resting, or lifting where it was).
    package mutating func advance(to time: Double) {
        latestTime = max(latestTime ?? time, time)
        // Keep the last sample at or before the window's start as the baseline.
        while samples.count > 1, let now = latestTime, now - samples[1].time >= window { samples.removeFirst() }
    }

    package mutating func removeAll() {
        samples.removeAll()
        latestTime = nil
    }

    /// (newest - baseline) / (now - baseline time), or zero without movement in the window.
    package func velocity(_ difference: (Value, Value) -> Double) -> Double {
        guard let first = samples.first, let last = samples.last, let now = latestTime, now > first.time else { return 0 }
        return difference(last.value, first.value) / (now - first.time)
    }
}
