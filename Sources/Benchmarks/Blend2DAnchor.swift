import Foundation
import DrawingBoard

/// Blend2D, the bench's second anchor beside cairo: a JIT-compiled SIMD 2D engine,
/// timed through PyPI's blend2d-python on one thread. x11paint-bench writes the geometry it
/// draws to a JSON file and scripts/blend2d-anchor.py draws the same with Blend2D, printing its
/// best time and what the Python loop costs by itself.
enum Blend2DAnchor {
    struct Timing {
        let seconds: Double
        /// The Python loop without the Blend2D calls (part of `seconds`).
        let pythonOverhead: Double
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
        return Timing(seconds: seconds, pythonOverhead: value("overhead") ?? 0)
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
