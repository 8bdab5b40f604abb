import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

final class DocumentJournalTests: XCTestCase {
    private var temp: TemporaryDirectory!
    private var boards: [DrawingBoardViewController] = []

    override func setUp() { temp = TemporaryDirectory() }

    /// A new session on the folder: the sessions before it have ended (their journals let go).
    private func makeBoard(journalFolder: String) -> (Window, DrawingBoardViewController, ManualClock) {
        for board in boards { board.journal?.close() }
        let clock = ManualClock()
        let window = Window(size: Size(width: 800, height: 600), application: Application(clock: clock))
        let board = DrawingBoardViewController(store: MemoryArtworkStore(), picturesFolder: temp.path)
        window.rootViewController = board
        window.render()
        let recovery = DocumentJournal.recover(folder: journalFolder)
        board.attach(try! DocumentJournal(folder: journalFolder), restoring: recovery)
        boards.append(board)
        return (window, board, clock)
    }

    private func drag(_ window: Window, _ board: DrawingBoardViewController, y: Double) {
        var driver = TouchDriver(window: window)
        let a = board.canvas.convert(Point(x: 100, y: y), to: nil), b = board.canvas.convert(Point(x: 600, y: y), to: nil)
        driver.drag(TouchDriver.line(from: a, to: b, step: 20))
    }

    func testEverythingComesBackIncludingUndoHistoryPhotosAndBackgrounds() {
        let folder = temp.path + "/state"
        let (window, board, _) = makeBoard(journalFolder: folder)
        drag(window, board, y: 100)
        board.selectColor(at: 1)
        drag(window, board, y: 200)
        drag(window, board, y: 300)
        board.undo()
        board.canvas.setBackground(.color(Color(r: 250, g: 240, b: 220)))
        let picture = Bitmap(width: 40, height: 30, color: .blue)
        board.placePhoto(Photo(asset: ImageAsset(bitmap: picture, name: "blue")))
        board.bakePhoto()
        board.selectTool(at: 3)
        drag(window, board, y: 400)
        let expected = board.canvas.renderArtwork()
        let expectedDocument = board.canvas.document
        // A new session on the same folder: the drawing, and its history, are back.
        let (_, restored, _) = makeBoard(journalFolder: folder)
        XCTAssertEqual(restored.canvas.document, expectedDocument)
        XCTAssertTrue(restored.canvas.renderArtwork().isEqual(to: expected), "pixel for pixel")
        XCTAssertTrue(restored.statusLabel.text.contains("Restored"), restored.statusLabel.text)
        // The undo history came along: undo all the way, then redo the undone green stroke too.
        restored.canvas.undo()
        XCTAssertEqual(restored.canvas.document.items.count, expectedDocument.items.count - 1)
        XCTAssertEqual(restored.canvas.redoItems.count, 1)
    }

    func testTheStrokeBeingDrawnIsJournaledEverySecond() {
        let folder = temp.path + "/state"
        let (window, board, clock) = makeBoard(journalFolder: folder)
        let a = board.canvas.convert(Point(x: 100, y: 100), to: nil)
        window.send([TouchInput(identifier: 1, phase: .began, location: a, timestamp: 0)])
        for step in 1...20 {
            window.send([TouchInput(identifier: 1, phase: .moved, location: Point(x: a.x + Double(step) * 20, y: a.y), timestamp: 0)])
            clock.advance(by: 0.1)
            window.application.tick()
        }
        // The app dies here, mid-stroke, after 2 s of drawing: at most the last second is lost.
        board.settleJournal()
        let recovery = DocumentJournal.recover(folder: folder)
        let stroke = try! XCTUnwrap(recovery.unfinishedStroke)
        XCTAssertGreaterThanOrEqual(stroke.points.count, 11, "everything up to the last second")
        let (_, restored, _) = makeBoard(journalFolder: folder)
        XCTAssertEqual(restored.canvas.document.items.count, 1, "it comes back as a stroke")
    }

