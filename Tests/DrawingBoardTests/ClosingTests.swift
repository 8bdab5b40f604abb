import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// Closing and quitting (the close button, Ctrl+W, Ctrl+Q) ask about unsaved changes as every
/// desktop editor does.
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

    /// A drawing opened from a format X11Paint reads but does not write (SVG here): Ctrl+S asks
    /// where, offering the same name as PNG, and writes nothing into Pictures; the close
    /// question's Save waits for that dialog: cancelled, the window stays; chosen, it closes
    /// once the file is written, and the file is in the recently-used list.
    func testSavingAFileOfAFormatNotWrittenAsksWhereAndClosingWaitsForIt() throws {
        let store = MemoryArtworkStore()
        let session = BoardSession(store: store, pictures: temp.path)
        let board = session.board
        let recent = RecentlyUsed(path: temp.path + "/recently-used.xbel")
        board.documentController.recentlyUsed = recent
        var quit = 0
        board.onQuit = { quit += 1 }
        let svg = temp.path + "/badge.svg"
        try Data("""
        <svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"><rect width="60" height="80" fill="#ff0000"/></svg>
        """.utf8).write(to: URL(fileURLWithPath: svg))
        board.openDocument(path: svg)
        try XCTUnwrap(board.presentedViewController as? SVGSizeViewController).finish()
        board.finishOpening()
        session.drag(y: 40)
        session.window.send(KeyEvent(.character("s"), modifiers: .control))
        let chooser = try XCTUnwrap(board.presentedViewController as? FileChooserViewController, "Save asks where")
        XCTAssertEqual(chooser.locationField.text, "badge.png", "the same name, in a format X11Paint writes")
        XCTAssertTrue(board.statusLabel.text.contains("cannot write"), board.statusLabel.text)
        chooser.onCancel?()
        XCTAssertTrue(store.saved.isEmpty, "nothing written into Pictures behind the user's back")
        XCTAssertEqual(board.documentController.windowTitle, "*badge.svg - X11Paint")
        // Closing: Save asks where; cancelled, the window stays.
        board.requestClose()
        try XCTUnwrap(board.presentedAlert).answer(tr("Save"))
        try XCTUnwrap(board.presentedViewController as? FileChooserViewController).onCancel?()
        XCTAssertEqual(quit, 0, "the dialog was cancelled: the window stays")
        // Chosen: written, then closed.
        board.requestClose()
        try XCTUnwrap(board.presentedAlert).answer(tr("Save"))
        let second = try XCTUnwrap(board.presentedViewController as? FileChooserViewController)
        XCTAssertEqual(quit, 0, "nothing closes while the dialog is up")
        second.submit()
        board.finishSaves()
        XCTAssertEqual(quit, 1, "closed once the file was written")
        let written = temp.path + "/badge.png"
        XCTAssertNotNil(try? PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: written))))
        XCTAssertTrue(recent.files().contains(written), "in the recently-used list before the app ends: \(recent.files())")
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
