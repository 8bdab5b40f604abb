import Foundation
import Logging
import PaintDocument
import PaintGraphics
import SessionClient
import SessionProtocol

/// When each operation was sent, and the relay latencies measured from it: a receiver's time
/// of receipt less the sender's time of sending, in one process, so on one clock.
final class RelayClock: @unchecked Sendable {
    private let lock = NSLock()
    private var sent: [OperationID: UInt64] = [:]
    private var samples: [Double] = []
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
            samples.append(Double(now - at) / 1e6)
        }
    }

    /// The samples so far, in milliseconds, and a fresh start.
    func take() -> [Double] { lock.withLock { defer { samples.removeAll() }; return samples } }
}

/// One benchmark participant: a real `SessionClient` whose news is handled on a queue of its
/// own (as each app handles it on its UI thread), counting what reaches it.
final class BenchParticipant: @unchecked Sendable {
    let queue: DispatchQueue
    let client: SessionClient
    private let lock = NSLock()
    private var _author: UInt32?
    private var _last: UInt64 = 0
    private var next: UInt64 = 0

    init(invitation: SessionInvitation, name: String, clock: RelayClock) {
        let queue = DispatchQueue(label: name)
        self.queue = queue
        var logger = Logger(label: name)
        logger.logLevel = .critical
        client = SessionClient(invitation: invitation, name: name, logger: logger) { work in queue.async(execute: work) }
        client.place = { [unowned self] in lock.withLock { SessionClient.Place(author: _author, after: _last) } }
        client.onWelcome = { [unowned self] author, _ in lock.withLock { _author = author } }
        client.onOperation = { [unowned self] operation, sequence in
            lock.withLock { _last = max(_last, sequence) }
            if operation.id.author != author { clock.received(operation.id) }
        }
    }

    var author: UInt32? { lock.withLock { _author } }
    var lastSequence: UInt64 { lock.withLock { _last } }

    /// A motion event's worth of stroke (two points), as this participant's next operation.
    func motion(_ n: Int) -> DocumentOperation? {
        lock.withLock {
            guard let author = _author else { return nil }
            next += 1
            let x = Double(n % 1900), y = Double((n / 1900) % 1000)
            return DocumentOperation(id: OperationID(author: author, sequence: next),
                                     kind: .item(.stroke(Stroke(points: [Point(x: x, y: y), Point(x: x + 3, y: y + 2)],
                                                                color: Color(r: 20, g: 90, b: 200), width: 4, blendMode: .sourceOver))))
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
