import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// Crash recovery at start is read beside the UI thread: the window answers while
/// the journal and its pictures are read, and nothing done meanwhile is lost under the drawing.
final class RestoringTests: XCTestCase {
    private var temp: TemporaryDirectory!

    override func setUp() { temp = TemporaryDirectory() }

    /// A previous session that drew two strokes and placed a picture, then ended.
    private func leaveADrawing(in state: String) -> Document {
        let session = BoardSession(pictures: temp.path, stateFolder: state)
        session.drag(y: 100)
        session.board.placePhoto(Photo(asset: ImageAsset(bitmap: Bitmap(width: 300, height: 200, color: .blue), name: "blue")))
        session.board.bakePhoto()
        session.drag(y: 300)
        session.board.flushJournal()
        session.board.journal?.close()
        return session.board.canvas.document
    }

    /// A board restoring `state` with a reader that waits for the semaphore, as a slow disk would.
    private func restoringSlowly(_ state: String, store: MemoryArtworkStore = MemoryArtworkStore())
        -> (Window, DrawingBoardViewController, ManualClock, DispatchSemaphore) {
        let clock = ManualClock()
        let window = Window(size: Size(width: 800, height: 600), application: Application(clock: clock))
        let board = DrawingBoardViewController(store: store, picturesFolder: temp.path)
        window.rootViewController = board
        window.render()
        let readingMayEnd = DispatchSemaphore(value: 0)
        board.restore(fromStateFolder: state, reader: { folder in
            readingMayEnd.wait()
            return JournalOpening.open(stateFolder: folder)
        })
        return (window, board, clock, readingMayEnd)
    }

    func testTheJournalIsReadOffTheUIThreadWhileTheWindowKeepsAnswering() {
        let state = temp.path + "/state"
        let expected = leaveADrawing(in: state)
        let window = Window(size: Size(width: 800, height: 600), application: Application(clock: ManualClock()))
        let board = DrawingBoardViewController(store: MemoryArtworkStore(), picturesFolder: temp.path)
        window.rootViewController = board
        window.render()
        let readingMayEnd = DispatchSemaphore(value: 0)
        var readOnMainThread: Bool?
        var completed: JournalOpening?
        board.restore(fromStateFolder: state, reader: { folder in
            readOnMainThread = Thread.isMainThread
            readingMayEnd.wait()
            return JournalOpening.open(stateFolder: folder)
        }, completion: { completed = $0 })
        // The reader is stuck on its disk; the UI thread still renders and runs its timers.
        XCTAssertTrue(board.isRestoring)
        window.application.tick()
        window.render()
        XCTAssertTrue(board.canvas.document.isEmpty)
        XCTAssertNil(completed)
        // A drag, or a photo picked to bake, meanwhile would be buried by the restored drawing.
        BoardSession(window: window, board: board).drag(y: 200)
        _ = window.send(KeyEvent(.character("o"), modifiers: .control))
        XCTAssertTrue(board.canvas.document.isEmpty, "no input while the drawing is being read")
        XCTAssertNil(board.presentedViewController, "no picker while the drawing is being read")
        readingMayEnd.signal()
        board.finishRestoring()
        XCTAssertEqual(readOnMainThread, false)
        XCTAssertFalse(board.isRestoring)
        XCTAssertEqual(board.canvas.document, expected)
        XCTAssertNotNil(completed?.journal, "recording from now on")
        // And the canvas takes input again, journaled.
        BoardSession(window: window, board: board).drag(y: 400)
        XCTAssertEqual(board.canvas.document.items.count, expected.items.count + 1)
    }

    /// Ctrl+S pressed while the drawing is still being read is not dropped: it saves
    /// the drawing once it is back (and says so meanwhile).
    func testCtrlSWhileRestoringSavesTheDrawingOnceItIsBack() {
        let state = temp.path + "/state"
        let expected = leaveADrawing(in: state)
        let store = MemoryArtworkStore()
        let (window, board, _, readingMayEnd) = restoringSlowly(state, store: store)
        XCTAssertTrue(window.send(KeyEvent(.character("s"), modifiers: .control)))
        XCTAssertTrue(board.statusLabel.text.contains("Saving once the last drawing is back"), board.statusLabel.text)
        XCTAssertTrue(store.saved.isEmpty, "not the empty canvas")
        readingMayEnd.signal()
        board.finishRestoring()
        board.finishSaves()
        XCTAssertEqual(store.saved.count, 1, "saved once the drawing was back")
        let restored = BoardSession(size: Size(width: 800, height: 600))
        restored.board.canvas.load(expected)
        XCTAssertTrue(store.saved.first?.isEqual(to: restored.board.canvas.renderArtwork()) == true, "the restored drawing")
        XCTAssertFalse(board.isModified)
    }

    func testASlowReadSaysSoAndTheMessageGoesWhenTheDrawingIsBack() {
        let state = temp.path + "/state"
        _ = leaveADrawing(in: state)
        let (window, board, clock, readingMayEnd) = restoringSlowly(state)
        clock.advance(by: DocumentWindowController.restoringMessageDelay + 0.01)
        window.application.tick()
        XCTAssertFalse(board.statusLabel.isHidden)
        XCTAssertTrue(board.statusLabel.text.contains("Restoring the last drawing"), board.statusLabel.text)
        readingMayEnd.signal()
        board.finishRestoring()
        XCTAssertTrue(board.statusLabel.text.contains("Restored"), board.statusLabel.text)
    }

    func testAnEmptyStateFolderRestoresNothingAndShowsNoMessage() {
        let window = Window(size: Size(width: 800, height: 600), application: Application(clock: ManualClock()))
        let board = DrawingBoardViewController(store: MemoryArtworkStore(), picturesFolder: temp.path)
        window.rootViewController = board
        window.render()
        board.restore(fromStateFolder: temp.path + "/fresh")
        board.finishRestoring()
        XCTAssertTrue(board.canvas.document.isEmpty)
        XCTAssertTrue(board.statusLabel.isHidden)
        XCTAssertNotNil(board.journal)
    }
}
