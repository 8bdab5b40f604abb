import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// What the features added since the journal began lost. A lifted selection, words
/// being typed, a crop and the document's size all come back after a crash (the journal read
/// as the writer left it, without the orderly end's flush) and after an orderly end.
final class WorkInProgressJournalTests: RestartingBoardTestCase {
    /// A second of the app's life: the writer finishes what it had queued (a lifted
    /// selection's pixels being encoded), then the once-a-second progress timer runs as the
    /// app's loop would.
    private func waitASecond() {
        aMomentPasses()
        session.clock.advance(by: RecoveryRecorder.progressInterval + 0.1)
        session.window.application.tick()
    }

    /// A thick teal stroke and a black line: pixels worth moving.
    private func drawSomething() {
        board.setColor(Color(r: 20, g: 140, b: 150))
        board.setStrokeWidth(30)
        driver.drag([w(120, 150), w(200, 150), w(200, 220)])
        board.setColor(.black)
        board.setStrokeWidth(3)
        driver.drag([w(100, 100), w(230, 240)])
    }

    /// Selects a rectangle and drags its pixels 200 right and 30 down (they float there).
    private func liftAndMove() {
        session.window.send(KeyEvent(.character("s")))
        driver.drag([w(100, 100), w(160, 170), w(230, 240)])
        driver.drag([w(150, 150), w(250, 160), w(350, 180)])
        XCTAssertTrue(board.photoController.isLifted)
    }

    /// What the drawing looks like with the floating pixels left where they float.
    private func bakedLooks() -> Bitmap {
        let copy = BoardSession(size: Size(width: 800, height: 600))
        var document = canvas.document
        if let item = board.photoController.liftedItem { document.append(item) }
        copy.board.canvas.load(document)
        return copy.board.canvas.renderArtwork()
    }

    // MARK: - A lifted selection

