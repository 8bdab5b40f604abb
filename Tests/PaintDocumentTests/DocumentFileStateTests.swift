import Foundation
import XCTest
@testable import PaintDocument
import TestSupport

/// The document's file, name, unsaved mark and generations, without a window.
final class DocumentFileStateTests: XCTestCase {
    private let temp = TemporaryDirectory()

    /// A document of `count` strokes.
    private func drawing(_ count: Int) -> Document {
        Document(items: (0..<count).map { i in
            .stroke(Stroke(points: [Point(x: 0, y: Double(i)), Point(x: 10, y: Double(i))], color: .black, width: 2, blendMode: .sourceOver))
        })
    }

    func testTheUnsavedMarkTheNameAndTheTitle() {
        var state = DocumentFileState()
        XCTAssertEqual(state.windowTitle, "Untitled - X11Paint")
        XCTAssertEqual(state.saveAction, .writeNew)
        state.changed(to: drawing(1))
        XCTAssertEqual(state.windowTitle, "*Untitled - X11Paint")
        let generation = state.generation
        let saved = state.saved(drawing(1), generation: generation, path: temp.path + "/X11Paint 1.png")
        XCTAssertTrue(saved.current)
        XCTAssertFalse(saved.mentionLossyFormat)
        XCTAssertEqual(state.windowTitle, "X11Paint 1.png - X11Paint")
        XCTAssertEqual(state.binding.path, temp.path + "/X11Paint 1.png")
    }

    func testASaveThatEndsAfterAnotherDocumentOpenedMarksNothing() {
        var state = DocumentFileState()
        state.changed(to: drawing(1))
        let generation = state.generation
        state.swapped()
        state.opened(name: "other.png", file: temp.path + "/other.png")
        XCTAssertFalse(state.saved(drawing(1), generation: generation, path: temp.path + "/first.png").current)
        XCTAssertEqual(state.name, "other.png")
        XCTAssertEqual(state.binding.path, temp.path + "/other.png")
    }

    func testChangesDuringASaveStayUnsavedAndJPEGIsMentionedOnce() {
        var state = DocumentFileState()
        state.changed(to: drawing(1))
        let generation = state.generation
        state.changed(to: drawing(2)) // drawn while it was written
        XCTAssertTrue(state.saved(drawing(1), generation: generation, path: temp.path + "/a.jpg").mentionLossyFormat)
        XCTAssertTrue(state.isModified)
        XCTAssertFalse(state.saved(drawing(2), generation: generation, path: temp.path + "/a.jpg").mentionLossyFormat)
        XCTAssertFalse(state.isModified)
        state.opened(name: nil, file: nil)
        XCTAssertTrue(state.saved(drawing(2), generation: state.generation, path: temp.path + "/b.jpg").mentionLossyFormat,
                      "once per document")
    }

    func testTheJournalSnapshotCarriesTheFileAndTheSavedMark() {
        var state = DocumentFileState()
        state.restored(Document(), filePath: "/home/u/test.png", saved: true)
        let snapshot = state.journalSnapshot(Document(), redo: [], pending: nil)
        XCTAssertEqual(snapshot.filePath, "/home/u/test.png")
        XCTAssertTrue(snapshot.isSaved)
        state.changed(to: drawing(1))
        XCTAssertFalse(state.journalSnapshot(Document(), redo: [], pending: nil).isSaved)
        XCTAssertEqual(state.name, "test.png")
    }

    /// Unsaved is a place in the history: undoing every change since the save is saved again,
    /// and redoing one is a change again; a different change at the same length is a change.
    func testUndoingBackToTheSavedPointIsSaved() {
        var state = DocumentFileState()
        state.settled(drawing(3))
        XCTAssertFalse(state.isModified)
        state.changed(to: drawing(4))
        XCTAssertTrue(state.isModified)
        state.changed(to: drawing(3))
        XCTAssertFalse(state.isModified, "every change undone")
        state.changed(to: drawing(2))
        XCTAssertTrue(state.isModified, "undone past the saved point")
        var other = drawing(2)
        other.append(.clear)
        state.changed(to: other)
        XCTAssertTrue(state.isModified, "as many items as saved, but others")
        state.restored(drawing(3), filePath: "/home/u/test.png", saved: false)
        state.changed(to: drawing(2))
        XCTAssertTrue(state.isModified, "restored unsaved: no state is known to be in the file")
    }
}
