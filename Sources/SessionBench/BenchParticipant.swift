import Foundation
import Logging
import PaintDocument
import PaintGraphics
import HummingbirdWSClient
import NIOCore
import SessionProtocol

/// When each operation was sent, and the relay latencies measured from it: a receiver's time
/// of receipt less the sender's time of sending, in one process, so on one clock.
final class RelayClock: @unchecked Sendable {
    private let lock = NSLock()
    private var sent: [OperationID: UInt64] = [:]
    private var measured: [Double] = []
    /// When each sample was received (uptime nanoseconds), beside it.
    private var receipts: [UInt64] = []
    private var measuring = false
    /// Samples count only once this is set (the warm-up is left out).
    var isMeasuring: Bool {
        get { lock.withLock { measuring } }
        set { lock.withLock { measuring = newValue } }
    }

    func sending(_ id: OperationID) { lock.withLock { sent[id] = DispatchTime.now().uptimeNanoseconds } }

    func received(_ id: OperationID) {
        let now = DispatchTime.now().uptimeNanoseconds
        lock.withLock {
            guard measuring, let at = sent[id] else { return }
            measured.append(Double(now - at) / 1e6)
            receipts.append(now)
        }
    }

    /// The samples so far, in milliseconds.
    var samples: [Double] { lock.withLock { measured } }

    /// The samples received within `window` (uptime nanoseconds), and those outside it.
    func split(at window: ClosedRange<UInt64>) -> (inside: [Double], outside: [Double]) {
        lock.withLock {
            var inside: [Double] = [], outside: [Double] = []
            for (sample, at) in zip(measured, receipts) {
                if window.contains(at) { inside.append(sample) } else { outside.append(sample) }
            }
            return (inside, outside)
        }
    }
}

/// One benchmark participant as light as a client can be, so twenty of them in one process on
/// this machine load the server and not themselves: a WebSocket that joins, sends operations
/// encoded beforehand, and reads only each received operation's id from its bytes (the app's
/// client decodes everything; here that would measure twenty decoders sharing two cores).
final class BenchParticipant: @unchecked Sendable {
    private let lock = NSLock()
    private var _author: UInt32?
    private var next: UInt64 = 0
    private let outgoing: AsyncStream<[UInt8]>.Continuation
    private let task: Task<Void, Never>

