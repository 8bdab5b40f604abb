import Foundation

/// Monotonic wall-clock timing.
enum Stopwatch {
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// The fastest of `runs` timings of `body` (each run gets fresh state from `setup`). The
    /// minimum is the timing least disturbed by other work on a shared machine.
    static func best<State>(runs: Int, setup: () -> State, _ body: (State) -> Void) -> Double {
        var times: [Double] = []
        for _ in 0..<runs {
            let state = setup()
            let start = now()
            body(state)
            times.append(now() - start)
        }
        return times.min() ?? 0
    }
}