    func testALiftedSelectionComesBackWhereItFloatedAfterACrash() throws {
        drawSomething()
        liftAndMove()
        waitASecond() // its new place reaches the journal with the progress
        let expected = bakedLooks()
        crash()
        start()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: expected), "the moved pixels are where they floated, baked")
        XCTAssertEqual(canvas.document.items.count, 4, "two strokes, the lifting, the pixels")
    }

    func testAKillRightAfterLiftingLosesNoPixels() throws {
        drawSomething()
        let before = canvas.renderArtwork()
        session.window.send(KeyEvent(.character("s")))
        driver.drag([w(100, 100), w(160, 170), w(230, 240)])
        // Lifted but not yet moved on (the press that lifts it, then a crash): the lifting's
        // pixels may still be being stored, and then the drawing comes back as before it.
        driver.drag([w(150, 150), w(150, 150)])
        XCTAssertTrue(board.photoController.isLifted)
        crash(lastChangeMayBeQueued: true)
        start()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: before), "nothing lost: the pixels are back where they were lifted from")
    }

    /// A kill after any write of the journal leaves every lifting with its pixels: the place
    /// the selection leaves and the pixels that float reach the file in one write (they were
    /// two, and a kill between them lost the pixels).
    func testAKillAtAnyWriteLeavesEveryLiftingWithItsPixels() throws {
        drawSomething()
        let journal = try XCTUnwrap(board.journal)
        journal.flush()
        let copies = NSTemporaryDirectory() + "x11paint-kills-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: copies) }
        // The journal's folder as a kill after each write would leave it (taken on the writer).
        final class Writes: @unchecked Sendable { var count = 0 }
        let writes = Writes()
        journal.afterWrite = { [folder = journal.folder] in
            writes.count += 1
            try? FileManager.default.copyItem(atPath: folder, toPath: copies + "/\(writes.count)")
        }
        session.window.send(KeyEvent(.character("s")))
        driver.drag([w(100, 100), w(160, 170), w(230, 240)])
        driver.drag([w(150, 150), w(150, 150)]) // the press that lifts it
        XCTAssertTrue(board.photoController.isLifted)
        journal.flush()
        journal.afterWrite = nil
        XCTAssertGreaterThan(writes.count, 0)
        var lifted = false
        for copy in 1...max(1, writes.count) {
            let recovery = DocumentJournal.recover(folder: copies + "/\(copy)")
            var items = recovery.document.items
            if let pending = recovery.pendingItem { items.append(pending) }
            let cleared = items.filter { if case .clearArea = $0 { return true } else { return false } }.count
            let floating = items.filter { if case .photo = $0 { return true } else { return false } }.count
            XCTAssertEqual(cleared, floating, "killed after write \(copy) of \(writes.count): every lifting has its pixels")
            lifted = lifted || cleared > 0
        }
        XCTAssertTrue(lifted, "the lifting reached the journal")
    }

    func testAnOrderlyEndLeavesALiftedSelectionWhereItFloats() throws {
        drawSomething()
        liftAndMove()
        let expected = bakedLooks()
        end()
        XCTAssertNil(board.photoPlacement, "baked on the way out")
        start()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: expected))
        // And it is an ordinary change: Ctrl+Z takes the move back.
        XCTAssertTrue(canvas.undo())
        XCTAssertTrue(canvas.undo())
        XCTAssertEqual(canvas.document.items.count, 2)
    }

    func testUndoingALiftLeavesNothingFloatingInTheJournal() throws {
        drawSomething()
        let before = canvas.renderArtwork()
        liftAndMove()
        waitASecond()
        board.undo()
        XCTAssertNil(board.photoPlacement)
        crash()
        start()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: before), "no second copy of the pixels, none missing")
    }

    // MARK: - Words being typed

    func testWordsBeingTypedComeBackAfterACrash() throws {
        board.selectTool(at: DrawingBoardViewController.tools.firstIndex { $0 is TextBrush }!)
        driver.tap(w(200, 200))
        XCTAssertTrue(canvas.isEditingText)
        canvas.typeText("Hello, 世界")
        waitASecond()
        canvas.typeText(" and more") // typed in the last second: may be lost
        crash()
        start()
        let texts = canvas.document.items.compactMap { item -> String? in if case .text(let block) = item { return block.text } else { return nil } }
        XCTAssertEqual(texts, ["Hello, 世界"], "all but the last second of typing")
    }

    func testCommittedTextIsInTheJournalOnceAndACancelledBoxNotAtAll() throws {
        board.selectTool(at: DrawingBoardViewController.tools.firstIndex { $0 is TextBrush }!)
        driver.tap(w(200, 200))
        canvas.typeText("kept")
        waitASecond()
        canvas.commitText()
        driver.tap(w(300, 300))
        canvas.typeText("dropped")
        waitASecond()
        canvas.cancelText()
        crash()
        start()
        let texts = canvas.document.items.compactMap { item -> String? in if case .text(let block) = item { return block.text } else { return nil } }
        XCTAssertEqual(texts, ["kept"])
    }

    // MARK: - Crops

    func testACropCanBeTakenBackAfterARestart() throws {
        drawSomething()
        let whole = canvas.renderArtwork()
        let format = try XCTUnwrap(canvas.document.format)
        session.window.send(KeyEvent(.character("s")))
        driver.drag([w(100, 100), w(160, 170), w(230, 240)])
        session.window.send(KeyEvent(.character("x"), modifiers: [.control, .shift]))
        let cropped = canvas.renderArtwork()
        XCTAssertEqual(cropped.width, 130)
        aMomentPasses() // the crop's generation is written
        crash()
        start()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: cropped), "the crop comes back")
        XCTAssertTrue(board.undoButton.isEnabled)
        board.undo()
        XCTAssertEqual(canvas.document.format, format, "Ctrl+Z after the restart: the whole document")
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: whole), "pixel for pixel")
        // The crop taken back is journaled too: a clean restart keeps the whole document.
        end()
        start()
        XCTAssertEqual(canvas.document.format, format)
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: whole))
    }

    func testTwoCropsComeBackOneUndoAtATime() throws {
        drawSomething()
        let format = try XCTUnwrap(canvas.document.format)
        session.window.send(KeyEvent(.character("a"), modifiers: .control))
        canvas.setSelection(Rect(x: 50, y: 50, width: 300, height: 250))
        session.window.send(KeyEvent(.character("x"), modifiers: [.control, .shift]))
        let first = try XCTUnwrap(canvas.document.format)
        canvas.setSelection(Rect(x: 10, y: 10, width: 100, height: 100))
        session.window.send(KeyEvent(.character("x"), modifiers: [.control, .shift]))
        end()
        start()
        XCTAssertEqual(canvas.document.format?.pixelWidth, 100)
        board.undo()
        XCTAssertEqual(canvas.document.format, first)
        board.undo()
        XCTAssertEqual(canvas.document.format, format)
    }

    // MARK: - The document's size

    /// The journal's frames, and where each starts.
    private func frames() throws -> [(offset: Int, payload: String)] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: state + "/journal")))
        var offset = 0, found: [(Int, String)] = []
        while let (payload, length) = JournalReader.frame(in: bytes, at: offset) {
            found.append((offset, String(decoding: payload, as: UTF8.self)))
            offset += DocumentJournal.headerSize + length
        }
        return found
    }

    /// Flips one bit in the payload of the frame at `offset`.
    private func flipBit(inFrameAt offset: Int) throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: state + "/journal")))
        bytes[offset + DocumentJournal.headerSize + 5] ^= 0x10
        try Data(bytes).write(to: URL(fileURLWithPath: state + "/journal"))
    }

    private func openPicture() throws {
        let bitmap = Bitmap(width: 1200, height: 900, color: Color(r: 200, g: 210, b: 220))
        let path = temp.path + "/picture.png"
        try PNGCodec.encode(bitmap).write(to: URL(fileURLWithPath: path))
        board.openDocument(path: path)
        board.finishOpening()
        session.window.render()
        BoardSession(window: session.window, board: board).drag(y: 100)
    }

    func testOneFlippedBitInTheSizeRecordNeverChangesTheSize() throws {
        try openPicture()
        end()
        XCTAssertEqual(try frames().filter { $0.payload.hasPrefix("{\"format\"") }.count, 2, "the size is written twice")
        for which in 0..<2 {
            // Each start writes a new generation: the records are found again each time.
            let sizes = try frames().filter { $0.payload.hasPrefix("{\"format\"") }
            guard sizes.count == 2 else { return XCTFail("the size is written twice in every generation") }
            try flipBit(inFrameAt: sizes[which].offset)
            start()
            XCTAssertEqual(canvas.document.format?.pixelWidth, 1200, "the other copy holds")
            XCTAssertEqual(canvas.document.format?.pixelHeight, 900)
            XCTAssertEqual(canvas.document.items.count, 2)
            end()
        }
    }

    func testASizeLostWholeIsTakenFromThePictureAndSaid() throws {
        try openPicture()
        end()
        for size in try frames().filter({ $0.payload.hasPrefix("{\"format\"") }) { try flipBit(inFrameAt: size.offset) }
        let recovery = DocumentJournal.recover(folder: state)
        XCTAssertEqual(recovery.sizeRecovery, .fromPicture(width: 1200, height: 900))
        start()
        XCTAssertEqual(canvas.document.format?.pixelWidth, 1200, "not the window's size")
        XCTAssertEqual(canvas.document.format?.pixelHeight, 900)
        XCTAssertTrue(board.statusLabel.text.contains("taken from its picture (1200x900)"), board.statusLabel.text)
    }

    func testASizeLostWithNoPictureToTellIsSaid() throws {
        drawSomething()
        end()
        for size in try frames().filter({ $0.payload.hasPrefix("{\"format\"") }) { try flipBit(inFrameAt: size.offset) }
        XCTAssertEqual(DocumentJournal.recover(folder: state).sizeRecovery, .lost)
        start()
        XCTAssertTrue(board.statusLabel.text.contains("has the window's size now"), board.statusLabel.text)
        XCTAssertEqual(canvas.document.items.count, 2)
    }
}
