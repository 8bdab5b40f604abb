import Foundation
import XCTest
@testable import PaintDocument
import TestSupport

/// The document's file, name, unsaved mark and generations, without a window (issue 38).
final class DocumentFileStateTests: XCTestCase {
    private let temp = TemporaryDirectory()

    func testTheUnsavedMarkTheNameAndTheTitle() {
        var state = DocumentFileState()
        XCTAssertEqual(state.windowTitle, "Untitled - X11Paint")
        XCTAssertEqual(state.saveAction, .writeNew)
        state.changed()
        XCTAssertEqual(state.windowTitle, "*Untitled - X11Paint")
        let generation = state.generation
        let saved = state.saved(editsSaved: state.editCount, generation: generation, path: temp.path + "/X11Paint 1.png")
        XCTAssertTrue(saved.current)
        XCTAssertFalse(saved.mentionLossyFormat)
        XCTAssertEqual(state.windowTitle, "X11Paint 1.png - X11Paint")
        XCTAssertEqual(state.binding.path, temp.path + "/X11Paint 1.png")
    }

    func testASaveThatEndsAfterAnotherDocumentOpenedMarksNothing() {
        var state = DocumentFileState()
        state.changed()
        let (edits, generation) = (state.editCount, state.generation)
        state.swapped()
        state.opened(name: "other.png", file: temp.path + "/other.png")
        XCTAssertFalse(state.saved(editsSaved: edits, generation: generation, path: temp.path + "/first.png").current)
        XCTAssertEqual(state.name, "other.png")
        XCTAssertEqual(state.binding.path, temp.path + "/other.png")
    }

    func testChangesDuringASaveStayUnsavedAndJPEGIsMentionedOnce() {
        var state = DocumentFileState()
        state.changed()
        let (edits, generation) = (state.editCount, state.generation)
        state.changed() // drawn while it was written
        XCTAssertTrue(state.saved(editsSaved: edits, generation: generation, path: temp.path + "/a.jpg").mentionLossyFormat)
        XCTAssertTrue(state.isModified)
        XCTAssertFalse(state.saved(editsSaved: state.editCount, generation: generation, path: temp.path + "/a.jpg").mentionLossyFormat)
        XCTAssertFalse(state.isModified)
        state.opened(name: nil, file: nil)
        XCTAssertTrue(state.saved(editsSaved: state.editCount, generation: state.generation, path: temp.path + "/b.jpg").mentionLossyFormat,
                      "once per document")
    }

    func testTheJournalSnapshotCarriesTheFileAndTheSavedMark() {
        var state = DocumentFileState()
        state.restored(filePath: "/home/u/test.png", saved: true)
        let snapshot = state.journalSnapshot(Document(), redo: [], pending: nil)
        XCTAssertEqual(snapshot.filePath, "/home/u/test.png")
        XCTAssertTrue(snapshot.isSaved)
        state.changed()
        XCTAssertFalse(state.journalSnapshot(Document(), redo: [], pending: nil).isSaved)
        XCTAssertEqual(state.name, "test.png")
    }
}
