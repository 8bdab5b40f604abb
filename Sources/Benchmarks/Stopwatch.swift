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

    /// The best time of each of two workloads, their runs taken in turns: a ratio between them
    /// then compares runs made in the same state of the machine (a shared VM's speed drifts
    /// between one workload's runs and the next's). Each closure times one run.
    static func bestInTurns(runs: Int, _ first: () -> Double, _ second: () -> Double) -> (Double, Double) {
        var best = (Double.infinity, Double.infinity)
        for _ in 0..<runs {
            best.0 = min(best.0, first())
            best.1 = min(best.1, second())
        }
        return best
    }
}
