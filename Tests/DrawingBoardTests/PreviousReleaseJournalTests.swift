import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// A journal the previous release left when it was killed (Tests/Fixtures/journal, made by
/// scripts/make-journal-fixture.sh from that release's own build): strokes on two layers, a half
/// turn, a crop of several layers (which that release kept as a whole drawing aside), words and
/// a stroke undone. The current code opens it as the release showed it, pixel for pixel, with
/// its history, and what it journals from it opens again the same.
final class PreviousReleaseJournalTests: RestartingBoardTestCase {
    private static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/journal/previous-release").path

    override func setUp() {
        temp = TemporaryDirectory()
        try? FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        for name in ["journal", "pictures"] {
            try? FileManager.default.copyItem(atPath: Self.fixture + "/" + name, toPath: state + "/" + name)
        }
        start()
    }

    func testAJournalThePreviousReleaseWroteOpensPixelForPixelWithItsHistory() throws {
        let exported = try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: Self.fixture + "/exported.png")))
        let shown = canvas.renderArtwork()
        XCTAssertEqual([shown.width, shown.height], [exported.width, exported.height])
        XCTAssertTrue(shown.isEqual(to: exported), "the drawing as that release exported it")
        XCTAssertEqual(canvas.content.layers.count, 2, "both layers")
        XCTAssertEqual(canvas.redoItems.count, 2, "the words and the stroke undone can be redone")
        XCTAssertTrue(canvas.redoItems.contains { item in
            if case .onLayer(_, .text(let block)) = item { return block.text == "Fixture 你好" }
            if case .text(let block) = item { return block.text == "Fixture 你好" }
            return false
        }, "the words, read back")
        XCTAssertTrue(board.documentController.canUndoCrop, "the crop, kept as that release kept it")
        // Ctrl+Z back through the words to the crop, and past it to the whole drawing turned.
        while canvas.document.items.count > (canvas.document.format?.historyStart ?? 0) { board.undo() }
        board.undo()
        XCTAssertFalse(board.documentController.canUndoCrop)
        // Taking back the crop writes the whole drawing before it as a new generation; the
        // writer stores it in the moment before the user's next action (under a loaded machine
        // the redo's record waited behind it and was still queued at the kill).
        aMomentPasses()
        XCTAssertGreaterThan(canvas.renderArtwork().width, shown.width, "the drawing before the crop")
        // What the current code journals from it opens again the same.
        board.redo()
        let again = canvas.renderArtwork()
        crash()
        start()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: again), "journaled again by this release, the same")
    }
}
