import CCairo
import Foundation
import DrawingBoard
@testable import PaintGraphics
import XCTest

/// Each primitive drawn three ways: by X11Paint, by cairo, and by a 16x16-supersampled
/// reference of the exact geometry. X11Paint's mean absolute error against the reference must
/// be no worse than cairo's (plus 0.01 of a level for 8-bit rounding).
final class GoldenImageTests: XCTestCase {
    let size = 96
    private let ink = Color(r: 20, g: 30, b: 120)

    func check(_ name: String, reference coverage: [Double], color: Color? = nil,
                       ours: (GraphicsContext) -> Void, cairo: (OpaquePointer) -> Void,
                       file: StaticString = #filePath, line: UInt = #line) {
        let color = color ?? ink
        let expected = SupersampledReference.image(coverage: coverage, width: size, height: size, color: color)
        let actual = Bitmap(width: size, height: size, color: .white)
        let context = GraphicsContext(bitmap: actual)
        context.fillColor = color
        context.strokeColor = color
        ours(context)
        let cairoImage = CairoRenderer.render(width: size, height: size) { cr in
            CairoRenderer.setColor(cr, color)
            cairo(cr)
        }
        let ourError = ImageComparison.meanAbsoluteError(actual, expected)
        let cairoError = ImageComparison.meanAbsoluteError(cairoImage, expected)
        print("golden \(name): X11Paint MAE \(String(format: "%.3f", ourError)), cairo MAE \(String(format: "%.3f", cairoError))")
        let inked = coverage.reduce(0, +)
        XCTAssertGreaterThan(inked, 20, "\(name): the reference draws something", file: file, line: line)
        if ourError > cairoError + 0.01 || ourError > 1.0 {
            let folder = ImageComparison.writeFailure(name: name, actual: actual, expected: expected, cairo: cairoImage)
            XCTFail("\(name): MAE \(ourError) vs cairo \(cairoError); images in \(folder)", file: file, line: line)
        }
    }

    // MARK: - Lines, caps and joins

    func testThickLineAtAnOddAngle() {
        checkStraightLine("line-odd-angle", from: Point(x: 12.3, y: 20.7), to: Point(x: 83.1, y: 71.9), width: 7)
    }

    func testHairline() {
        checkStraightLine("hairline", from: Point(x: 5.2, y: 10.1), to: Point(x: 90.4, y: 60.6), width: 1)
    }

    /// One butt-capped segment through the general stroker, against its exact rectangle.
    private func checkStraightLine(_ name: String, from a: Point, to b: Point, width: Double,
                                   file: StaticString = #filePath, line: UInt = #line) {
        let rectangle = SupersampledReference.segmentRectangle(a, b, halfWidth: width / 2)
        check(name, reference: SupersampledReference.coverage(width: size, height: size, polygons: [rectangle], rule: .nonZero),
              ours: { $0.lineWidth = width; $0.stroke(.line(from: a, to: b)) },
              cairo: { cr in cairo_set_line_width(cr, width); cairo_move_to(cr, a.x, a.y); cairo_line_to(cr, b.x, b.y); cairo_stroke(cr) },
              file: file, line: line)
    }

    func testCaps() {
        let a = Point(x: 25.5, y: 30.25), b = Point(x: 70.75, y: 65.5)
        let r = 9.0
        for cap in [LineCap.butt, .square, .round] {
            let reference: [Double]
            switch cap {
            case .butt, .square:
                let rectangle = SupersampledReference.segmentRectangle(a, b, halfWidth: r, extend: cap == .square ? r : 0)
                reference = SupersampledReference.coverage(width: size, height: size, polygons: [rectangle], rule: .nonZero)
            case .round:
                reference = SupersampledReference.coverage(width: size, height: size) { x, y in
                    SupersampledReference.distance(Point(x: x, y: y), a, b) <= r
                }
            }
            let style = LineStyle(width: 2 * r, cap: cap)
            check("cap-\(cap)", reference: reference,
                  ours: { $0.lineStyle = style; $0.stroke(.line(from: a, to: b)) },
                  cairo: { cr in CairoRenderer.apply(cr, style); cairo_move_to(cr, a.x, a.y); cairo_line_to(cr, b.x, b.y); cairo_stroke(cr) })
        }
    }

