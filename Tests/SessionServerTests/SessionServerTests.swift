import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Hummingbird
import HummingbirdWSClient
import Logging
import XCTest
@testable import PaintDocument
import PaintGraphics
import SessionProtocol
@testable import SessionServer
import TestSupport

/// The session server on a real port, with real WebSocket clients: everyone's operations come
/// back to everyone in one order, each kept once; a reconnecting client gets only what it
/// missed; a wrong key or a forged author closes that connection only; a restarted server
/// still has its sessions.
final class SessionServerTests: XCTestCase {
    private final class Received: @unchecked Sendable {
        private let lock = NSLock()
        private var messages: [ServerMessage] = []
        func append(_ message: ServerMessage) { lock.withLock { messages.append(message) } }
        var all: [ServerMessage] { lock.withLock { messages } }
    }

    /// A client that joins with `join`, sends what `sending` makes once it knows its author,
    /// and reads until it has `expected` operations (or is refused, or the server closes).
    private func participant(_ port: Int, _ join: SessionJoin, expecting expected: Int,
                             sending: @escaping @Sendable (UInt32) -> [ClientMessage] = { _ in [] }) async throws -> [ServerMessage] {
        let received = Received()
        var logger = Logger(label: "client")
        logger.logLevel = .warning
        // A server that never sends what is expected fails the test instead of hanging it.
        let connecting = Task {
            try await connect(port, join, expecting: expected, sending: sending, into: received, logger: logger)
        }
        let deadline = Task {
            try await Task.sleep(nanoseconds: 20_000_000_000)
            connecting.cancel()
        }
        defer { deadline.cancel() }
        do {
            try await connecting.value
        } catch is CancellationError {
            XCTFail("\(join.name) did not get \(expected) operations in 20 s; got \(received.all)")
        }
        return received.all
    }

    private func connect(_ port: Int, _ join: SessionJoin, expecting expected: Int, sending: @escaping @Sendable (UInt32) -> [ClientMessage],
                         into received: Received, logger: Logger) async throws {
        try await WebSocketClient.connect(url: "ws://127.0.0.1:\(port)/session",
                                          configuration: .init(maxFrameSize: SessionWire.maximumMessageBytes), logger: logger) { inbound, outbound, _ in
            try await outbound.write(.binary(ByteBuffer(bytes: try SessionWire.encode(ClientMessage.join(join)))))
            var operations = 0
            for try await message in inbound.messages(maxSize: SessionWire.maximumMessageBytes) {
                guard case .binary(let buffer) = message else { continue }
                let decoded = try SessionWire.decode(ServerMessage.self, from: Array(buffer.readableBytesView))
                received.append(decoded)
                switch decoded {
                case .welcome(let author, _):
                    // Sent beside the reading, as a client does: its own operations come back while it sends.
                    let outgoing = try sending(author).map { try SessionWire.encode($0) }
                    Task { for bytes in outgoing { try await outbound.write(.binary(ByteBuffer(bytes: bytes))) } }
                    if expected == 0 { return }
                case .operation:
                    operations += 1
                    if operations == expected { return }
                case .refused, .tooFarBehind: return
                case .picture, .start, .participants, .pointer, .drawing, .chat, .locked, .rejected: break
                }
            }
        }
    }

    private func operations(_ messages: [ServerMessage]) -> [(UInt64, DocumentOperation)] {
        messages.compactMap { if case .operation(let sequence, let operation) = $0 { return (sequence, operation) } else { return nil } }
    }

    /// A message of a connection's live stream, as its client reads it.
    private func decoded(_ encoded: ByteBuffer) throws -> ServerMessage {
        try SessionWire.decode(ServerMessage.self, from: Array(encoded.readableBytesView))
    }

    private func starts(_ messages: [ServerMessage]) -> [SessionStart] {
        messages.compactMap { if case .start(let start) = $0 { return start } else { return nil } }
    }

    private func author(_ messages: [ServerMessage]) -> UInt32? {
        for case .welcome(let author, _) in messages { return author }
        return nil
    }

