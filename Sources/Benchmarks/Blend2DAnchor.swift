import Foundation
import DrawingBoard

/// Blend2D, the bench's second anchor beside cairo: a JIT-compiled SIMD 2D engine,
/// timed through PyPI's blend2d-python on one thread (its context takes no thread count there:
/// rows pair it with ours on one core). x11paint-bench writes the geometry it
/// draws to a JSON file and scripts/blend2d-anchor.py draws the same with Blend2D, printing its
/// best time and what the Python loop costs by itself.
enum Blend2DAnchor {
    struct Timing {
        let seconds: Double
        /// The Python loop without the Blend2D calls (part of `seconds`).
        let pythonOverhead: Double
        /// The loop making the same binding call with nothing to draw (freehand only): what
        /// the binding costs per call, beside Blend2D's own work.
        let emptyCalls: Double?
    }

    /// Ours and Blend2D timed in turns (ours, Blend2D, ours, Blend2D, …), `pairs` times: the
    /// ratio of each pair compares runs made in the same state of the machine, and their median
    /// and spread say whether a target holds from run to run, not on one lucky run.
    struct Pairs {
        /// Blend2D's best time in all the pairs.
        let best: Timing
        /// Blend2D's time over ours, pair by pair (net of the binding's calls where measured).
        let ratios: [Double]
        var median: Double { ratios.sorted()[ratios.count / 2] }
        var low: Double { ratios.min() ?? 0 }
        var high: Double { ratios.max() ?? 0 }
        var summary: String { "median of \(ratios.count) pairs taken in turns, \(format(low))x-\(format(high))x" }
    }

    /// `ours` times one best-of-`runs` of our side; Blend2D draws `geometry` as many times in
    /// each pair. nil when Blend2D cannot run.
    static func inTurns(_ workload: String, geometry: [String: Any], runs: Int, pairs: Int = 7, netOfCalls: Bool = false,
                        ours: () -> Double) -> (ours: Double, blend2d: Pairs)? {
        var ratios: [Double] = [], bestOurs = Double.infinity
        var best: Timing?
        for _ in 0..<pairs {
            let mine = ours()
            guard let theirs = time(workload, geometry: geometry, runs: runs) else { return nil }
            bestOurs = min(bestOurs, mine)
            if best.map({ theirs.seconds < $0.seconds }) ?? true { best = theirs }
            let work = netOfCalls ? theirs.seconds - (theirs.emptyCalls ?? 0) : theirs.seconds
            ratios.append(work / mine)
        }
        return best.map { (bestOurs, Pairs(best: $0, ratios: ratios)) }
    }

    /// scripts/blend2d-anchor.py beside this source file's package.
    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/blend2d-anchor.py").path

    /// Blend2D's best of `runs` drawing `geometry` as `workload` ("polygons", "freehand"); nil
    /// (said once) when Python or blend2d-python is missing.
    static func time(_ workload: String, geometry: [String: Any], runs: Int) -> Timing? {
        let file = "/tmp/x11paint-bench-blend2d-\(workload).json"
        guard let json = try? JSONSerialization.data(withJSONObject: geometry),
              FileManager.default.createFile(atPath: file, contents: json) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, workload, file, "\(runs)"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        guard (try? process.run()) != nil else { return unavailable() }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        func value(_ key: String) -> Double? {
            output.split(separator: "\n").first { $0.hasPrefix(key + ": ") }.flatMap { Double($0.dropFirst(key.count + 2)) }
        }
        guard process.terminationStatus == 0, let seconds = value("seconds") else { return unavailable(output) }
        return Timing(seconds: seconds, pythonOverhead: value("overhead") ?? 0, emptyCalls: value("calls"))
    }

    private nonisolated(unsafe) static var saidUnavailable = false

    private static func unavailable(_ output: String = "") -> Timing? {
        if !saidUnavailable {
            print("    (Blend2D did not run: `python3 -m pip install blend2d-python`, as make bench's setup does)"
                  + (output.isEmpty ? "" : "\n    " + output.split(separator: "\n").suffix(2).joined(separator: "\n    ")))
            saidUnavailable = true
        }
        return nil
    }

    /// The geometry of filled polygons: points and straight colours (0-1).
    static func polygonGeometry(_ shapes: [([Point], Color)], width: Int, height: Int) -> [String: Any] {
        ["width": width, "height": height,
         "shapes": shapes.map { points, color in
             ["points": points.map { [$0.x, $0.y] }, "color": [color.red, color.green, color.blue, color.alpha]] as [String: Any]
         }]
    }

    /// The geometry of a freehand line drawn one segment per call.
    static func freehandGeometry(_ points: [Point], strokeWidth: Double, color: Color, width: Int, height: Int) -> [String: Any] {
        ["width": width, "height": height, "points": points.map { [$0.x, $0.y] }, "strokeWidth": strokeWidth,
         "color": [color.red, color.green, color.blue, color.alpha]]
    }
}
