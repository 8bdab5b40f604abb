import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// The journal's writer runs beside the UI thread: drawing never waits for the disk,
/// records reach the file in the order they were made, and a batch shares one fsync.
final class JournalWriterTests: XCTestCase {
    private var temp: TemporaryDirectory!
    private var state: String { temp.path + "/state" }

    override func setUp() { temp = TemporaryDirectory() }

    private func board() -> (Window, DrawingBoardViewController) {
        let session = BoardSession(pictures: temp.path, stateFolder: state)
        return (session.window, session.board)
    }

    private func drag(_ window: Window, _ board: DrawingBoardViewController, y: Double) {
        BoardSession(window: window, board: board).drag(y: y)
    }

    func testDrawingGoesOnWhileTheDiskHangsAndEveryStrokeArrivesInOrder() throws {
        let (window, board) = board()
        let journal = try XCTUnwrap(board.journal)
        journal.flush()
        // The disk hangs on the next fsync until the test lets it go (or 10 s pass). Were the
        // UI thread to wait for an fsync, the strokes below could not be drawn before the gate
        // opens, and the wait would time out.
        let gate = DispatchSemaphore(value: 0)
        let entered = DispatchSemaphore(value: 0)
        var timedOut = false, hung = false
        journal.beforeSync = {
            guard !hung else { return }
            hung = true
            entered.signal()
            if gate.wait(timeout: .now() + 10) == .timedOut { timedOut = true }
        }
        drag(window, board, y: 100)
        XCTAssertEqual(entered.wait(timeout: .now() + 10), .success, "the writer is inside its fsync")
        for step in 1...40 {
            board.selectColor(at: step % 3)
            drag(window, board, y: 60 + Double(step) * 8)
        }
        board.undo()
        board.undo()
        board.redo()
        gate.signal() // the disk comes back
        journal.beforeSync = nil
        board.settleJournal()
        XCTAssertFalse(timedOut, "the UI thread drew 40 strokes while the fsync hung")
        let recovery = DocumentJournal.recover(folder: state)
        XCTAssertEqual(recovery.document, board.canvas.document, "every stroke, in order, with its colour")
        XCTAssertEqual(recovery.redo, board.canvas.redoItems)
        XCTAssertEqual(board.canvas.document.items.count, 40, "41 strokes, two undone, one redone")
    }

    func testRecordsThatPileUpBehindASlowFsyncShareTheNextOne() throws {
        let (window, board) = board()
        let journal = try XCTUnwrap(board.journal)
        journal.flush()
        let before = journal.syncCount
        let gate = DispatchSemaphore(value: 0)
        let entered = DispatchSemaphore(value: 0)
        var hung = false
        journal.beforeSync = {
            guard !hung else { return }
            hung = true
            entered.signal()
            _ = gate.wait(timeout: .now() + 10)
        }
        drag(window, board, y: 100)
        XCTAssertEqual(entered.wait(timeout: .now() + 10), .success)
        for step in 1...20 { drag(window, board, y: 60 + Double(step) * 8) }
        gate.signal()
        journal.beforeSync = nil
        board.settleJournal()
        // The hung fsync, then one for the 20 strokes that piled up (with a spare for timing).
        let syncs = journal.syncCount - before
        XCTAssertLessThanOrEqual(syncs, 3, "20 strokes queued behind a slow disk: one batch, not 20 fsyncs")
        XCTAssertEqual(DocumentJournal.recover(folder: state).document.items.count, 21)
    }
}