    func testTwoParticipantsGetEveryOperationInOneOrderAndDrawTheSamePixels() async throws {
        let store = try SQLiteOperationStore(path: ":memory:")
        let invite = try await store.createSession()
        try await withServer(store) { port in
            let strokes: @Sendable (UInt32) -> [ClientMessage] = { author in
                (1...5).map { .operation(DocumentOperation(id: OperationID(author: author, sequence: UInt64($0)),
                                                           kind: .item(self.stroke(Int(author) * 10 + $0)))) }
            }
            async let first = participant(port, SessionJoin(session: invite.session, key: invite.key, name: "Ana"), expecting: 10, sending: strokes)
            async let second = participant(port, SessionJoin(session: invite.session, key: invite.key, name: "Bo"), expecting: 10, sending: strokes)
            let (a, b) = try await (first, second)
            XCTAssertNotEqual(author(a), author(b), "each participant is an author of their own")
            XCTAssertEqual(operations(a).map(\.0), Array(1...10), "numbered in one order")
            XCTAssertEqual(operations(a).map(\.1), operations(b).map(\.1), "the same order for both")
            XCTAssertEqual(Set(operations(a).map(\.1.id.author)), Set([author(a)!, author(b)!]))

            // Each applies the stream as it came: the same document, the same pixels.
            let pictures = [a, b].map { messages -> [UInt32] in
                let content = DocumentContent()
                _ = content.load(Document(format: DocumentFormat(pixelWidth: 64, pixelHeight: 48)), redo: [])
                _ = content.matchLayerToFormat()
                for (_, operation) in operations(messages) { content.apply(operation) }
                let artwork = content.drawing.renderArtwork()
                return Array(UnsafeBufferPointer(start: artwork.pixels, count: artwork.width * artwork.height))
            }
            XCTAssertEqual(pictures[0], pictures[1])
            XCTAssertTrue(pictures[0].contains { $0 != pictures[0][0] }, "the strokes are drawn")
        }
    }

    func testAReconnectingClientGetsOnlyWhatItMissedAndAResendIsKeptOnce() async throws {
        let store = try SQLiteOperationStore(path: ":memory:")
        let invite = try await store.createSession()
        try await withServer(store) { port in
            let join = SessionJoin(session: invite.session, key: invite.key, name: "Ana")
            let made: @Sendable (UInt32, Int) -> DocumentOperation = { author, n in
                DocumentOperation(id: OperationID(author: author, sequence: UInt64(n)), kind: .item(self.stroke(n)))
            }
            let before = try await participant(port, join, expecting: 3) { author in (1...3).map { .operation(made(author, $0)) } }
            let me = try XCTUnwrap(author(before))
            // Back after a drop, having kept the first two: the third again (unconfirmed, as far as
            // it knows) and a fourth drawn while away.
            var again = join
            again.author = me
            again.after = 2
            let after = try await participant(port, again, expecting: 2) { author in [.operation(made(author, 3)), .operation(made(author, 4))] }
            XCTAssertEqual(author(after), me, "the same author again")
            XCTAssertEqual(operations(after).map(\.0), [3, 4], "only what it missed, then the new one")
            let latestKept = try await store.latest(in: invite.session)
            XCTAssertEqual(latestKept, 4, "the resent one kept once")
        }
    }

    func testAWrongKeyOrAForgedAuthorClosesThatConnectionOnly() async throws {
        let store = try SQLiteOperationStore(path: ":memory:")
        let invite = try await store.createSession()
        try await withServer(store) { port in
            let wrong = try await participant(port, SessionJoin(session: invite.session, key: String(repeating: "0", count: 32), name: "Eve"), expecting: 1)
            guard case .refused(let why)? = wrong.last else { return XCTFail("a wrong key is refused: \(wrong)") }
            XCTAssertTrue(why.contains("key"), why)

            let forged = try await participant(port, SessionJoin(session: invite.session, key: invite.key, name: "Mallory"), expecting: 1) { author in
                [.operation(DocumentOperation(id: OperationID(author: author + 1, sequence: 1), kind: .item(.clear)))]
            }
            guard case .refused? = forged.last else { return XCTFail("an operation under another's name is refused: \(forged)") }

            let huge = try await participant(port, SessionJoin(session: invite.session, key: invite.key, name: "Mallory"), expecting: 1) { author in
                [.operation(DocumentOperation(id: OperationID(author: author, sequence: 1),
                                              kind: .item(.stroke(Stroke(points: [Point(x: 0, y: 0)], color: .black, width: 1e20, blendMode: .sourceOver)))))]
            }
            guard case .refused? = huge.last else { return XCTFail("an operation no tool can make is refused: \(huge)") }
            let latestKept = try await store.latest(in: invite.session)
            XCTAssertEqual(latestKept, 0, "nothing of theirs was kept")

            // The session goes on for the invited.
            let fine = try await participant(port, SessionJoin(session: invite.session, key: invite.key, name: "Ana"), expecting: 1) { author in
                [.operation(DocumentOperation(id: OperationID(author: author, sequence: 1), kind: .item(self.stroke(1))))]
            }
            XCTAssertEqual(operations(fine).map(\.0), [1])
        }
    }

