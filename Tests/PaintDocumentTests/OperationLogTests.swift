import Foundation
import XCTest
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport

/// The document as one stream of operations with authors: each author undoes only their own,
/// an operation counts once, and the same operations give the same pixels however they came
/// (made here, applied from elsewhere, replayed from the start).
final class OperationLogTests: XCTestCase, RandomOperationLogs {
    // MARK: - Each author's own undo

    func testEachAuthorUndoesTheirOwnLatestChangeEvenUnderOthersLaterOnes() {
        var log = OperationLog()
        let a1 = Document.Item.clear, b1 = Document.Item.adjust(.invert, area: nil)
        let a2 = Document.Item.mirror(horizontally: true, area: nil), b2 = Document.Item.turnImage(.halfTurn)
        for (author, item) in [(1, a1), (2, b1), (1, a2), (2, b2)] as [(UInt32, Document.Item)] { _ = log.make(.item(item), by: author) }
        XCTAssertEqual(log.make(.undo(log.undoTarget(of: 1)!), by: 1).1, .removed(at: 2, a2), "A's latest, under B's later change")
        XCTAssertEqual(log.items, [a1, b1, b2])
        XCTAssertEqual(log.make(.undo(log.undoTarget(of: 2)!), by: 2).1, .removed(at: 2, b2))
        XCTAssertEqual(log.make(.undo(log.undoTarget(of: 1)!), by: 1).1, .removed(at: 0, a1))
        XCTAssertEqual(log.items, [b1])
        // Redo puts each back where it was in the log, the latest undone first.
        XCTAssertEqual(log.make(.redo(log.redoTarget(of: 1)!), by: 1).1, .inserted(at: 0, a1))
        XCTAssertEqual(log.make(.redo(log.redoTarget(of: 1)!), by: 1).1, .inserted(at: 2, a2))
        XCTAssertEqual(log.items, [a1, b1, a2])
        XCTAssertNil(log.redoTarget(of: 1))
        XCTAssertEqual(log.redoItems(of: 2), [b2], "B's redo is B's alone")
        // A new change by B ends B's redo, never A's.
        _ = log.make(.undo(log.undoTarget(of: 1)!), by: 1)
        _ = log.make(.item(.clear), by: 2)
        XCTAssertNil(log.redoTarget(of: 2))
        XCTAssertEqual(log.redoItems(of: 1), [a2])
    }

    func testNobodyUndoesAnotherAuthorsChangeAndAnOperationCountsOnce() {
        var log = OperationLog()
        let (made, _) = log.make(.item(.clear), by: 1)
        guard case .refused = log.apply(DocumentOperation(id: log.nextID(for: 2), kind: .undo(made.id))) else { return XCTFail("undoing another's change") }
        guard case .refused = log.apply(made) else { return XCTFail("the same operation twice") }
        XCTAssertEqual(log.items, [.clear])
        guard case .refused = log.apply(DocumentOperation(id: log.nextID(for: 1), kind: .redo(made.id))) else { return XCTFail("redo of a change in effect") }
        // What was opened is where the history starts: no undo takes it back.
        var opened = OperationLog(items: [.background(.color(.black))], historyStart: 1)
        XCTAssertNil(opened.undoTarget(of: OperationID.localAuthor))
        _ = opened.make(.item(.clear), by: OperationID.localAuthor)
        XCTAssertNotNil(opened.undoTarget(of: OperationID.localAuthor))
    }

    func testALogMadeFromADocumentAndItsRedoIsThatDocumentWithThatRedo() {
        let items: [Document.Item] = [.clear, .adjust(.invert, area: nil)]
        let redo: [Document.Item] = [.turnImage(.halfTurn), .mirror(horizontally: false, area: nil)]
        var log = OperationLog(items: items, redo: redo, historyStart: 0)
        XCTAssertEqual(log.items, items)
        XCTAssertEqual(log.redoItems(of: OperationID.localAuthor), redo)
        // Redo puts back redo's last first: it came right after the items.
        XCTAssertEqual(log.make(.redo(log.redoTarget(of: 0)!), by: 0).1, .inserted(at: 2, redo[1]))
        XCTAssertEqual(log.make(.redo(log.redoTarget(of: 0)!), by: 0).1, .inserted(at: 3, redo[0]))
    }

    // MARK: - Random logs of several authors

