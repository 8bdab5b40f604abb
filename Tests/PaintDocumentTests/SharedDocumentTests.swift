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

        init(author: UInt32, content: DocumentContent) {
            shared = SharedDocument(content: content, author: author)
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
}
