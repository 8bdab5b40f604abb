import CCairo
import Foundation
import DrawingBoard

/// The gradient tool's fill of a whole 4K layer, a radial gradient of four opaque
/// stops, beside cairo's `cairo_pattern_create_radial` painted (PAD extend) on the same size of
/// ARGB32 surface, runs taken in turns. Ours is dithered, cairo's is not.
enum GradientWorkload {
    private static func timed(_ body: () -> Void) -> Double {
        let start = Stopwatch.now()
        body()
        return Stopwatch.now() - start
    }

    static let width = 3840, height = 2160
    static let stops: [(Double, Color)] = [(0, Color(r: 250, g: 240, b: 200)), (0.35, Color(r: 230, g: 120, b: 40)),
                                           (0.7, Color(r: 120, g: 30, b: 90)), (1, Color(r: 20, g: 20, b: 60))]

    static func run(runs: Int) -> [BenchmarkResult] {
        let center = Point(x: Double(width) * 0.4, y: Double(height) * 0.45), radius = 1800.0
        let gradient = Gradient(shape: .radial, from: center, to: Point(x: center.x + radius, y: center.y),
                                stops: stops.map { Gradient.Stop($0.0, $0.1) })
        let ours = Bitmap(width: width, height: height, fill: 0xFFFF_FFFF)
        let cairo = CairoCanvas(width: width, height: height)
        let pattern = cairo_pattern_create_radial(center.x, center.y, 0, center.x, center.y, radius)!
        for (offset, color) in stops { cairo_pattern_add_color_stop_rgba(pattern, offset, color.red, color.green, color.blue, color.alpha) }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        defer { cairo_pattern_destroy(pattern) }
        let paintCairo = {
            timed {
                cairo_set_source(cairo.cr, pattern)
                cairo_paint(cairo.cr)
                cairo_surface_flush(cairo.surface)
            }
        }
        let (oneCore, cairoBeside) = onOneCore {
            Stopwatch.bestInTurns(runs: runs, { timed { GradientRenderer.paint(gradient, on: ours, in: ours.bounds) } }, paintCairo)
        }
        let (oursTime, cairoTime) = Stopwatch.bestInTurns(runs: runs, {
            timed { GradientRenderer.paint(gradient, on: ours, in: ours.bounds) }
        }, {
            timed {
                cairo_set_source(cairo.cr, pattern)
                cairo_paint(cairo.cr)
                cairo_surface_flush(cairo.surface)
            }
        })
        // The two agree but for the dither: the mean difference of a channel, in levels.
        let rowPixels = Int(cairo_image_surface_get_stride(cairo.surface)) / 4
        let theirs = UnsafeMutableRawPointer(cairo_image_surface_get_data(cairo.surface)!).assumingMemoryBound(to: UInt32.self)
        var difference = 0, samples = 0
        for y in stride(from: 0, to: height, by: 7) {
            for x in stride(from: 0, to: width, by: 7) {
                let a = ours[x, y], b = theirs[y * rowPixels + x]
                for shift in [0, 8, 16] { difference += abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF)) }
                samples += 3
            }
        }
        let note = "our mean difference from cairo's pixels \(format(Double(difference) / Double(samples))) levels (the dither's ±0.5 and cairo's own rounding)"
        return [BenchmarkResult(name: "Radial gradient, four stops, 3840x2160, both on one thread (at least 2x cairo_pattern_create_radial)",
                                ours: oneCore, cairo: min(cairoTime, cairoBeside), target: .speedup(2), note: note),
                BenchmarkResult(name: "Radial gradient, four stops, 3840x2160, ours on \(RowBands.cores) cores (cairo's image backend has one thread)",
                                ours: oursTime, cairo: min(cairoTime, cairoBeside), target: .none),
                BenchmarkResult(name: "Radial gradient, four stops, 3840x2160 (within 15 ms)",
                                ours: oursTime, cairo: 0.015, target: .budget, anchor: "budget")]
    }
}
