import Foundation

/// One line of the benchmark table.
struct BenchmarkResult {
    enum Target {
        /// X11Paint must be at least this many times faster than cairo.
        case speedup(Double)
        /// X11Paint may take at most this many times cairo's time.
        case withinFactor(Double)
        /// No cairo counterpart: X11Paint's value must stay under a budget (in `cairo`'s slot).
        case budget
        case none
    }

    let name: String
    let ours: Double
    let cairo: Double
    let target: Target
    var note = ""
    /// What the comparison is against, as printed.
    var anchor = "cairo"
    /// How values print (time by default; megabytes for memory).
    var unit: (Double) -> String = formatTime
    /// Blend2D's time for the same work, and the target against it (the second anchor).
    var blend2d: (time: Double, target: Target, note: String)?
    /// Blend2D's time over ours pair by pair, when the two were taken in turns: the target is
    /// judged on their median.
    var blend2dPairs: Blend2DAnchor.Pairs?

    /// How many times Blend2D's time ours is: the pairs' median when there are pairs.
    var blend2dSpeedup: Double? {
        guard let blend2d else { return nil }
        return blend2dPairs?.median ?? blend2d.time / ours
    }

    /// Whether the target against Blend2D is met (true without one).
    var passesBlend2D: Bool {
        guard let blend2d, let speedup = blend2dSpeedup else { return true }
        switch blend2d.target {
        case .speedup(let k): return speedup >= k
        case .withinFactor(let k): return speedup >= 1 / k
        case .budget, .none: return true
        }
    }

    /// How many times faster X11Paint is (above 1 is faster).
    var speedup: Double { cairo / ours }

    var passes: Bool { passesAnchor && passesBlend2D }

    /// Whether the target against the first anchor (cairo, or the named one) is met.
    var passesAnchor: Bool {
        switch target {
        case .speedup(let k): return speedup >= k
        case .withinFactor(let k): return ours <= cairo * k
        case .budget: return ours <= cairo
        case .none: return true
        }
    }

    var targetText: String {
        switch target {
        case .speedup(let k): return ">= \(format(k))x faster"
        case .withinFactor(let k): return "<= \(format(k))x \(anchor)'s time"
        case .budget: return "<= \(unit(cairo))"
        case .none: return "(information)"
        }
    }
}

func format(_ x: Double, digits: Int = 2) -> String { String(format: "%.\(digits)f", x) }

func formatTime(_ seconds: Double) -> String {
    if seconds < 1e-5 { return format(seconds * 1e6, digits: 2) + " µs" }
    if seconds < 1e-3 { return format(seconds * 1e6, digits: 1) + " µs" }
    return format(seconds * 1e3, digits: 2) + " ms"
}
