import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// Save returns at once and writes in the background.
final class BackgroundSaveTests: XCTestCase {
    /// A store whose disk is as slow as the test wants: each save waits for the gate.
    private final class GatedStore: ArtworkStore, @unchecked Sendable {
        let gate = DispatchSemaphore(value: 0)
        let entered = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var bitmaps: [Bitmap] = []
        var saved: [Bitmap] { lock.lock(); defer { lock.unlock() }; return bitmaps }

        func save(_ artwork: Bitmap) throws -> String {
            entered.signal()
            _ = gate.wait(timeout: .now() + 10)
            lock.lock()
            defer { lock.unlock() }
            bitmaps.append(artwork)
            return "/slow/\(bitmaps.count).png"
        }
    }

    private func board(store: ArtworkStore) -> (Window, DrawingBoardViewController) {
        let session = BoardSession(store: store)
        return (session.window, session.board)
    }

    private func drag(_ window: Window, _ board: DrawingBoardViewController, y: Double) {
        BoardSession(window: window, board: board).drag(y: y)
    }

    func testDrawingGoesOnDuringASaveAndDoesNotEnterTheSavedFile() throws {
        let store = GatedStore()
        let (window, board) = board(store: store)
        drag(window, board, y: 100)
        let atSave = board.canvas.renderArtwork() // what a synchronous save would have written
        board.save()
        XCTAssertEqual(store.entered.wait(timeout: .now() + 10), .success, "the save is under way")
        XCTAssertTrue(board.statusLabel.text.contains("Saving"), board.statusLabel.text)
        // The disk is still busy with the save: the user keeps drawing.
        drag(window, board, y: 200)
        drag(window, board, y: 300)
        XCTAssertEqual(board.canvas.document.items.count, 3)
        store.gate.signal()
        board.finishSaves()
        XCTAssertEqual(store.saved.count, 1)
        guard let saved = store.saved.first else { return }
        XCTAssertTrue(saved.isEqual(to: atSave), "the file holds the drawing as it was when Save was pressed, pixel for pixel")
        XCTAssertFalse(saved.isEqual(to: board.canvas.renderArtwork()), "and not the strokes drawn while it was written")
        XCTAssertTrue(board.statusLabel.text.contains("Saved to /slow/1.png"), board.statusLabel.text)
    }

    func testTwoSavesInARowWriteTwoFilesInOrder() throws {
        let temp = TemporaryDirectory()
        let store = PicturesArtworkStore(environment: ["HOME": temp.path, "XDG_CONFIG_HOME": temp.path + "/config"],
                                         now: { Date(timeIntervalSince1970: 1_700_000_000) })
        let (window, board) = board(store: store)
        drag(window, board, y: 100)
        let first = board.canvas.renderArtwork()
        board.save()
        drag(window, board, y: 250)
        let second = board.canvas.renderArtwork()
        board.save()
        var paths: [String] = []
        board.documentController.onSaveFinished = { if case .success(let path) = $0 { paths.append(path) } }
        board.finishSaves()
        XCTAssertEqual(paths.count, 2)
        guard paths.count == 2 else { return }
        XCTAssertTrue(paths[1].hasSuffix(" - 2.png") && !paths[0].hasSuffix(" - 2.png"), "the same second: the second takes the next name \(paths)")
        XCTAssertTrue(try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: paths[0]))).isEqual(to: first))
        XCTAssertTrue(try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: paths[1]))).isEqual(to: second))
        XCTAssertEqual(board.documentController.lastSavedPath, paths[1])
    }

    func testEndingTheAppWaitsForASaveStillRunning() throws {
        let store = GatedStore()
        let (window, board) = board(store: store)
        drag(window, board, y: 100)
        board.save()
        XCTAssertEqual(store.entered.wait(timeout: .now() + 10), .success)
        // The disk answers a moment after the app was told to end.
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { store.gate.signal() }
        board.finishSaves() // what X11App does on every orderly end
        XCTAssertEqual(store.saved.count, 1, "the save finished before the app went")
        XCTAssertEqual(board.documentController.lastSavedPath, "/slow/1.png")
    }
}
