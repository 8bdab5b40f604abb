import Foundation
import XCTest
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport

/// Three participants draw at once through a server that orders what reaches it, each seeing
/// their own changes at once and the others' late, in random interleavings: when everything has
/// arrived, all three hold the same document with the same pixels, the server's log replayed
/// from nothing gives it too, and nobody's own change was ever lost.
final class SharedDocumentTests: XCTestCase, RandomOperationLogs {
    /// The server as the documents meet it: operations in the order they reach it, numbered.
    private struct OrderingServer {
        var log: [DocumentOperation] = []
        var ids: Set<OperationID> = []
        mutating func take(_ operation: DocumentOperation) {
            guard ids.insert(operation.id).inserted else { return }
            log.append(operation)
        }
    }

    private final class Participant {
        let shared: SharedDocument
        /// Sent, not yet at the server.
        var outbox: [DocumentOperation] = []
        /// How many of the server's operations have reached it.
        var delivered = 0

        init(author: UInt32, content: DocumentContent, startingAfter sequence: Int = 0, numbers: [UInt32: UInt64] = [:]) {
            shared = SharedDocument(content: content, author: author, startingAfter: UInt64(sequence), numbers: numbers)
            shared.onLocalOperation = { [unowned self] in self.outbox.append($0) }
        }
    }

    func testThreeParticipantsDrawingAtOnceEndWithTheSamePixels() {
        var reordered = 0
        for seed in 1...24 {
            var random = SeededGenerator(seed: UInt64(9000 + seed))
            var server = OrderingServer()
            let participants = (1...3).map { Participant(author: UInt32($0), content: content()) }
            var made = 0
            for n in 0..<120 {
                let who = participants[Int(random.next() % 3)]
                switch random.next() % 4 {
                case 0, 1 where made < 60:
                    step(who.shared.content, author: who.shared.content.author, n, &random)
                    made += 1
                case 2 where !who.outbox.isEmpty:
                    server.take(who.outbox.removeFirst())
                default:
                    guard who.delivered < server.log.count else { continue }
                    if !who.shared.unconfirmed.isEmpty && server.log[who.delivered].id != who.shared.unconfirmed[0].id { reordered += 1 }
                    XCTAssertTrue(who.shared.receive(server.log[who.delivered], sequence: UInt64(who.delivered + 1)))
                    who.delivered += 1
                }
            }
            // Everything arrives.
            for who in participants { while !who.outbox.isEmpty { server.take(who.outbox.removeFirst()) } }
            for who in participants {
                while who.delivered < server.log.count {
                    who.shared.receive(server.log[who.delivered], sequence: UInt64(who.delivered + 1))
                    who.delivered += 1
                }
                XCTAssertTrue(who.shared.unconfirmed.isEmpty, "seed \(seed): every change confirmed")
            }
            let replayed = content()
            for operation in server.log { replayed.apply(operation) }
            let pixels = bytes(replayed)
            for (index, who) in participants.enumerated() {
                XCTAssertEqual(who.shared.content.document, replayed.document, "seed \(seed): participant \(index + 1)'s items")
                XCTAssertEqual(differing(bytes(who.shared.content), pixels), 0, "seed \(seed): participant \(index + 1)'s pixels")
                XCTAssertEqual(who.shared.content.log.operations.count, server.log.count, "seed \(seed): nothing lost, nothing twice")
            }
        }
        XCTAssertGreaterThan(reordered, 24, "others' changes often come before one's own unconfirmed ones")
        print("shared documents: 24 sessions of 3 participants, \(reordered) times others' changes went under one's own")
    }

