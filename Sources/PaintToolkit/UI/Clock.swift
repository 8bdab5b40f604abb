import Foundation

/// The time source for everything time-based in the toolkit (long presses, double taps,
/// animations), injected so tests advance time instead of sleeping.
public protocol Clock: AnyObject {
    /// Seconds on a monotonic scale.
    var now: Double { get }
}

/// The real monotonic clock.
public final class SystemClock: Clock {
    public init() {}

    public var now: Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// A clock that moves only when told to, for tests.
public final class ManualClock: Clock {
    public var now: Double

    public init(now: Double = 0) { self.now = now }

    public func advance(by seconds: Double) { now += seconds }
}