    func testARestartedServerStillHasItsSessions() async throws {
        let folder = TemporaryDirectory()
        let path = folder.path + "/sessions.sqlite"
        let invite = try await SQLiteOperationStore(path: path).createSession()
        let join = SessionJoin(session: invite.session, key: invite.key, name: "Ana")
        try await withServer(try SQLiteOperationStore(path: path)) { port in
            _ = try await participant(port, join, expecting: 2) { author in
                (1...2).map { .operation(DocumentOperation(id: OperationID(author: author, sequence: UInt64($0)), kind: .item(self.stroke($0)))) }
            }
        }
        try await withServer(try SQLiteOperationStore(path: path)) { port in
            let later = try await participant(port, SessionJoin(session: invite.session, key: invite.key, name: "Bo"), expecting: 2)
            XCTAssertEqual(operations(later).map(\.0), [1, 2], "both operations, kept on disk")
            guard case .welcome(_, let latest)? = later.first else { return XCTFail("welcomed first") }
            XCTAssertEqual(latest, 2)
        }
    }

    func testAFlooderIsClosedAndTheOthersGoOn() async throws {
        let store = try SQLiteOperationStore(path: ":memory:")
        let invite = try await store.createSession()
        try await withServer(store, limits: SessionLimits(burst: 50, perSecond: 10)) { port in
            let flood = try await participant(port, SessionJoin(session: invite.session, key: invite.key, name: "Mallory"), expecting: 200) { author in
                (1...200).map { .operation(DocumentOperation(id: OperationID(author: author, sequence: UInt64($0)), kind: .item(self.stroke($0)))) }
            }
            guard case .refused(let why)? = flood.last else { return XCTFail("a flood is refused: \(flood.suffix(2))") }
            XCTAssertTrue(why.contains("Too many"), why)
            let kept = try await store.latest(in: invite.session)
            XCTAssertGreaterThanOrEqual(kept, 50, "the burst is kept")
            XCTAssertLessThan(kept, 60, "the flood is not")
            let fine = try await participant(port, SessionJoin(session: invite.session, key: invite.key, name: "Ana", after: kept), expecting: 1) { author in
                [.operation(DocumentOperation(id: OperationID(author: author, sequence: 1), kind: .item(self.stroke(1))))]
            }
            XCTAssertEqual(operations(fine).map(\.0), [kept + 1])
        }
    }

    /// The hub itself, where the limit lives (the sockets between a server and a client hold
    /// megabytes of their own before a reader that stopped holds anything up).
    func testAReaderTooFarBehindIsDroppedWhileTheOthersGoOnAndCatchesUpFromTheStore() async throws {
        let store = try SQLiteOperationStore(path: ":memory:")
        let invite = try await store.createSession()
        let hub = SessionHub(store: store, limits: SessionLimits(liveBacklog: 16))
        let join = SessionJoin(session: invite.session, key: invite.key, name: "Slow")
        let slow = try await hub.join(join)
        let writer = try await hub.join(SessionJoin(session: invite.session, key: invite.key, name: "Ana"))
        var heardByWriter = 0
        var writerStream = writer.live.makeAsyncIterator()
        for n in 1...100 {
            try await hub.submit(DocumentOperation(id: OperationID(author: writer.author, sequence: UInt64(n)), kind: .item(stroke(n))), from: writer)
            // The participants' list comes too, as people join.
            while let encoded = await writerStream.next() {
                if case .operation = try decoded(encoded) {
                    heardByWriter += 1
                    break
                }
            }
        }
        XCTAssertEqual(heardByWriter, 100, "the writer heard every operation while the other read nothing")
        var heardBySlow: [UInt64] = [], messages = 0
        for await encoded in slow.live {
            messages += 1
            if case .operation(let sequence, _) = try decoded(encoded) { heardBySlow.append(sequence) }
        }
        XCTAssertEqual(messages, 16, "the slow reader's stream holds the backlog, then ends")
        XCTAssertEqual(heardBySlow, Array(1...UInt64(16 - 2)), "the operations after the two lists of who is there")
        let ending = await hub.ending(of: slow)
        XCTAssertEqual(ending, .tooSlow, "and it hears that it fell behind")
        // Joining again from where it is: the rest comes from the store.
        var again = join
        again.author = slow.author
        again.after = 16
        let back = try await hub.join(again)
        XCTAssertEqual(back.latestAtJoin, 100)
        let missed = try await hub.missed(in: invite.session, after: 16, through: back.latestAtJoin)
        XCTAssertEqual(missed.map(\.sequence), Array(17...100))
    }

