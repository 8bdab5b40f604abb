import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// Closing and quitting (the close button, Ctrl+W, Ctrl+Q) ask about unsaved changes as every
/// desktop editor does (issue 38).
final class ClosingTests: XCTestCase {
    private let temp = TemporaryDirectory()
    private var state: String { temp.path + "/state" }

    func testNothingUnsavedClosesAtOnce() {
        let session = BoardSession(pictures: temp.path)
        var quit = 0
        session.board.onQuit = { quit += 1 }
        session.window.send(KeyEvent(.character("w"), modifiers: .control))
        XCTAssertEqual(quit, 1)
        XCTAssertNil(session.board.presentedAlert)
    }

    func testUnsavedChangesAskAndCancelKeepsEverything() throws {
        let session = BoardSession(pictures: temp.path)
        var quit = 0
        session.board.onQuit = { quit += 1 }
        session.drag(y: 100)
        session.window.send(KeyEvent(.character("q"), modifiers: .control))
        let alert = try XCTUnwrap(session.board.presentedAlert)
        XCTAssertEqual(alert.title, "Save the changes to the drawing?")
        alert.answer(tr("Cancel"))
        XCTAssertEqual(quit, 0)
        XCTAssertTrue(session.board.isModified)
    }

    func testAFailedSaveKeepsTheWindowOpenWithItsReason() throws {
        let store = MemoryArtworkStore()
        store.failure = "the disk is full"
        let session = BoardSession(store: store, pictures: temp.path)
        var quit = 0
        session.board.onQuit = { quit += 1 }
        session.drag(y: 100)
        session.board.requestClose()
        try XCTUnwrap(session.board.presentedAlert).answer(tr("Save"))
        session.board.finishSaves()
        XCTAssertEqual(quit, 0, "not closed")
        XCTAssertTrue(session.board.statusLabel.text.contains("the disk is full"), session.board.statusLabel.text)
        // A save that works closes.
        store.failure = nil
        session.board.requestClose()
        try XCTUnwrap(session.board.presentedAlert).answer(tr("Save"))
        session.board.finishSaves()
        XCTAssertEqual(quit, 1)
        XCTAssertEqual(store.saved.count, 1)
    }

    func testDontSaveClosesAndTheNextStartIsANewDrawing() throws {
        let session = BoardSession(pictures: temp.path, stateFolder: state)
        var quit = 0
        session.board.onQuit = { quit += 1 }
        session.drag(y: 100)
        session.board.requestClose()
        try XCTUnwrap(session.board.presentedAlert).answer(tr("Don't save"))
        XCTAssertEqual(quit, 1)
        session.board.flushJournal() // what the app does as it ends
        XCTAssertTrue(DocumentJournal.recover(folder: state).isEmpty, "the changes the user let go are not brought back")
    }
}
