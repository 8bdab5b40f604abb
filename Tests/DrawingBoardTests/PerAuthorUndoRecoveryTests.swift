import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
import TestSupport
import ToolkitTestSupport
import PaintGraphics

/// Changes of another author arriving while the user draws: Ctrl+Z takes back the user's own
/// latest change under them, never theirs, and a crash brings the drawing back exactly.
final class PerAuthorUndoRecoveryTests: RestartingBoardTestCase {
    private func others(_ item: Document.Item) {
        let content = canvas.content
        content.apply(DocumentOperation(id: content.log.nextID(for: 7), kind: .item(item)))
    }

    private func line(y: Double) {
        driver.drag(TouchDriver.line(from: w(100, y), to: w(500, y), step: 20))
    }

    func testCtrlZTakesBackTheUsersOwnStrokeUnderAnotherAuthorsAndACrashKeepsIt() throws {
        line(y: 100)
        let theirs = Document.Item.stroke(Stroke(points: [Point(x: 50, y: 300), Point(x: 600, y: 320)], color: .blue, width: 8, blendMode: .sourceOver))
        others(theirs)
        XCTAssertEqual(canvas.document.items.count, 2)
        XCTAssertTrue(painted(300, 100))
        session.window.send(KeyEvent(.character("z"), modifiers: .control))
        XCTAssertEqual(canvas.document.items, [theirs], "the user's stroke went, the other author's stayed")
        XCTAssertFalse(painted(300, 100))
        XCTAssertTrue(painted(300, 310))
        XCTAssertEqual(canvas.redoItems.count, 1)
        // Another author's change cannot be taken back from here: Ctrl+Z has nothing more.
        session.window.send(KeyEvent(.character("z"), modifiers: .control))
        XCTAssertEqual(canvas.document.items, [theirs])
        aMomentPasses()
        crash()
        start()
        XCTAssertEqual(canvas.document.items, [theirs], "after the crash, as it was")
        XCTAssertEqual(canvas.redoItems.count, 1, "with the user's stroke to redo")
        session.window.send(KeyEvent(.character("z"), modifiers: [.control, .shift]))
        XCTAssertTrue(painted(300, 100), "redone")
    }
}