    private func get(_ path: String, port: Int) async throws -> String {
        let (body, _) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        return String(decoding: body, as: UTF8.self)
    }

    func testHealthAndMetricsSayWhatTheServerDoes() async throws {
        let store = try SQLiteOperationStore(path: ":memory:")
        let invite = try await store.createSession()
        try await withServer(store) { port in
            let health = try await get("/health", port: port)
            XCTAssertEqual(health, "ok")
            _ = try await participant(port, SessionJoin(session: invite.session, key: invite.key, name: "Ana"), expecting: 3) { author in
                (1...3).map { .operation(DocumentOperation(id: OperationID(author: author, sequence: UInt64($0)), kind: .item(self.stroke($0)))) }
            }
            let wrongKey = (invite.key.hasPrefix("0") ? "1" : "0") + invite.key.dropFirst()
            _ = try await participant(port, SessionJoin(session: invite.session, key: wrongKey, name: "Eve"), expecting: 1)
            let metrics = try await get("/metrics", port: port)
            XCTAssertTrue(metrics.contains("\nx11paint_joins_total 1\n"), metrics)
            XCTAssertTrue(metrics.contains("\nx11paint_operations_kept_total 3\n"), metrics)
            XCTAssertTrue(metrics.contains("\nx11paint_refused_total 1\n"), metrics)
            XCTAssertTrue(metrics.contains("# TYPE x11paint_connections gauge"), metrics)
        }
    }

    func testTheFirstDrawingOfferedStartsTheSessionAndEveryoneNewStartsFromIt() async throws {
        let store = try SQLiteOperationStore(path: ":memory:")
        let invite = try await store.createSession()
        let canvas = Document(items: [stroke(1), stroke(2)], format: DocumentFormat(pixelWidth: 320, pixelHeight: 200))
        let one: @Sendable (UInt64) -> @Sendable (UInt32) -> [ClientMessage] = { number in
            { author in [.operation(DocumentOperation(id: OperationID(author: author, sequence: number), kind: .item(self.stroke(Int(number) + 5))))] }
        }
        try await withServer(store) { port in
            let first = try await participant(port, SessionJoin(session: invite.session, key: invite.key, name: "Ana", start: canvas),
                                              expecting: 1, sending: one(1))
            XCTAssertEqual(starts(first), [SessionStart(sequence: 0, document: canvas)], "the offered drawing came back as the start")
            // Offered after the session has a drawing: not kept; the joiner starts from the first.
            let other = Document(format: DocumentFormat(pixelWidth: 64, pixelHeight: 48))
            let second = try await participant(port, SessionJoin(session: invite.session, key: invite.key, name: "Bo", start: other),
                                               expecting: 1)
            XCTAssertEqual(starts(second), [SessionStart(sequence: 0, document: canvas)])
            // Someone returning with operations of the session has its start already.
            let back = try await participant(port, SessionJoin(session: invite.session, key: invite.key, name: "Ana", author: author(first), after: 1),
                                             expecting: 1, sending: one(2))
            XCTAssertEqual(starts(back), [], "nothing to start from again")
            XCTAssertEqual(operations(back).map(\.0), [2])
            // A drawing no X11Paint can make closes that connection with the reason.
            let huge = Document(format: DocumentFormat(pixelWidth: 100_000, pixelHeight: 100))
            let refused = try await participant(port, SessionJoin(session: invite.session, key: invite.key, name: "Cy", start: huge), expecting: 1)
            guard case .refused(let why)? = refused.last else { return XCTFail("refused: \(refused)") }
            XCTAssertTrue(why.contains("drawing to start from"), why)
        }
        let kept = try await store.start(of: invite.session)
        XCTAssertEqual(kept, SessionStart(sequence: 0, document: canvas), "kept in the store")
    }
}