    func testJoins() {
        let points = [Point(x: 10.5, y: 80.25), Point(x: 48.25, y: 18.5), Point(x: 86.5, y: 78.75)]
        let r = 6.0
        var path = Path()
        path.move(to: points[0]); path.line(to: points[1]); path.line(to: points[2])
        let rects = [SupersampledReference.segmentRectangle(points[0], points[1], halfWidth: r),
                     SupersampledReference.segmentRectangle(points[1], points[2], halfWidth: r)]
        // The outer corner: where the offset lines meet (miter) or the straight cut between them (bevel).
        let d0 = Point(x: points[1].x - points[0].x, y: points[1].y - points[0].y)
        let d1 = Point(x: points[2].x - points[1].x, y: points[2].y - points[1].y)
        let l0 = (d0.x * d0.x + d0.y * d0.y).squareRoot(), l1 = (d1.x * d1.x + d1.y * d1.y).squareRoot()
        let n0 = Point(x: d0.y / l0 * r, y: -d0.x / l0 * r), n1 = Point(x: d1.y / l1 * r, y: -d1.x / l1 * r)
        let c = points[1]
        let bevel = [c, c + n0, c + n1]
        let bisector = n0 + n1
        let cosHalf = ((1 + (d0.x * d1.x + d0.y * d1.y) / (l0 * l1)) / 2).squareRoot()
        let tip = c + bisector * (r / cosHalf / (bisector.x * bisector.x + bisector.y * bisector.y).squareRoot())
        let miter = [c, c + n0, tip, c + n1]
        for join in [LineJoin.miter, .bevel, .round] {
            let reference: [Double]
            switch join {
            case .miter: reference = SupersampledReference.coverage(width: size, height: size, polygons: rects + [miter], rule: .nonZero)
            case .bevel: reference = SupersampledReference.coverage(width: size, height: size, polygons: rects + [bevel], rule: .nonZero)
            case .round:
                reference = SupersampledReference.coverage(width: size, height: size) { x, y in
                    let p = Point(x: x, y: y)
                    return SupersampledReference.insideConvex(p, rects[0]) || SupersampledReference.insideConvex(p, rects[1])
                        || p.distance(to: c) <= r
                }
            }
            let style = LineStyle(width: 2 * r, cap: .butt, join: join, miterLimit: 10)
            check("join-\(join)", reference: reference,
                  ours: { $0.lineStyle = style; $0.stroke(path) },
                  cairo: { cr in CairoRenderer.apply(cr, style); CairoRenderer.addPath(cr, path); cairo_stroke(cr) })
        }
    }

    func testDashesOfThreeTimesTheWidth() {
        let w = 4.0
        let a = Point(x: 6.5, y: 14.25), b = Point(x: 90.5, y: 82.75)
        let length = a.distance(to: b)
        let d = Point(x: (b.x - a.x) / length, y: (b.y - a.y) / length)
        var dashes: [[Point]] = []
        var start = 0.0
        while start < length {
            let end = min(length, start + 3 * w)
            dashes.append(SupersampledReference.segmentRectangle(a + d * start, a + d * end, halfWidth: w / 2))
            start += 6 * w
        }
        let style = LineStyle(width: w, dashes: [3 * w, 3 * w])
        check("dashes", reference: SupersampledReference.coverage(width: size, height: size, polygons: dashes, rule: .nonZero),
              ours: { $0.lineStyle = style; $0.stroke(.line(from: a, to: b)) },
              cairo: { cr in CairoRenderer.apply(cr, style); cairo_move_to(cr, a.x, a.y); cairo_line_to(cr, b.x, b.y); cairo_stroke(cr) })
    }

    func testFreehandCapsuleStrokes() {
        // A scribble at odd sub-pixel positions, drawn the way the canvas draws a mouse stroke.
        for width in [1.0, 6.0, 20.0] {
            let points = (0..<16).map { i -> Point in
                let t = Double(i) / 15
                return Point(x: 12.3 + 70 * t, y: 48.6 + 30 * sin(t * 7) + 4 * cos(t * 23))
            }
            let reference = SupersampledReference.coverage(width: size, height: size) { x, y in
                let p = Point(x: x, y: y)
                for i in 1..<points.count where SupersampledReference.distance(p, points[i - 1], points[i]) <= width / 2 {
                    return true
                }
                return false
            }
            check("freehand-width-\(Int(width))", reference: reference,
                  ours: { context in
                      let layer = DrawingLayer(width: self.size, height: self.size, background: .white)
                      _ = layer.begin(Stroke(points: [points[0]], color: self.ink, width: width, blendMode: .sourceOver))
                      for p in points.dropFirst() { _ = layer.extend(to: p) }
                      _ = layer.commit()
                      layer.compose(layer.layer.bounds, into: context.bitmap, atX: 0, y: 0)
                  },
                  cairo: { cr in
                      CairoRenderer.apply(cr, LineStyle(width: width, cap: .round, join: .round))
                      cairo_move_to(cr, points[0].x, points[0].y)
                      for p in points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
                      cairo_stroke(cr)
                  })
        }
    }

