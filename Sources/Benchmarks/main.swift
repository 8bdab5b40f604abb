import Foundation
import DrawingBoard
import PaintGraphicsHaswell

// x11paint-bench [--quick] [--showcase FILE.png]
// Renders each workload with X11Paint and with cairo's image surface in one run and prints
// the times and ratios. Build it optimised: `make bench`.

// As the app does: the renderer's hottest loops compiled for this processor when it can run them.
HaswellKernels.installIfSupported(environment: ProcessInfo.processInfo.environment)
let arguments = CommandLine.arguments
if let index = arguments.firstIndex(of: "--showcase"), index + 1 < arguments.count {
    do {
        try Showcase.write(to: arguments[index + 1])
        print("wrote \(arguments[index + 1])")
        exit(0)
    } catch {
        print("showcase failed: \(error)")
        exit(1)
    }
}
if let index = arguments.firstIndex(of: "--write-photo"), index + 1 < arguments.count {
    SyntheticPhoto.write(to: arguments[index + 1])
}
if arguments.contains("--probe-layers") { LayerMemoryWorkload.probe() }
if arguments.contains("--probe-tabs") { TabsMemoryWorkload.probe() }
if let index = arguments.firstIndex(of: "--probe-open"), index + 1 < arguments.count {
    HugePictureWorkload.probe(path: arguments[index + 1])
}
let quick = arguments.contains("--quick")
let runs = quick ? 1 : 5
let segments = quick ? 2000 : 20000

var results: [BenchmarkResult] = []
func record(_ result: BenchmarkResult) {
    results.append(result)
    let verdict = result.passesAnchor ? "ok" : "MISSED"
    let comparison: String
    if case .budget = result.target {
        comparison = "X11Paint \(result.unit(result.ours)); target \(result.targetText): \(verdict)"
    } else {
        comparison = "X11Paint \(result.unit(result.ours)), \(result.anchor) \(result.unit(result.cairo)), "
            + "X11Paint is \(format(result.speedup))x \(result.anchor)'s speed; target \(result.targetText): \(verdict)"
    }
    var blend2d = ""
    if let second = result.blend2d {
        let target: String
        switch second.target {
        case .speedup(let k): target = "target >= \(format(k))x Blend2D's speed: \(result.passesBlend2D ? "ok" : "MISSED")"
        case .withinFactor(let k): target = "target <= \(format(k))x Blend2D's time: \(result.passesBlend2D ? "ok" : "MISSED")"
        case .budget, .none: target = "(information)"
        }
        let pairs = result.blend2dPairs.map { " (\($0.summary))" } ?? ""
        blend2d = "\n    Blend2D \(result.unit(second.time)), X11Paint is \(format(result.blend2dSpeedup ?? 0))x Blend2D's speed\(pairs); \(target)"
            + (second.note.isEmpty ? "" : " (\(second.note))")
    }
    print("\(result.name)\n    \(comparison)" + blend2d + (result.note.isEmpty ? "" : "\n    \(result.note)"))
}

let only: String? = arguments.firstIndex(of: "--only").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
let workloads: [(String, () -> [BenchmarkResult])] = [
    ("freehand", { FreehandWorkloads.incremental(segments: segments, runs: runs) }),
    ("pressure", { PressureWorkload.run(segments: segments, runs: runs) }),
    ("replay", { FreehandWorkloads.replay(segments: segments, runs: runs) }),
    ("eraser", { [FreehandWorkloads.eraser(segments: segments, runs: runs)] }),
    ("polygons", { ShapeWorkloads.polygons(count: 1000, box: 256, runs: runs) }),
    ("big-polygons", { ShapeWorkloads.polygons(count: quick ? 100 : 1000, box: nil, runs: runs) }),
    ("photo", { ShapeWorkloads.photo(runs: runs) }),
    ("photo-4k", { PhotoAt4KWorkload.run(runs: quick ? 1 : 3) }),
    ("fill", { FillWorkload.run(runs: quick ? 1 : 3) }),
    ("layers", { LayerStackWorkload.run(runs: quick ? 1 : 3) }),
    ("layered-drawing", { LayeredDrawingWorkload.run(quick: quick) }),
    ("layer-memory", { LayerMemoryWorkload.run() }),
    ("tabs-memory", { TabsMemoryWorkload.run() }),
    ("png", { PNGWorkload.run(runs: runs) }),
    ("history", { HistoryWorkload.run(runs: runs) }),
    ("operation-log", { OperationLogWorkload.run(runs: runs) }),
    ("huge-pictures", { HugePictureWorkload.run() }),
    ("viewport", { ViewportWorkload.run(quick: quick) }),
    ("typing", { TextTypingWorkload.run(characters: quick ? 1000 : 4000) }),
    ("adjustments", { AdjustmentWorkload.run(runs: quick ? 1 : 5) }),
    ("adjustment-preview", { PreviewWorkload.run(runs: quick ? 1 : 5) }),
    ("gradient", { GradientWorkload.run(runs: quick ? 2 : 7) }),
    ("magic-wand", { MagicWandWorkload.run(runs: quick ? 1 : 5) }),
    ("webp", { WebPWorkload.run(runs: quick ? 1 : 3) }),
    ("phone-pictures", { PhonePictureWorkload.run(runs: quick ? 1 : 3) }),
    ("turned-view", { TurnedViewWorkload.run(runs: quick ? 1 : 5) }),
    ("transform", { TransformWorkload.run(runs: quick ? 1 : 3) }),
    ("mypaint-surface", { MyPaintSurfaceWorkload.run(events: quick ? 2000 : 20000, runs: quick ? 1 : 3) }),
    ("colour-profiles", { ColorProfileWorkload.run(runs: quick ? 1 : 3) }),
]

print("X11Paint renderer benchmark (best of \(runs) runs each)\n")
var pngSizeMet = true
for (name, workload) in workloads where only == nil || only == name {
    let produced = workload()
    produced.forEach(record)
    if name == "png" { pngSizeMet = PNGWorkload.sizeWithinTarget(produced) }
}

let met = results.filter(\.passes).count
let missed = results.count - met + (pngSizeMet ? 0 : 1)
print("\n\(met) targets met, \(missed) missed")