    /// `returning`: the author and last operation of a participant joining again.
    init(invitation: SessionInvitation, name: String, clock: RelayClock, returning: (author: UInt32, after: UInt64)? = nil) {
        let (messages, outgoing) = AsyncStream<[UInt8]>.makeStream()
        self.outgoing = outgoing
        let author = AuthorBox(), received = Counters()
        let join = (try? SessionWire.encode(ClientMessage.join(SessionJoin(session: invitation.session, key: invitation.key, name: name,
                                                                          author: returning?.author, after: returning?.after ?? 0)))) ?? []
        var logger = Logger(label: name)
        logger.logLevel = .critical
        task = Task {
            try? await WebSocketClient.connect(url: invitation.webSocketURL, configuration: .init(maxFrameSize: SessionWire.maximumMessageBytes),
                                               logger: logger) { inbound, outbound, _ in
                try await outbound.write(.binary(ByteBuffer(bytes: join)))
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { for await bytes in messages { try await outbound.write(.binary(ByteBuffer(bytes: bytes))) } }
                    for try await message in inbound.messages(maxSize: SessionWire.maximumMessageBytes) {
                        guard case .binary(let buffer) = message else { continue }
                        let bytes = Array(buffer.readableBytesView)
                        received.add(bytes.count, sequence: Self.sessionSequence(in: bytes))
                        if author.value == nil, case .welcome(let welcomed, _)? = try? SessionWire.decode(ServerMessage.self, from: bytes) {
                            author.value = welcomed
                        } else if let id = Self.operationID(in: bytes), id.author != author.value {
                            clock.received(id)
                        }
                    }
                    group.cancelAll()
                }
            }
        }
        authorBox = author
        counters = received
    }

    private let authorBox: AuthorBox
    private let counters: Counters
    var author: UInt32? { authorBox.value }
    /// The bytes received so far, and the session number of the last operation among them.
    var bytesReceived: Int { counters.bytes }
    var lastSequence: UInt64 { counters.last }

    func leave() {
        outgoing.finish()
        task.cancel()
    }

    /// A motion event's worth of stroke (two points) as this participant's next operation,
    /// encoded for the wire, and its id.
    func motion(_ n: Int) -> (OperationID, [UInt8])? {
        guard let author else { return nil }
        let number: UInt64 = lock.withLock { next += 1; return next }
        let x = Double(n % 1900), y = Double((n / 1900) % 1000)
        let operation = DocumentOperation(id: OperationID(author: author, sequence: number),
                                          kind: .item(.stroke(Stroke(points: [Point(x: x, y: y), Point(x: x + 3, y: y + 2)],
                                                                     color: Color(r: 20, g: 90, b: 200), width: 4, blendMode: .sourceOver))))
        guard let bytes = try? SessionWire.encode(ClientMessage.operation(operation)) else { return nil }
        return (operation.id, bytes)
    }

    func send(_ bytes: [UInt8]) { outgoing.yield(bytes) }

    /// The id of the operation a server message carries, read from its JSON without decoding
    /// the rest (nil: not an operation).
    static func operationID(in bytes: [UInt8]) -> OperationID? {
        guard bytes.starts(with: Array(#"{"operation":"#.utf8)), let author = number(after: Array(#""id":{"author":"#.utf8), in: bytes),
              let sequence = number(after: Array(#""sequence":"#.utf8), in: bytes, from: author.end) else { return nil }
        return OperationID(author: UInt32(author.value), sequence: sequence.value)
    }

    /// The session number an operation message ends with (its last "sequence"; nil: not one).
    static func sessionSequence(in bytes: [UInt8]) -> UInt64? {
        guard bytes.starts(with: Array(#"{"operation":"#.utf8)) else { return nil }
        let key = Array(#""sequence":"#.utf8)
        var i = bytes.count - key.count
        while i >= 0 {
            if bytes[i] == key[0] && Array(bytes[i..<(i + key.count)]) == key { return number(after: key, in: bytes, from: i)?.value }
            i -= 1
        }
        return nil
    }

    private static func number(after key: [UInt8], in bytes: [UInt8], from start: Int = 0) -> (value: UInt64, end: Int)? {
        guard key.count <= bytes.count else { return nil }
        var i = start
        while i + key.count <= bytes.count {
            if bytes[i] == key[0] && Array(bytes[i..<(i + key.count)]) == key {
                var value: UInt64 = 0, j = i + key.count
                while j < bytes.count, bytes[j] >= 48, bytes[j] <= 57 { value = value * 10 + UInt64(bytes[j] - 48); j += 1 }
                return (value, j)
            }
            i += 1
        }
        return nil
    }

    private final class Counters: @unchecked Sendable {
        private let lock = NSLock()
        private var total = 0, latest: UInt64 = 0
        func add(_ count: Int, sequence: UInt64?) {
            lock.withLock {
                total += count
                if let sequence { latest = max(latest, sequence) }
            }
        }
        var bytes: Int { lock.withLock { total } }
        var last: UInt64 { lock.withLock { latest } }
    }

    private final class AuthorBox: @unchecked Sendable {
        private let lock = NSLock()
        private var author: UInt32?
        var value: UInt32? {
            get { lock.withLock { author } }
            set { lock.withLock { author = newValue } }
        }
    }
}

/// Percentiles of samples, in their unit.
extension Array where Element == Double {
    func percentile(_ p: Double) -> Double {
        guard !isEmpty else { return .nan }
        let sorted = self.sorted()
        return sorted[Swift.min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }
}