    /// The server folds the history every 12 operations (a fold in the order, and its snapshot
    /// made from the document layer alone). Undos sent before a fold reached their author and
    /// ordered after it are refused by everyone alike; a participant who joins from a snapshot
    /// mid-session, and one who joins from the last snapshot at the end, hold the same document
    /// and pixels as those who were there from the start.
    func testParticipantsJoiningFromTheServersSnapshotsEndWithTheSamePixels() {
        var folds = 0, refusedAcrossAFold = 0
        for seed in 1...16 {
            var random = SeededGenerator(seed: UInt64(7000 + seed))
            var server = OrderingServer()
            let start = Document(format: format)
            var snapshots: [(sequence: Int, document: Document, numbers: [UInt32: UInt64])] = []
            var participants = (1...3).map { Participant(author: UInt32($0), content: content()) }
            func fold() {
                server.take(DocumentOperation(id: OperationID(author: 0, sequence: UInt64(server.log.count)), kind: .fold))
                let (document, numbers) = SharedDocument.folded(start, applying: server.log)
                snapshots.append((server.log.count, document, numbers))
                folds += 1
            }
            func joiner(_ author: UInt32) -> Participant {
                let snapshot = snapshots.last!
                let joined = content()
                joined.replace(with: snapshot.document)
                _ = joined.matchLayerToFormat()
                let participant = Participant(author: author, content: joined, startingAfter: snapshot.sequence, numbers: snapshot.numbers)
                participant.delivered = snapshot.sequence
                return participant
            }
            var made = 0
            for n in 0..<160 {
                if n == 80 && !snapshots.isEmpty { participants.append(joiner(4)) }
                let who = participants[Int(random.next() % UInt64(participants.count))]
                switch random.next() % 4 {
                case 0, 1 where made < 80:
                    step(who.shared.content, author: who.shared.content.author, n, &random)
                    made += 1
                case 2 where !who.outbox.isEmpty:
                    server.take(who.outbox.removeFirst())
                    if server.log.count % 12 == 0 { fold() }
                default:
                    guard who.delivered < server.log.count else { continue }
                    XCTAssertTrue(who.shared.receive(server.log[who.delivered], sequence: UInt64(who.delivered + 1)))
                    who.delivered += 1
                }
            }
            for who in participants { while !who.outbox.isEmpty { server.take(who.outbox.removeFirst()) } }
            fold()
            let late = joiner(5)
            for who in participants + [late] {
                while who.delivered < server.log.count {
                    who.shared.receive(server.log[who.delivered], sequence: UInt64(who.delivered + 1))
                    who.delivered += 1
                }
                XCTAssertTrue(who.shared.unconfirmed.isEmpty, "seed \(seed): every change confirmed")
            }
            let replayed = content()
            var log = replayed.log
            for operation in server.log {
                if case .refused = log.apply(operation), case .undo = operation.kind { refusedAcrossAFold += 1 }
                replayed.apply(operation)
            }
            let pixels = bytes(replayed)
            for who in participants + [late] {
                let name = "seed \(seed): participant \(who.shared.content.author)"
                let items = who.shared.content.document.items
                XCTAssertTrue(items == replayed.document.items, "\(name)'s items: \(items.count) against \(replayed.document.items.count), "
                              + "the first differing at \(Array(zip(items, replayed.document.items)).firstIndex { $0.0 != $0.1 } ?? -1)")
                XCTAssertEqual(who.shared.content.document.format?.pixelWidth, replayed.document.format?.pixelWidth, "\(name)'s size")
                XCTAssertEqual(differing(bytes(who.shared.content), pixels), 0, "\(name)'s pixels")
            }
        }
        XCTAssertGreaterThan(folds, 32)
        print("shared documents with snapshots: 16 sessions, \(folds) folds, \(refusedAcrossAFold) undos ordered after a fold of their target and refused by everyone")
    }

    /// An undo the server orders after a fold of its target changes nothing, but its number is
    /// taken: the author's next change gets a new one (a repeat would be kept by the server as
    /// the undo again, and never come back).
    func testAnUndoRefusedAfterAFoldStillTakesItsNumber() {
        var random = SeededGenerator(seed: 42)
        let me = Participant(author: 1, content: content())
        me.shared.content.append(stroke(1, &random))
        let stroke1 = me.outbox.removeFirst()
        XCTAssertTrue(me.shared.receive(stroke1, sequence: 1))
        XCTAssertTrue(me.shared.content.undo())
        let undo = me.outbox.removeFirst()
        // The server folded before the undo reached it: the undo comes after the fold.
        XCTAssertTrue(me.shared.receive(DocumentOperation(id: OperationID(author: 0, sequence: 1), kind: .fold), sequence: 2))
        XCTAssertEqual(me.shared.content.document.items.count, 1, "the undone stroke is back: its undo can no longer be taken")
        me.shared.content.append(stroke(2, &random))
        guard let next = me.outbox.popLast() else { return XCTFail("the next change was never sent: it took the refused undo's number") }
        XCTAssertNotEqual(next.id, undo.id, "the next change has a number of its own")
        XCTAssertTrue(me.shared.receive(undo, sequence: 3))
        XCTAssertTrue(me.shared.receive(next, sequence: 4))
        XCTAssertTrue(me.shared.unconfirmed.isEmpty, "and both came back as confirmations")
        XCTAssertEqual(me.shared.content.document.items.count, 2)
    }
}
