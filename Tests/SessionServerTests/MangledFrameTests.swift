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

/// Hostile input as a property: frames made from every kind of message and then mangled at
/// random (bits flipped, cut short, bytes inserted, numbers made huge or not numbers, nested
/// deep, plain noise) never crash the decoder, close at most their own connection, and leave
/// the server up and every other session drawing on.
final class MangledFrameTests: XCTestCase {
    private func samples(author: UInt32) -> [ClientMessage] {
        let stroke = Stroke(points: [Point(x: 1, y: 2), Point(x: 30, y: 40)], color: Color(r: 10, g: 20, b: 30), width: 4, blendMode: .sourceOver)
        return [.operation(DocumentOperation(id: OperationID(author: author, sequence: 1), kind: .item(.stroke(stroke)))),
                .operation(DocumentOperation(id: OperationID(author: author, sequence: 2), kind: .undo(OperationID(author: author, sequence: 1)))),
                .operation(DocumentOperation(id: OperationID(author: author, sequence: 3), kind: .item(.layer(.add(id: 7, index: 1, properties: LayerProperties(name: "L")))))),
                .picture(SessionPicture(id: "p1", name: "a.png", encoded: Data([0x89, 0x50, 0x4E, 0x47]))),
                .pointer(SessionPoint(x: 5, y: 6)), .chat("hello"), .moderate(.lock(true)),
                .join(SessionJoin(session: "s", key: String(repeating: "a", count: 32), name: "x"))]
    }

    /// One mangling of `bytes`, chosen by `random`.
    private func mangle(_ bytes: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
        var bytes = bytes
        switch random.next() % 7 {
        case 0:
            for _ in 0..<(1 + random.next() % 4) where !bytes.isEmpty { bytes[Int(random.next() % UInt64(bytes.count))] ^= UInt8(1 << (random.next() % 8)) }
        case 1: bytes = Array(bytes.prefix(Int(random.next() % UInt64(bytes.count + 1))))
        case 2:
            let insert = Array(["{", "[", "\"", ":", ",", "}", "]", "-", "e", "9"].randomElement(using: &random)!.utf8)
            bytes.insert(contentsOf: insert, at: Int(random.next() % UInt64(bytes.count + 1)))
        case 3:
            // Every number replaced by a huge one, a negative one, or not a number.
            let text = String(decoding: bytes, as: UTF8.self)
            let replacement = ["1e308", "-99999999999999999999", "NaN", "18446744073709551616", "-1"].randomElement(using: &random)!
            bytes = Array(text.replacingOccurrences(of: #"(?<=:)-?[0-9.]+"#, with: replacement, options: .regularExpression).utf8)
        case 4: bytes = Array(String(repeating: "[", count: 5000).utf8) + bytes
        case 5: bytes = (0..<Int(random.next() % 512)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        default:
            // A string field a megabyte long.
            let text = String(decoding: bytes, as: UTF8.self)
            bytes = Array(text.replacingOccurrences(of: "hello", with: String(repeating: "x", count: 1 << 20)).utf8)
        }
        return bytes
    }

    /// Joins `session`, sends `frame` as it is, and reads what comes back for up to half a
    /// second or until the server closes.
    private func send(_ frame: [UInt8], after join: SessionJoin, port: Int) async throws -> [ServerMessage] {
        var logger = Logger(label: "mangler")
        logger.logLevel = .critical
        let received = LockedMessages()
        let talking = Task {
            try await WebSocketClient.connect(url: "ws://127.0.0.1:\(port)/session", configuration: .init(maxFrameSize: SessionWire.maximumMessageBytes),
                                              logger: logger) { inbound, outbound, _ in
                try await outbound.write(.binary(ByteBuffer(bytes: try SessionWire.encode(ClientMessage.join(join)))))
                try await outbound.write(.binary(ByteBuffer(bytes: frame)))
                for try await message in inbound.messages(maxSize: SessionWire.maximumMessageBytes) {
                    guard case .binary(let buffer) = message,
                          let decoded = try? SessionWire.decode(ServerMessage.self, from: Array(buffer.readableBytesView)) else { continue }
                    received.append(decoded)
                }
            }
        }
        let deadline = Task {
            try await Task.sleep(nanoseconds: 500_000_000)
            talking.cancel()
        }
        _ = try? await talking.value
        deadline.cancel()
        return received.all
    }

    private final class LockedMessages: @unchecked Sendable {
        private let lock = NSLock()
        private var messages: [ServerMessage] = []
        func append(_ message: ServerMessage) { lock.withLock { messages.append(message) } }
        var all: [ServerMessage] { lock.withLock { messages } }
    }

    func testMangledFramesCloseOnlyTheirOwnConnectionAndTheServerStaysUp() async throws {
        let store = try SQLiteOperationStore(path: ":memory:")
        let target = try await store.createSession(), other = try await store.createSession()
        try await withServer(store) { port in
            // Someone draws in another session all along.
            let invitation = SessionInvitation(host: "127.0.0.1", port: port, session: other.session, key: other.key)
            let bystanders = await joined(["Ana", "Bo"], invitation)
            var random = SeededGenerator(seed: 0x5E55_1011)
            var refused = 0, decoded = 0
            let join = SessionJoin(session: target.session, key: target.key, name: "Mallory")
            for n in 0..<120 {
                let sample = samples(author: UInt32(n + 1))[n % 8]
                let frame = mangle(try SessionWire.encode(sample), &random)
                // The decoder alone: it throws or decodes, never crashes.
                if (try? SessionWire.decode(ClientMessage.self, from: frame)) != nil { decoded += 1 }
                let answer = try await send(frame, after: join, port: port)
                if answer.contains(where: { if case .refused = $0 { true } else { false } }) { refused += 1 }
                if n % 20 == 0 { bystanders[n / 20 % 2].draw(stroke(n)) }
            }
            let (body, _) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/health")!)
            XCTAssertEqual(String(decoding: body, as: UTF8.self), "ok", "the server is up")
            await waitUntil("the other session's six strokes everywhere") { settled(bystanders, count: 6) }
            XCTAssertEqual(bystanders[0].pixels, bystanders[1].pixels, "and that session drew on")
            XCTAssertGreaterThan(refused, 40, "the mangled frames were refused with their reason")
            print("mangled frames: 120 sent, \(decoded) still decodable, \(refused) connections closed with a reason")
            for participant in bystanders { participant.client.leave() }
        }
    }
}
