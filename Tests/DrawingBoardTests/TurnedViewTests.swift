import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// The view turned and mirrored (View → Rotate Canvas, Mirror View): only the view changes. A
/// stroke drawn upright, at 37° and mirrored lands on the same document pixels, the saved file
/// is the same at any angle, and the zoom readout shows the angle.
final class TurnedViewTests: RestartingBoardTestCase {
    /// A zigzag through document points about the document's middle (in view at any angle),
    /// each given where the view shows it now.
    private func drawZigzag() {
        let middle = Point(x: canvas.viewport.contentSize.width / 2, y: canvas.viewport.contentSize.height / 2)
        let points = (0...24).map { i in Point(x: middle.x - 108 + Double(i) * 9, y: middle.y + (i % 2 == 0 ? -30 : 30)) }
        drag(through: points, interval: 1 / 120)
    }

    private func pixels(_ bitmap: Bitmap) -> [UInt32] { Array(UnsafeBufferPointer(start: bitmap.pixels, count: bitmap.width * bitmap.height)) }

    /// Pixels further than `levels` apart in some channel.
    private func differing(_ a: Bitmap, _ b: Bitmap, levels: Int = 1) -> Int {
        var count = 0
        for (p, q) in zip(pixels(a), pixels(b)) where p != q {
            for shift: UInt32 in [0, 8, 16, 24] {
                let d = abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF))
                if d > levels { count += 1; break }
            }
        }
        return count
    }

    func testAStrokeLandsOnTheSameDocumentPixelsUprightTurnedAndMirrored() {
        board.setStrokeWidth(6)
        drawZigzag()
        let upright = canvas.renderArtwork()
        board.undo()
        board.zoomCommands.turnView(to: 37)
        XCTAssertEqual(canvas.viewport.rotation, 37)
        drawZigzag()
        let turned = canvas.renderArtwork()
        XCTAssertEqual(differing(upright, turned), 0, "at 37°: the same pixels within a level")
        board.undo()
        board.zoomCommands.toggleMirror()
        drawZigzag()
        XCTAssertEqual(differing(upright, canvas.renderArtwork()), 0, "mirrored and turned: the same pixels within a level")
        XCTAssertGreaterThan(differing(upright, Bitmap(width: upright.width, height: upright.height, color: .white)), 500, "a stroke was drawn")
    }

    func testTheSavedFileIsTheDrawingWhateverTheAngleAndTheReadoutShowsIt() throws {
        let store = MemoryArtworkStore()
        session = BoardSession(store: store, pictures: temp.path)
        drawZigzag()
        let upright = canvas.renderArtwork()
        session.window.send(KeyEvent(.character("6")))
        session.window.send(KeyEvent(.character("6")))
        XCTAssertEqual(canvas.viewport.rotation, 30, "two steps of 15°")
        XCTAssertTrue(board.zoomLabel.text.contains("30°"), board.zoomLabel.text)
        session.window.send(KeyEvent(.character("m")))
        XCTAssertTrue(canvas.viewport.isMirrored)
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: upright), "the document did not change")
        XCTAssertEqual(canvas.document.items.count, 1, "nothing in the history")
        XCTAssertNotNil(board.saveAndWait())
        let saved = try XCTUnwrap(store.saved.last, "saved")
        XCTAssertEqual(differing(saved, upright, levels: 0), 0, "the file holds the drawing upright")
        session.window.send(KeyEvent(.character("5")))
        session.window.send(KeyEvent(.character("m")))
        XCTAssertFalse(canvas.viewport.isTurned, "upright again")
        XCTAssertFalse(board.zoomLabel.text.contains("°"), board.zoomLabel.text)
    }

    func testTheTurnedViewShowsTheDocumentWhereTheViewportPutsIt() throws {
        let middle = Point(x: canvas.viewport.contentSize.width / 2, y: canvas.viewport.contentSize.height / 2)
        let dot = Point(x: middle.x + 60, y: middle.y)
        canvas.commit(.stroke(Stroke(points: [dot, Point(x: dot.x + 1, y: dot.y)], color: .red, width: 20, blendMode: .sourceOver)))
        board.zoomCommands.turnView(to: 90)
        let snapshot = session.window.snapshot(of: canvas), scale = session.window.scale
        func shown(_ x: Double, _ y: Double) -> Color {
            let point = canvas.viewport.viewPoint(Point(x: x, y: y))
            return snapshot.color(atX: Int(point.x * scale), y: Int(point.y * scale))
        }
        // The red dot right of the middle shows where the viewport maps it (below the middle,
        // a quarter turn on), white beside it.
        XCTAssertGreaterThan(canvas.viewport.viewPoint(dot).y, canvas.viewport.viewPoint(middle).y + 50)
        XCTAssertEqual(shown(dot.x + 0.5, dot.y), Color.red.roundedTo8Bit)
        XCTAssertEqual(shown(dot.x + 0.5, dot.y + 40), .white)
        // A quarter turn clockwise: the document's left edge is at the top now.
        let left = canvas.viewport.viewPoint(Point(x: 0, y: 100)), right = canvas.viewport.viewPoint(Point(x: 200, y: 100))
        XCTAssertLessThan(left.y, right.y)
        XCTAssertEqual(left.x, right.x, accuracy: 1e-6)
    }
}
