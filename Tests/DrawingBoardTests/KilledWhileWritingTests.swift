import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// kill -9 while the journal's writer is busy (its fsync held by a disk that hangs): small
/// changes are already in the file, a change still queued behind the writer is lost whole,
/// and what comes back is a state the drawing really had, never a part of a change.
final class KilledWhileWritingTests: RestartingBoardTestCase {
    private var gate: DispatchSemaphore!

    /// Makes the writer's next fsync hang until `gate` is signalled; returns once it hangs.
    private func holdTheWriterInItsNextFsync() throws {
        let journal = try XCTUnwrap(board.journal)
        let gate = DispatchSemaphore(value: 0), entered = DispatchSemaphore(value: 0)
        self.gate = gate
        final class Once: @unchecked Sendable { var done = false }
        let once = Once()
        journal.beforeSync = {
            guard !once.done else { return }
            once.done = true
            entered.signal()
            _ = gate.wait(timeout: .now() + 10)
        }
        stroke(at: 60) // written at once; its fsync is the one that hangs
        XCTAssertEqual(entered.wait(timeout: .now() + 10), .success, "the writer is inside its fsync")
    }

    private func stroke(at y: Double) {
        driver.drag([w(60, y), w(300, y + 10), w(500, y)])
    }

    private func lifts() -> Int {
        canvas.document.items.filter { if case .clearArea = $0 { return true } else { return false } }.count
    }

    func testStrokesDrawnWhileTheDiskHangsAreInTheFileAtOnce() throws {
        try holdTheWriterInItsNextFsync()
        for row in 1...5 { stroke(at: 60 + Double(row) * 40) }
        board.undo()
        let expected = canvas.renderArtwork()
        XCTAssertEqual(canvas.document.items.count, 5)
        crash(releasingWriter: { gate.signal() })
        XCTAssertEqual(droppedInCrash, 0, "nothing was waiting for the writer")
        start()
        XCTAssertEqual(canvas.document.items.count, 5, "six strokes drawn, one undone: five came back")
        XCTAssertEqual(canvas.redoItems.count, 1, "and the undone one can be redone")
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: expected), "pixel for pixel")
    }

    func testAChangeStillQueuedIsLostWholeAndWhatCameBeforeItIsKept() throws {
        stroke(at: 100)
        board.setStrokeWidth(30)
        stroke(at: 200)
        try holdTheWriterInItsNextFsync()
        let beforeLifting = canvas.renderArtwork()
        let itemsBeforeLifting = canvas.document.items.count
        // Lifting a selection stores its pixels as a picture: that write waits behind the
        // hanging fsync, and the strokes after it wait behind it, in order.
        session.window.send(KeyEvent(.character("s")))
        driver.drag([w(40, 80), w(200, 160), w(400, 230)])
        driver.drag([w(150, 150), w(250, 160), w(350, 180)])
        XCTAssertTrue(board.photoController.isLifted)
        session.window.send(KeyEvent(.enter))
        session.window.send(KeyEvent(.character("p")))
        stroke(at: 300)
        stroke(at: 340)
        XCTAssertGreaterThan(canvas.document.items.count, itemsBeforeLifting + 2)
        crash(lastChangeMayBeQueued: true, releasingWriter: { gate.signal() })
        print("killed with \(droppedInCrash) changes queued; the drawing had \(itemsBeforeLifting) items before the lifting")
        XCTAssertGreaterThanOrEqual(droppedInCrash, 3, "the lifting and the two strokes behind it were still queued")
        start()
        XCTAssertEqual(canvas.document.items.count, itemsBeforeLifting, "everything before the lifting came back, nothing after it")
        XCTAssertEqual(lifts(), 0, "no place cleared without its pixels")
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: beforeLifting), "the drawing as it was before the lifting, pixel for pixel")
    }
}