    func testACancelledStrokeDoesNotComeBack() {
        let folder = temp.path + "/state"
        let (window, board, clock) = makeBoard(journalFolder: folder)
        let a = board.canvas.convert(Point(x: 100, y: 100), to: nil)
        window.send([TouchInput(identifier: 1, phase: .began, location: a, timestamp: 0)])
        window.send([TouchInput(identifier: 1, phase: .moved, location: Point(x: a.x + 100, y: a.y), timestamp: 0)])
        clock.advance(by: 1.1)
        window.application.tick()
        // The stroke in progress was journaled (a crash now would bring it back)...
        board.settleJournal()
        XCTAssertNotNil(DocumentJournal.recover(folder: folder).unfinishedStroke, "journaled while it was drawn")
        // ...and Escape drops it from the journal too.
        window.send(KeyEvent(.escape))
        board.settleJournal()
        XCTAssertNil(DocumentJournal.recover(folder: folder).unfinishedStroke)
    }

    func testATornOrCorruptTailIsSkippedNeverACrash() throws {
        let folder = temp.path + "/state"
        let (window, board, _) = makeBoard(journalFolder: folder)
        for y in stride(from: 100.0, through: 400, by: 100) { drag(window, board, y: y) }
        board.settleJournal()
        let path = folder + "/journal"
        let good = try Data(contentsOf: URL(fileURLWithPath: path))
        // Torn at every length: always a prefix of the history, never a crash.
        var counts: [Int] = []
        for length in stride(from: 0, through: good.count, by: max(1, good.count / 97)) {
            try good.prefix(length).write(to: URL(fileURLWithPath: path))
            counts.append(DocumentJournal.recover(folder: folder).document.items.count)
        }
        XCTAssertEqual(counts.sorted(), counts, "more bytes never mean fewer items")
        // A flipped byte in the last record: that record and what follows are skipped.
        var corrupt = [UInt8](good)
        corrupt[corrupt.count - 5] ^= 0x40
        try Data(corrupt).write(to: URL(fileURLWithPath: path))
        let recovery = DocumentJournal.recover(folder: folder)
        XCTAssertEqual(recovery.document.items.count, 3)
        XCTAssertGreaterThan(recovery.skippedBytes, 0)
    }

    func testCompactionInTheBackgroundKeepsEveryRecord() {
        let folder = temp.path + "/state"
        let (window, board, _) = makeBoard(journalFolder: folder)
        board.journal?.compactionThreshold = 3
        for y in stride(from: 50.0, through: 400, by: 25) { drag(window, board, y: y) }
        drag(window, board, y: 450)
        board.settleJournal()
        XCTAssertEqual(DocumentJournal.recover(folder: folder).document, board.canvas.document)
    }

    func testPicturesNoLongerReferencedArePrunedWhenTheJournalIsCompacted() throws {
        let folder = temp.path + "/state"
        let (_, board, _) = makeBoard(journalFolder: folder)
        let kept = ImageAsset(bitmap: Bitmap(width: 8, height: 8, color: .red), name: "kept")
        let dropped = ImageAsset(bitmap: Bitmap(width: 8, height: 8, color: .blue), name: "dropped")
        board.placePhoto(Photo(asset: kept))
        board.bakePhoto()
        board.placePhoto(Photo(asset: dropped))
        board.bakePhoto()
        board.undo()
        board.canvas.setBackground(.color(.green)) // a new item: the undone photo is gone for good
        let pictures = folder + "/pictures"
        board.settleJournal()
        XCTAssertTrue(FileManager.default.fileExists(atPath: pictures + "/\(dropped.id).img"), "still there before compaction")
        let journal = try XCTUnwrap(board.journal)
        journal.compact(DocumentJournal.Snapshot(board.canvas.document, redo: board.canvas.redoItems))
        board.settleJournal()
        XCTAssertFalse(FileManager.default.fileExists(atPath: pictures + "/\(dropped.id).img"), "pruned")
        XCTAssertTrue(FileManager.default.fileExists(atPath: pictures + "/\(kept.id).img"), "the baked one stays")
        XCTAssertEqual(DocumentJournal.recover(folder: folder).document, board.canvas.document)
    }
}
