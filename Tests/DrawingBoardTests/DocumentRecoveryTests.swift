import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// After a crash the document comes back whole: its content, the file it is, and whether that
/// file holds it.
final class DocumentRecoveryTests: XCTestCase {
    private let temp = TemporaryDirectory()
    private var state: String { temp.path + "/state" }

    private func openPicture(in session: BoardSession) throws -> String {
        let path = temp.path + "/test.png"
        try PNGCodec.encode(Bitmap(width: 400, height: 300, color: .white)).write(to: URL(fileURLWithPath: path))
        session.board.openDocument(path: path)
        session.board.finishOpening()
        return path
    }

    /// What a kill -9 leaves: the journal as it is on disk now, read by a new session.
    private func restart(_ session: BoardSession) -> BoardSession {
        session.board.settleJournal()
        session.board.journal?.close()
        return BoardSession(pictures: temp.path, stateFolder: state)
    }

    func testUnsavedChangesToAFileComeBackWithItsNameAndMarked() throws {
        let session = BoardSession(pictures: temp.path, stateFolder: state)
        let path = try openPicture(in: session)
        session.drag(y: 100)
        let drawn = session.board.canvas.renderArtwork()
        let restored = restart(session)
        XCTAssertTrue(restored.board.canvas.renderArtwork().isEqual(to: drawn))
        XCTAssertEqual(restored.board.documentName, "test.png")
        XCTAssertEqual(restored.window.title, "*test.png - X11Paint")
        XCTAssertTrue(restored.board.statusLabel.text.contains("Restored test.png with unsaved changes."), restored.board.statusLabel.text)
        // It is still that file: Save writes it, not a new one in Pictures.
        XCTAssertEqual(restored.board.saveAndWait(), path)
    }

    func testASavedDrawingComesBackNotMarkedAsChanged() throws {
        let session = BoardSession(pictures: temp.path, stateFolder: state)
        let path = try openPicture(in: session)
        session.drag(y: 100)
        XCTAssertEqual(session.board.saveAndWait(), path)
        let restored = restart(session)
        XCTAssertEqual(restored.window.title, "test.png - X11Paint")
        XCTAssertFalse(restored.board.isModified)
        XCTAssertTrue(restored.board.statusLabel.text.contains("Restored test.png."), restored.board.statusLabel.text)
        // A change after the save is a change again.
        restored.drag(y: 200)
        let again = restart(restored)
        XCTAssertEqual(again.window.title, "*test.png - X11Paint")
    }
}
