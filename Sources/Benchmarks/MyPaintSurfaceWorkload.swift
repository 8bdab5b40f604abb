import CMyPaint
import Foundation
import PaintDocument
import PaintGraphics

/// libmypaint's dabs onto a layer through our surface against libmypaint's own reference surface
/// (`mypaint_fixed_tiled_surface`): the same brush, the same 20,000-event stroke, both through
/// libmypaint's first interface, each batch of dabs drawn (and ours written back into the
/// layer's words) as the app does per motion event. libmypaint spreads a batch's tiles over
/// OpenMP threads on the reference surface; the judged pair runs both on one thread, and the
/// reference on every core is printed beside it.
enum MyPaintSurfaceWorkload {
    static let brushes: [(name: String, target: Double)] = [
        ("classic/pencil", 2), ("deevad/2B_pencil", 2), ("classic/charcoal", 1), ("deevad/airbrush", 1), ("classic/bulk", 1),
    ]

    static func run(events count: Int, runs: Int) -> [BenchmarkResult] {
        let set = MyPaintBrushSet.installed()
        guard BrushStrokeDrawing.isAvailable, set.folder != nil else {
            print("mypaint-surface: libmypaint or MyPaint's brush set is not installed; skipped")
            return []
        }
        let width = 1920, height = 1080
        var scribble = Scribble(seed: 71)
        let points = scribble.points(count: count - 1, step: 3, width: Double(width), height: Double(height))
        let events = points.enumerated().map { i, p in
            (x: Float(p.x), y: Float(p.y), pressure: Float(0.35 + 0.4 * sin(Double(i) * 0.01).magnitude),
             seconds: i == 0 ? BrushEvent.strokeStartSeconds : 1.0 / 200)
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        var results: [BenchmarkResult] = []
        // MYPAINT_BRUSH=SET/NAME: that brush alone (to profile it).
        for (name, target) in brushes where ProcessInfo.processInfo.environment["MYPAINT_BRUSH"].map({ $0 == name }) ?? true {
            guard let brush = set.brush(named: name), let settings = try? set.settings(of: brush) else {
                print("mypaint-surface: \(name) is not in the installed set; skipped")
                continue
            }
            brush_engine_set_threads(1)
            let ours = best(runs) { timeOurs(settings, events, width, height, ownDabs: true) }
            let oursWithLibmypaintsDabs = best(runs) { timeOurs(settings, events, width, height, ownDabs: false) }
            let engineAlone = best(runs) { timeOurs(settings, events, width, height, ownDabs: true, drawing: false) }
            let theirs = best(runs) { timeReference(settings, events, width, height) }
            brush_engine_set_threads(Int32(cores))
            let theirsThreaded = best(runs) { timeReference(settings, events, width, height) }
            var result = BenchmarkResult(name: "MyPaint brush \(name), \(count) events on a 1920x1080 layer (one thread each)",
                                         ours: ours, cairo: theirs, target: .speedup(target))
            result.anchor = "libmypaint's reference surface"
            result.note = "the reference surface on \(cores) OpenMP threads: \(formatTime(theirsThreaded)) (X11Paint on one is \(format(theirsThreaded / ours))x its speed); "
                + "our surface with libmypaint's own dab drawing instead of ours: \(formatTime(oursWithLibmypaintsDabs)); "
                + "libmypaint's brush engine alone, every dab worked out and none drawn: \(formatTime(engineAlone)) "
                + "(\(format(theirs / engineAlone))x the reference's speed, the most any surface could reach)"
            results.append(result)
        }
        return results
    }

    private static func best(_ runs: Int, _ body: () -> Double) -> Double {
        (0..<runs).map { _ in body() }.min() ?? 0
    }

    private static func timeOurs(_ settings: String, _ events: [(x: Float, y: Float, pressure: Float, seconds: Double)], _ width: Int, _ height: Int,
                                 ownDabs: Bool, drawing: Bool = true) -> Double {
        let layer = Bitmap(width: width, height: height, fill: 0xFFFF_FFFF)
        guard let brush = settings.withCString({ brush_engine_brush_new($0) }),
              let surface = brush_engine_surface_new(layer.pixels, Int32(width), Int32(height), Int32(width)) else { return .nan }
        defer { brush_engine_surface_free(surface); brush_engine_brush_free(brush) }
        brush_engine_surface_use_own_dabs(surface, ownDabs ? 1 : 0)
        if !drawing { brush_engine_surface_draw_nothing(surface) }
        let start = Stopwatch.now()
        var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
        for event in events {
            brush_engine_surface_begin(surface)
            brush_engine_stroke_to_first_interface(brush, surface, event.x, event.y, event.pressure, 0, 0, event.seconds)
            brush_engine_surface_end(surface, &x, &y, &w, &h)
        }
        return Stopwatch.now() - start
    }

    private static func timeReference(_ settings: String, _ events: [(x: Float, y: Float, pressure: Float, seconds: Double)], _ width: Int, _ height: Int) -> Double {
        guard let brush = settings.withCString({ brush_engine_brush_new($0) }),
              let reference = brush_engine_reference_new(Int32(width), Int32(height)) else { return .nan }
        defer { brush_engine_reference_free(reference); brush_engine_brush_free(brush) }
        let start = Stopwatch.now()
        for event in events {
            brush_engine_reference_begin(reference)
            brush_engine_reference_stroke_to(brush, reference, event.x, event.y, event.pressure, 0, 0, event.seconds)
            brush_engine_reference_end(reference)
        }
        return Stopwatch.now() - start
    }
}
