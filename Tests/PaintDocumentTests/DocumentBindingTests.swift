import Foundation
import XCTest
@testable import PaintDocument
import TestSupport

/// What Save does for a document bound or not to a file, decided without a window,
/// and the binding's trip through the recovery journal.
final class DocumentBindingTests: XCTestCase {
    private let temp = TemporaryDirectory()

    private func file(_ name: String, bytes: Int = 10) throws -> String {
        let path = temp.path + "/" + name
        try Data(repeating: 7, count: bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testSaveWritesANewFileThenTheBoundOneAndNothingWhenNothingChanged() throws {
        XCTAssertEqual(DocumentBinding().saveAction(isModified: true), .writeNew, "untitled")
        let path = try file("drawing.png")
        let binding = DocumentBinding(path: path)
        let target = try XCTUnwrap(SaveAsTarget(path: path))
        XCTAssertEqual(binding.saveAction(isModified: true), .replace(target))
        XCTAssertEqual(binding.saveAction(isModified: false), .nothingToSave)
        XCTAssertEqual(DocumentBinding(path: temp.path + "/notes.txt").saveAction(isModified: false), .writeNew,
                       "a name Save cannot write makes a new file")
    }

    func testAFileChangedReplacedOrDeletedOnDiskIsNoticed() throws {
        let path = try file("drawing.png")
        let target = try XCTUnwrap(SaveAsTarget(path: path))
        var binding = DocumentBinding(path: path)
        // Rewritten in place with another size.
        try Data(repeating: 1, count: 20).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(binding.saveAction(isModified: false), .askBeforeReplacingChangedFile(target))
        binding.noteWritten()
        XCTAssertEqual(binding.saveAction(isModified: true), .replace(target), "after our own write it is ours again")
        // Replaced by a rename (same size, another inode).
        _ = try file("other.png", bytes: 20)
        XCTAssertEqual(rename(temp.path + "/other.png", path), 0)
        XCTAssertEqual(binding.saveAction(isModified: true), .askBeforeReplacingChangedFile(target))
        // Deleted: written again, even with nothing changed.
        binding.noteWritten()
        XCTAssertEqual(unlink(path), 0)
        XCTAssertEqual(binding.saveAction(isModified: false), .replace(target))
        // A folder where the file was is not the file.
        XCTAssertEqual(mkdir(path, 0o700), 0)
        XCTAssertNil(FileFingerprint.of(path))
    }

    func testTheJournalKeepsTheFileAndWhetherItHoldsTheDocument() throws {
        var recovery = JournalReader.Recovery()
        let stroke = Stroke(points: [Point(x: 1, y: 1), Point(x: 5, y: 5)], color: .black, width: 2, blendMode: .sourceOver)
        JournalReader.apply(.append(.stroke(stroke)), to: &recovery)
        JournalReader.apply(.binding(path: "/home/u/test.png", saved: true), to: &recovery)
        XCTAssertEqual(recovery.filePath, "/home/u/test.png")
        XCTAssertTrue(recovery.isSaved)
        for change in [DocumentJournal.Record.append(.stroke(stroke)), .undo, .redo, .cropped] {
            var changed = recovery
            JournalReader.apply(change, to: &changed)
            XCTAssertFalse(changed.isSaved, "\(change) makes it unsaved")
            XCTAssertEqual(changed.filePath, "/home/u/test.png", "and keeps the name")
        }
        // A generation (compaction, another document) carries the binding at its end.
        let snapshot = DocumentJournal.Snapshot(Document(items: [.stroke(stroke)]), redo: [], filePath: "/home/u/test.png", isSaved: true)
        var rebuilt = JournalReader.Recovery()
        for frame in try JournalFile.generationFrames(snapshot) {
            let record = try JSONDecoder().decode(DocumentJournal.Record.self, from: frame.dropFirst(DocumentJournal.headerSize))
            JournalReader.apply(record, to: &rebuilt)
        }
        XCTAssertEqual(rebuilt.filePath, "/home/u/test.png")
        XCTAssertTrue(rebuilt.isSaved)
        XCTAssertEqual(rebuilt.document.items.count, 1)
    }
}
