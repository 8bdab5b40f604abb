import CCairo
import Foundation
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import XCTest

/// A pen stroke whose width follows pressure, against the truth (16 x 16 samples per
/// pixel of the union of its round cones) and against cairo filling the same outline: at or
/// below cairo's error, and no steps where the width changes.
final class PressureStrokeGoldenTests: XCTestCase {
    private let width = 260, height = 90

    /// A wavy stroke from width 2 to 16 and back to 5, over `count` points (120: a quick press,
    /// each segment changing width by about 0.2 pixels; 700: a slow one, under 1/16 a segment).
    private func rampStroke(count: Int = 120) -> Stroke {
        var points: [Point] = [], widths: [Double] = []
        for i in 0..<count {
            let t = Double(i) / Double(count - 1)
            points.append(Point(x: 20 + 220 * t, y: 45 + 14 * sin(t * 2 * .pi)))
            widths.append(t < 0.7 ? 2 + 14 * t / 0.7 : 16 - 11 * (t - 0.7) / 0.3)
        }
        return Stroke(points: points, color: .black, width: 16, blendMode: .sourceOver, widths: widths)
    }

    /// Whether a point is inside the round cone of a segment (the hull of its end discs).
    private static func insideCone(_ p: Point, _ a: Point, _ b: Point, _ ra: Double, _ rb: Double) -> Bool {
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        if hypot(p.x - a.x, p.y - a.y) <= ra || hypot(p.x - b.x, p.y - b.y) <= rb { return true }
        guard lengthSquared > 0 else { return false }
        let length = lengthSquared.squareRoot()
        let slope = (ra - rb) / length
        guard abs(slope) < 1 else { return false }
        let ux = dx / length, uy = dy / length
        let along = (p.x - a.x) * ux + (p.y - a.y) * uy
        let across = abs((p.y - a.y) * ux - (p.x - a.x) * uy)
        let cosine = (1 - slope * slope).squareRoot()
        // Between the tangent points the flank is straight, at distance ra from a along its normal.
        let k = along * cosine - across * slope
        guard k >= 0 && k <= cosine * length else { return false }
        return across * cosine + along * slope <= ra
    }

    func testAPressureRampMatchesTheTruthAtLeastAsWellAsCairo() throws {
        try check(rampStroke(count: 120), name: "quick")
    }

    /// Slowly changing widths go to the capsule kernel at each segment's mean width (within
    /// 1/16 pixel): no worse against the truth, and no steps.
    func testASlowPressureRampMatchesTheTruthAtLeastAsWellAsCairo() throws {
        try check(rampStroke(count: 700), name: "slow")
    }

    private func check(_ stroke: Stroke, name: String) throws {
        let mask = CoverageMask(width: width, height: height)
        let renderer = StrokeRenderer()
        for index in stroke.points.indices { renderer.addSegment(of: stroke, endingAt: index, to: mask) }
        let ours = Bitmap(width: width, height: height, color: .white)
        MaskCompositor.apply(mask, color: .black, mode: .sourceOver, in: mask.touched, to: ours)

        // Each pixel tests only the segments whose cones reach it (the samples are many).
        var near = [[Int]](repeating: [], count: width * height)
        for i in 1..<stroke.points.count {
            let a = stroke.points[i - 1], b = stroke.points[i], r = max(stroke.width(at: i - 1), stroke.width(at: i)) / 2 + 1
            for y in max(0, Int(min(a.y, b.y) - r))...min(height - 1, Int(max(a.y, b.y) + r)) {
                for x in max(0, Int(min(a.x, b.x) - r))...min(width - 1, Int(max(a.x, b.x) + r)) { near[y * width + x].append(i) }
            }
        }
        let coverage = SupersampledReference.coverage(width: width, height: height) { x, y in
            let p = Point(x: x, y: y)
            for i in near[Int(y) * self.width + Int(x)] where Self.insideCone(p, stroke.points[i - 1], stroke.points[i],
                                                                                 stroke.width(at: i - 1) / 2, stroke.width(at: i) / 2) { return true }
            return false
        }
        let truth = SupersampledReference.image(coverage: coverage, width: width, height: height, color: .black)

        // cairo fills the same outline: every disc and every flank quadrilateral, one winding.
        let cairo = CairoRenderer.render(width: width, height: height) { cr in
            CairoRenderer.setColor(cr, .black)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            for i in stroke.points.indices {
                let p = stroke.points[i]
                cairo_new_sub_path(cr)
                cairo_arc(cr, p.x, p.y, stroke.width(at: i) / 2, 0, 2 * .pi)
            }
            for i in 1..<stroke.points.count {
                let a = stroke.points[i - 1], b = stroke.points[i]
                let ra = stroke.width(at: i - 1) / 2, rb = stroke.width(at: i) / 2
                let dx = b.x - a.x, dy = b.y - a.y, length = hypot(dx, dy)
                let slope = (ra - rb) / length
                guard abs(slope) < 1 else { continue }
                let ux = dx / length, uy = dy / length, cosine = (1 - slope * slope).squareRoot()
                // The tangent points: normal n = cosine * across + slope * along, on each side.
                var corners: [Point] = []
                for side in [1.0, -1.0] {
                    let nx = cosine * (-uy) * side + slope * ux, ny = cosine * ux * side + slope * uy
                    corners.append(Point(x: a.x + ra * nx, y: a.y + ra * ny))
                    corners.append(Point(x: b.x + rb * nx, y: b.y + rb * ny))
                }
                // a+ → b+ → b- → a-, turning the same way as the arcs.
                let quad = [corners[0], corners[1], corners[3], corners[2]]
                let turn = (quad[1].x - quad[0].x) * (quad[2].y - quad[0].y) - (quad[1].y - quad[0].y) * (quad[2].x - quad[0].x)
                let ordered = turn > 0 ? quad : quad.reversed()
                cairo_move_to(cr, ordered[0].x, ordered[0].y)
                for corner in ordered.dropFirst() { cairo_line_to(cr, corner.x, corner.y) }
                cairo_close_path(cr)
            }
            cairo_fill(cr)
        }
        let ourError = ImageComparison.meanAbsoluteError(ours, truth)
        let cairoError = ImageComparison.meanAbsoluteError(cairo, truth)
        print(String(format: "pressure ramp (%@): mean error %.4f (X11Paint) vs %.4f (cairo) against the supersampled truth", name, ourError, cairoError))
        if ourError > cairoError { _ = ImageComparison.writeFailure(name: "pressure-ramp-\(name)", actual: ours, expected: truth, cairo: cairo) }
        XCTAssertLessThanOrEqual(ourError, cairoError, "at or below cairo's error")
        XCTAssertLessThan(ourError, 0.5)

        // No steps: the ink across each column changes smoothly along the ramp's straight part.
        func ink(_ x: Int) -> Double { (0..<height).reduce(0) { $0 + (1 - ours.color(atX: x, y: $1).red) } }
        for x in 40..<170 {
            XCTAssertLessThan(abs(ink(x + 1) - ink(x)), 0.6, "column \(x): no step in the width")
        }
    }
}
