import CCairo
@testable import DrawingBoard
@testable import PaintGraphics
import XCTest

/// Figures as their tools make them (rounded rectangle, arrow, polygon, curve),
/// drawn by X11Paint and by cairo against a 16x16-supersampled reference of the exact geometry.
extension GoldenImageTests {
    func testTheRoundedRectangleToolsFigure() {
        let shape = RoundedRectangleBrush().shape(from: Point(x: 12.3, y: 15.7), to: Point(x: 80.6, y: 70.2), constrained: false, color: .black, width: 4)!
        let box = Rect(x: 12.3, y: 15.7, width: 68.3, height: 54.5), r = 12.0
        let reference = SupersampledReference.coverage(width: size, height: size) { x, y in
            guard box.contains(Point(x: x, y: y)) else { return false }
            // In a corner's square, within the radius of the corner's centre.
            let cx = min(max(x, box.minX + r), box.maxX - r), cy = min(max(y, box.minY + r), box.maxY - r)
            return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r
        }
        check("tool-rounded-rectangle", reference: reference, ours: { $0.fill(shape.path) },
              cairo: { cr in CairoRenderer.addPath(cr, shape.path); cairo_fill(cr) })
    }

    func testTheArrowToolsFigure() {
        let start = Point(x: 10.4, y: 80.2), tip = Point(x: 82.7, y: 20.9)
        let shape = ArrowBrush().shape(from: start, to: tip, constrained: false, color: .black, width: 5)!
        // The figure meant: three round-capped strokes, the shaft and two barbs of 20 (four
        // widths) at 30° each side, all to the tip.
        let angle = atan2(tip.y - start.y, tip.x - start.x)
        let barbs = [-1.0, 1.0].map { side in
            Point(x: tip.x + 20 * cos(angle + .pi - side * .pi / 6), y: tip.y + 20 * sin(angle + .pi - side * .pi / 6))
        }
        let segments = [(start, tip), (tip, barbs[0]), (tip, barbs[1])]
        let reference = SupersampledReference.coverage(width: size, height: size) { x, y in
            segments.contains { SupersampledReference.distance(Point(x: x, y: y), $0.0, $0.1) <= 2.5 }
        }
        check("tool-arrow", reference: reference, ours: { $0.lineStyle = shape.style; $0.stroke(shape.path) },
              cairo: { cr in CairoRenderer.apply(cr, shape.style); CairoRenderer.addPath(cr, shape.path); cairo_stroke(cr) })
    }

    func testThePolygonToolsFigure() {
        let corners = [Point(x: 10.5, y: 12.25), Point(x: 85.75, y: 20.5), Point(x: 48.2, y: 44.9), Point(x: 80.3, y: 86.6), Point(x: 14.6, y: 70.1)]
        var path = Path()
        path.addPolygon(corners)
        check("tool-polygon", reference: SupersampledReference.coverage(width: size, height: size, polygons: [corners], rule: .nonZero),
              ours: { $0.fill(path) }, cairo: { cr in CairoRenderer.addPath(cr, path); cairo_fill(cr) })
    }

    func testTheCurveToolsFigure() {
        let start = Point(x: 8.5, y: 70.25), end = Point(x: 88.75, y: 62.5), c1 = Point(x: 30.2, y: 2.4), c2 = Point(x: 66.8, y: 95.1)
        var path = Path()
        path.move(to: start)
        path.curve(to: end, control1: c1, control2: c2)
        let style = LineStyle(width: 6, cap: .round, join: .round)
        // The exact cubic, sampled finely enough that the polyline is within a thousandth of it.
        let samples = (0...2000).map { i -> Point in
            let t = Double(i) / 2000, u = 1 - t
            return start * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + end * (t * t * t)
        }
        let pieces = Array(zip(samples, samples.dropFirst()))
        // Each pixel's sub-samples look only at the pieces that pass near it.
        var near: [Int: [(Point, Point)]] = [:]
        let reference = SupersampledReference.coverage(width: size, height: size) { x, y in
            let key = Int(y) * 1000 + Int(x)
            if near[key] == nil {
                let centre = Point(x: Double(Int(x)) + 0.5, y: Double(Int(y)) + 0.5)
                near[key] = pieces.filter { SupersampledReference.distance(centre, $0.0, $0.1) <= 4 }
            }
            let p = Point(x: x, y: y)
            return near[key]!.contains { SupersampledReference.distance(p, $0.0, $0.1) <= 3 }
        }
        check("tool-curve", reference: reference, ours: { $0.lineStyle = style; $0.stroke(path) },
              cairo: { cr in CairoRenderer.apply(cr, style); CairoRenderer.addPath(cr, path); cairo_stroke(cr) })
    }
}