    /// With one author the log is the familiar stack: the same items and redo as a plain list
    /// with a redo list, at every step of random logs.
    func testOneAuthorIsExactlyTheUndoStack() {
        for seed in 1...40 {
            var random = SeededGenerator(seed: UInt64(seed))
            var log = OperationLog(), items: [Document.Item] = [], redo: [Document.Item] = []
            for n in 0..<80 {
                let roll = random.next() % 10
                if roll < 3, let target = log.undoTarget(of: 0) {
                    _ = log.make(.undo(target), by: 0)
                    redo.append(items.removeLast())
                } else if roll < 5, let target = log.redoTarget(of: 0) {
                    _ = log.make(.redo(target), by: 0)
                    items.append(redo.removeLast())
                } else {
                    let item = stroke(n, &random)
                    _ = log.make(.item(item), by: 0)
                    items.append(item)
                    redo.removeAll()
                }
                XCTAssertEqual(log.items, items, "seed \(seed), step \(n)")
                XCTAssertEqual(log.redoItems(of: 0), redo, "seed \(seed), step \(n)")
            }
        }
    }

    /// Random logs of three authors' changes, undos and redos, applied live (author 0 here, the
    /// others as from the network): replaying the operations into a new document from empty,
    /// and rebuilding its pixels from nothing, give the same items and the same pixels; every
    /// undo leaves every other author's changes as they were; each author undoing all and then
    /// redoing all gives the same pixels back.
    func testRandomLogsOfThreeAuthorsGiveTheSamePixelsLiveReplayedAndRebuilt() {
        // How many undos and redos changed the history before its end (under others' changes).
        var underOthers = 0
        for seed in 1...24 {
            var random = SeededGenerator(seed: UInt64(1000 + seed))
            let live = content()
            live.onEdit = { edit in if case .rewritten = edit { underOthers += 1 } }
            var steps: [String] = []
            for n in 0..<50 {
                let author = UInt32(random.next() % 3)
                let others = live.log.entries.filter { $0.id.author != author && !$0.isUndone }.map(\.id)
                let undoing = live.log.undoTarget(of: author)
                steps.append(step(live, author: author, n, &random))
                if let undoing, live.log.entries.first(where: { $0.id == undoing })?.isUndone == true {
                    XCTAssertEqual(live.log.entries.filter { $0.id.author != author && !$0.isUndone }.map(\.id), others,
                                   "seed \(seed): an undo by \(author) left the others' changes as they were")
                }
            }
            live.onEdit = nil
            XCTAssertEqual(live.document.items, live.log.items, "seed \(seed)")
            let pixels = bytes(live)

            let replayed = content()
            for operation in live.log.operations { replayed.apply(operation) }
            XCTAssertEqual(replayed.document, live.document, "seed \(seed): replayed, the same items and size")
            XCTAssertEqual(differing(bytes(replayed), pixels), 0, "seed \(seed): replayed, the same pixels\n" + steps.joined(separator: "\n"))

            let rebuilt = DrawingLayer(width: live.drawing.width, height: live.drawing.height)
            rebuilt.rebuild(from: live.document)
            rebuilt.selectLayer(live.currentLayerID)
            XCTAssertEqual(differing(bytes(rebuilt), pixels), 0, "seed \(seed): rebuilt from nothing")

            // Each author takes back everything, then puts it all back, the last first.
            let authors: [UInt32] = [1, 0, 2]
            var undone: [UInt32: Int] = [:]
            for author in authors {
                while let target = live.log.undoTarget(of: author) {
                    live.apply(DocumentOperation(id: live.log.nextID(for: author), kind: .undo(target)))
                    undone[author, default: 0] += 1
                }
            }
            XCTAssertTrue(live.document.items.isEmpty, "seed \(seed): everything undone")
            for author in authors.reversed() {
                for _ in 0..<(undone[author] ?? 0) {
                    guard let target = live.log.redoTarget(of: author) else { return XCTFail("seed \(seed): \(author) has a change to put back") }
                    live.apply(DocumentOperation(id: live.log.nextID(for: author), kind: .redo(target)))
                }
            }
            XCTAssertEqual(live.document, replayed.document, "seed \(seed): everything redone")
            XCTAssertEqual(differing(bytes(live), pixels), 0, "seed \(seed): undo all then redo all, the same pixels")
        }
        XCTAssertGreaterThan(underOthers, 24, "the logs take back changes under other authors' later ones")
        print("operation logs: 24 random logs of 3 authors, \(underOthers) undos or redos under others' later changes")
    }
}
