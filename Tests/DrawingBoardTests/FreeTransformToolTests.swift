import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// Image → Transform (Ctrl+T): the frame's handles change the pixels shown and not the
/// document until Enter, which keeps one item of parameters that undo, redo and a crash give
/// back pixel for pixel; Escape leaves everything as it was.
final class FreeTransformToolTests: RestartingBoardTestCase {
    private var transform: FreeTransformController { board.imageCommands.freeTransform }

    /// A drag in eight steps along the line from `start` to `end` (document points).
    private func drag(from start: Point, to end: Point) {
        drag(through: (0...8).map { step in
            let t = Double(step) / 8
            return Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t)
        })
    }

    private func drawSomething() {
        canvas.commit(.stroke(Stroke(points: [Point(x: 60, y: 60), Point(x: 160, y: 120)], color: .red, width: 16, blendMode: .sourceOver)))
        canvas.commit(.stroke(Stroke(points: [Point(x: 60, y: 130), Point(x: 160, y: 60)], color: .blue, width: 8, blendMode: .sourceOver)))
    }

    func testEscapeLeavesTheDocumentAsItWas() {
        drawSomething()
        let before = canvas.renderArtwork(), items = canvas.document.items.count
        canvas.selectionTool.select(Rect(x: 50, y: 50, width: 120, height: 90))
        session.window.send(KeyEvent(.character("t"), modifiers: .control))
        XCTAssertTrue(transform.isActive, "Ctrl+T shows the frame")
        // The right side's middle, dragged right: wider.
        drag(from: Point(x: 170, y: 95), to: Point(x: 230, y: 95))
        XCTAssertFalse(canvas.renderArtwork().isEqual(to: before), "the layer shows the transform")
        XCTAssertEqual(canvas.document.items.count, items, "nothing kept yet")
        session.window.send(KeyEvent(.escape))
        XCTAssertFalse(transform.isActive)
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: before), "Escape: the layer as it was")
        XCTAssertEqual(canvas.document.items.count, items)
    }

    func testEnterKeepsOneItemThatUndoRedoAndACrashGiveBackPixelForPixel() throws {
        drawSomething()
        let before = canvas.renderArtwork(), items = canvas.document.items.count
        canvas.selectionTool.select(Rect(x: 50, y: 50, width: 120, height: 90))
        session.window.send(KeyEvent(.character("t"), modifiers: .control))
        // Moved 40 right and 30 down (grabbed inside, away from the pivot at its centre), then its
        // top-right corner pulled in with Ctrl (perspective).
        drag(from: Point(x: 80, y: 70), to: Point(x: 120, y: 100))
        session.window.modifierFlags = .control
        drag(from: Point(x: 210, y: 80), to: Point(x: 190, y: 100))
        session.window.modifierFlags = []
        session.window.send(KeyEvent(.enter))
        XCTAssertFalse(transform.isActive)
        XCTAssertEqual(canvas.document.items.count, items + 1, "one item")
        guard case .transform(let kept, let area)? = canvas.document.items.last else { return XCTFail("a transform item") }
        XCTAssertEqual(area?.bounds, Rect(x: 50, y: 50, width: 120, height: 90))
        XCTAssertEqual(kept.corners[0].x, 90, accuracy: 0.01)
        XCTAssertEqual(kept.corners[0].y, 80, accuracy: 0.01)
        XCTAssertEqual(kept.corners[1].x, 190, accuracy: 0.01, "the corner pulled in")
        XCTAssertEqual(kept.corners[1].y, 100, accuracy: 0.01)
        XCTAssertEqual(canvas.selectionArea?.bounds.minX, 90, "the selection went with the pixels")
        let after = canvas.renderArtwork()
        XCTAssertFalse(after.isEqual(to: before))
        XCTAssertEqual(layerColor(60, 60).alpha, 0, "the pixels' old place is empty")
        assertUndoRedoAndCrashKeep(after, before: before)
    }

    /// A number typed and entered counts, and Enter applies the transform, as a dialog's OK does.
    func testTheFieldsShowTheFrameAndATypedAngleIsApplied() throws {
        drawSomething()
        session.window.send(KeyEvent(.character("t"), modifiers: .control))
        let size = canvas.viewport.contentSize
        let fields = transform.fields
        XCTAssertEqual(fields[0].value, (size.width / 2).rounded(), "the centre")
        XCTAssertEqual(fields[2].value, size.width.rounded(), "the width: the whole layer")
        XCTAssertEqual(fields[4].value, 0, "no angle")
        fields[4].beginEditing()
        fields[4].text = "90"
        session.window.send(KeyEvent(.enter))
        XCTAssertFalse(transform.isActive)
        guard case .transform(let kept, nil)? = canvas.document.items.last else { return XCTFail("a transform of the whole layer") }
        let corners = kept.corners
        // A quarter turn about the centre: the top-left corner goes to the top-right of the turned frame.
        XCTAssertEqual(corners[0].x, size.width / 2 + size.height / 2, accuracy: 0.5)
        XCTAssertEqual(corners[0].y, size.height / 2 - size.width / 2, accuracy: 0.5)
    }
}
