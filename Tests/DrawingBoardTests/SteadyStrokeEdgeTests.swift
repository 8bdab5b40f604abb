import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// Steady (a pulled string) drew beaded edges on a jittery hand, one bump per
/// input sample at width 26. A steadied stroke's edges are as smooth as an unsteadied one's, and
/// it is drawn as a supersampled reference of its own path draws it.
final class SteadyStrokeEdgeTests: XCTestCase {
    /// A pencil stroke of width 26 along a straight line, every 3 points, with the hand's jitter.
    private func draw(smoothing: PenSettings.Smoothing, jitter: Double) -> (Bitmap, Stroke) {
        let session = BoardSession()
        session.board.canvas.penSettings.smoothing = smoothing
        session.board.setStrokeWidth(26)
        var random = SeededSteps(seed: 5)
        let points = (0..<150).map { i in
            session.board.canvas.convert(Point(x: 60 + Double(i) * 3, y: 200 + random.next(in: -jitter...jitter)), to: nil)
        }
        var driver = TouchDriver(window: session.window)
        driver.drag(points)
        guard case .stroke(let stroke)? = session.board.canvas.document.items.last else { fatalError("a stroke") }
        return (session.board.canvas.renderArtwork(), stroke)
    }

    /// The top edge's height in each column (where red ink on white crosses half coverage).
    private func topEdge(_ art: Bitmap, columns: Range<Int>) -> [Double] {
        columns.map { x in
            var previous = 0.0
            for y in 120..<art.height {
                let ink = (1 - art.color(atX: x, y: y).green) / (1 - DrawingBoardViewController.palette[0].green)
                if ink >= 0.5 { return Double(y) + 0.5 - (ink - 0.5) / max(ink - previous, 1e-6) }
                previous = ink
            }
            return .nan
        }
    }

    /// How far the edge wanders from its own 21-pixel running mean: bumps, not the curve.
    private func bumpiness(_ edge: [Double]) -> Double {
        var sum = 0.0, count = 0
        for i in 10..<(edge.count - 10) {
            let mean = edge[(i - 10)...(i + 10)].reduce(0, +) / 21
            sum += (edge[i] - mean) * (edge[i] - mean)
            count += 1
        }
        return (sum / Double(count)).squareRoot()
    }

    func testASteadiedJitteryStrokeHasNoBeads() {
        let columns = 150..<400
        let plain = bumpiness(topEdge(draw(smoothing: .off, jitter: 0).0, columns: columns))
        let shaky = bumpiness(topEdge(draw(smoothing: .off, jitter: 2).0, columns: columns))
        // Before: 0.159 px (strong) and 0.334 px (light) on this hand, one bump per sample.
        for (smoothing, bound) in [(PenSettings.Smoothing.strong, 0.08), (.light, 0.2)] {
            let steadied = bumpiness(topEdge(draw(smoothing: smoothing, jitter: 2).0, columns: columns))
            print("edge bumpiness: a straight line \(String(format: "%.3f", plain)) px, the jittery hand unsteadied \(String(format: "%.3f", shaky)) px, \(smoothing) \(String(format: "%.3f", steadied)) px")
            XCTAssertLessThanOrEqual(steadied, bound, "\(smoothing): no beads")
        }
    }

    func testTheSteadiedStrokeIsDrawnAsASupersampledReferenceOfItsPathDrawsIt() {
        let (art, stroke) = draw(smoothing: .strong, jitter: 2)
        // The same path at 4x with the general stroker (round caps and joins), box-averaged down.
        let big = Bitmap(width: art.width * 4, height: art.height * 4, color: .white)
        let context = GraphicsContext(bitmap: big)
        context.scaleBy(x: 4, y: 4)
        context.strokeColor = stroke.color
        context.lineWidth = stroke.width
        context.lineCap = .round
        context.lineJoin = .round
        context.stroke(.polyline(stroke.points))
        let reference = BoxDownscaler.downscale(big, by: 4)
        let columns = 150..<400
        let drawn = topEdge(art, columns: columns), wanted = topEdge(reference, columns: columns)
        let worst = zip(drawn, wanted).map { abs($0 - $1) }.max() ?? .infinity
        print("steadied edge against a 4x reference of its own path: at most \(String(format: "%.3f", worst)) px apart")
        XCTAssertLessThan(worst, 0.25)
    }
}