    // MARK: - Fills

    func testEllipse() {
        let rect = Rect(x: 8.3, y: 20.6, width: 79.1, height: 51.7)
        let reference = SupersampledReference.coverage(width: size, height: size) { x, y in
            let u = (x - rect.midX) / (rect.width / 2), v = (y - rect.midY) / (rect.height / 2)
            return u * u + v * v <= 1
        }
        check("ellipse", reference: reference,
              ours: { $0.fill(.ellipse(in: rect)) },
              cairo: { cr in
                  cairo_save(cr)
                  cairo_translate(cr, rect.midX, rect.midY)
                  cairo_scale(cr, rect.width / 2, rect.height / 2)
                  cairo_arc(cr, 0, 0, 1, 0, 2 * .pi)
                  cairo_restore(cr)
                  cairo_fill(cr)
              })
    }

    func testCurvedShape() {
        var path = Path()
        path.move(to: Point(x: 10, y: 80))
        path.curve(to: Point(x: 86, y: 78), control1: Point(x: 20, y: -10), control2: Point(x: 95, y: 30))
        path.quadCurve(to: Point(x: 10, y: 80), control: Point(x: 50, y: 40))
        path.close()
        let fine = PathFlattener.flatten(path, tolerance: 0.001).map(\.points)
        check("curves", reference: SupersampledReference.coverage(width: size, height: size, polygons: fine, rule: .nonZero),
              ours: { $0.fill(path) },
              cairo: { cr in CairoRenderer.addPath(cr, path); cairo_fill(cr) })
    }

    func testStarUnderBothFillRules() {
        let star = (0..<5).map { i -> Point in
            let angle = -Double.pi / 2 + Double(i) * 4 * .pi / 5
            return Point(x: 48.3 + 42 * cos(angle), y: 50.1 + 42 * sin(angle))
        }
        for rule in [FillRule.nonZero, .evenOdd] {
            check("star-\(rule)", reference: SupersampledReference.coverage(width: size, height: size, polygons: [star], rule: rule),
                  ours: { $0.fill(.polygon(star), rule: rule) },
                  cairo: { cr in
                      cairo_set_fill_rule(cr, rule == .nonZero ? CAIRO_FILL_RULE_WINDING : CAIRO_FILL_RULE_EVEN_ODD)
                      CairoRenderer.addPath(cr, .polygon(star))
                      cairo_fill(cr)
                  })
        }
    }

    func testRotatedRoundedRectangleThroughTheTransform() {
        let rect = Rect(x: -30, y: -18, width: 60, height: 36)
        let transform = AffineTransform(rotationAngle: 0.5).concatenating(AffineTransform(translationX: 48.4, y: 47.7))
        let fine = PathFlattener.flatten(.roundedRect(rect, cornerRadius: 9), transform: transform, tolerance: 0.001).map(\.points)
        check("rotated-rounded-rect", reference: SupersampledReference.coverage(width: size, height: size, polygons: fine, rule: .nonZero),
              ours: { c in c.translateBy(x: 48.4, y: 47.7); c.rotate(by: 0.5); c.fill(.roundedRect(rect, cornerRadius: 9)) },
              cairo: { cr in
                  cairo_translate(cr, 48.4, 47.7)
                  cairo_rotate(cr, 0.5)
                  CairoRenderer.addPath(cr, .roundedRect(rect, cornerRadius: 9))
                  cairo_fill(cr)
              })
    }

    func testPathClip() {
        let circle = Rect(x: 18.5, y: 14.5, width: 60, height: 60)
        let bar = Rect(x: 0, y: 40.25, width: 96, height: 20)
        let reference = SupersampledReference.coverage(width: size, height: size) { x, y in
            let u = x - circle.midX, v = y - circle.midY
            return u * u + v * v <= 900 && bar.contains(Point(x: x, y: y))
        }
        check("clip-path", reference: reference,
              ours: { c in c.clip(to: .ellipse(in: circle)); c.fill(.rect(bar)) },
              cairo: { cr in
                  cairo_arc(cr, circle.midX, circle.midY, 30, 0, 2 * .pi)
                  cairo_clip(cr)
                  cairo_rectangle(cr, bar.minX, bar.minY, bar.width, bar.height)
                  cairo_fill(cr)
              })
    }
}
