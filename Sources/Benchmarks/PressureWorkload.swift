import CCairo
import Foundation
import DrawingBoard

/// A pen's pressure scribble, its width varying from 2 to 12 along 20,000 segments,
/// drawn as the canvas draws it (each segment's coverage, then its dirty rectangle composed),
/// beside the same scribble at a constant width 6 and beside cairo filling each segment's
/// outline (the two end discs and the flank between them).
enum PressureWorkload {
    static func widths(_ count: Int) -> [Double] {
        (0..<count).map { (i: Int) -> Double in
            let t = Double(i)
            let swing: Double = sin(t * 0.013) * cos(t * 0.0021)
            return 7 + 5 * swing
        }
    }

    static func run(segments: Int, runs: Int) -> [BenchmarkResult] {
        let points = FreehandWorkloads.scribble(segments)
        let widths = widths(points.count)
        let color = Color(r: 30, g: 100, b: 230)
        let (pressure, constant) = Stopwatch.bestInTurns(runs: runs, {
            Stopwatch.best(runs: 1, setup: FreehandWorkloads.freshLayer) { state in
                let (drawing, target) = state
                let stroke = Stroke(points: [points[0]], color: color, width: 12, blendMode: .sourceOver, widths: [widths[0]])
                drawing.compose(drawing.begin(stroke), into: target, atX: 0, y: 0)
                for i in 1..<points.count { drawing.compose(drawing.extend(to: points[i], width: widths[i]), into: target, atX: 0, y: 0) }
                _ = drawing.commit()
            }
        }, {
            Stopwatch.best(runs: 1, setup: FreehandWorkloads.freshLayer) {
                FreehandWorkloads.renderIncrementally($0, points, brush: PencilBrush(), width: 6)
            }
        })
        let cairo = Stopwatch.best(runs: runs, setup: { CairoCanvas(width: FreehandWorkloads.width, height: FreehandWorkloads.height) }) { canvas in
            let cr = canvas.cr
            canvas.setColor(color)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            for i in 1..<points.count { addRoundCone(cr, points[i - 1], widths[i - 1] / 2, points[i], widths[i] / 2); cairo_fill(cr) }
        }
        let perSegment = { (t: Double) in formatTime(t / Double(segments)) }
        return [
            BenchmarkResult(name: "pressure scribble, \(segments) segments, width 2-12, against constant width 6 (within 1.5x)",
                            ours: pressure, cairo: constant, target: .withinFactor(1.5),
                            note: "per segment: pressure \(perSegment(pressure)), constant width \(perSegment(constant)) (in the 'cairo' column)"),
            BenchmarkResult(name: "pressure scribble against cairo filling the same outline (at least 4x faster)",
                            ours: pressure, cairo: cairo, target: .speedup(4),
                            note: "per segment: X11Paint \(perSegment(pressure)), cairo \(perSegment(cairo))"),
        ]
    }

    /// One segment's outline for cairo: both end discs and the quadrilateral between their tangents.
    static func addRoundCone(_ cr: OpaquePointer, _ a: Point, _ ra: Double, _ b: Point, _ rb: Double) {
        cairo_new_sub_path(cr)
        cairo_arc(cr, a.x, a.y, ra, 0, 2 * .pi)
        cairo_new_sub_path(cr)
        cairo_arc(cr, b.x, b.y, rb, 0, 2 * .pi)
        let dx = b.x - a.x, dy = b.y - a.y, length = hypot(dx, dy)
        guard length > abs(ra - rb) else { return }
        let slope = (ra - rb) / length, ux = dx / length, uy = dy / length, cosine = (1 - slope * slope).squareRoot()
        let n1 = (x: cosine * -uy + slope * ux, y: cosine * ux + slope * uy), n2 = (x: cosine * uy + slope * ux, y: -cosine * ux + slope * uy)
        var quad = [Point(x: a.x + ra * n1.x, y: a.y + ra * n1.y), Point(x: b.x + rb * n1.x, y: b.y + rb * n1.y),
                    Point(x: b.x + rb * n2.x, y: b.y + rb * n2.y), Point(x: a.x + ra * n2.x, y: a.y + ra * n2.y)]
        // The arcs turn clockwise on screen (y down): the quadrilateral too, so the winding adds up.
        let turn = (quad[1].x - quad[0].x) * (quad[2].y - quad[0].y) - (quad[1].y - quad[0].y) * (quad[2].x - quad[0].x)
        if turn < 0 { quad.reverse() }
        cairo_move_to(cr, quad[0].x, quad[0].y)
        for corner in quad.dropFirst() { cairo_line_to(cr, corner.x, corner.y) }
        cairo_close_path(cr)
    }
}
