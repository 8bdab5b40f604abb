import Foundation
import Logging
import PaintDocument
import PaintGraphics
import SessionClient
import SessionProtocol

/// Five participants drawing over the same area at once, each a document of 1920x1080 as a
/// window's (without the window), each stroke drawn at once on its own document and sent: how
/// often another's stroke comes before one's own unconfirmed ones (a rollback: one's own come
/// off and go back on top), and how long each takes on the participant's thread. What the
/// server sends reaches each participant `delay` late, as over the internet (on loopback a
/// stroke is confirmed before anyone else's arrives, and nothing ever rolls back).
struct RollbackWorkload {
    var participants = 5
    var strokesPerSecond = 4.0
    var seconds = 20.0
    var delay = 0.04

    struct Outcome {
        var rollbacks: Int
        var durations: [Double]
        var strokes: Int
        var identical: Bool
    }

    private final class Painter: @unchecked Sendable {
        let owner: DispatchQueue
        let content = DocumentContent()
        let client: SessionClient
        var shared: SharedDocument?
        var author: UInt32?
        var rollbackTimes: [Double] = []

        init(_ name: String, _ invitation: SessionInvitation, offering: Bool, delay: Double) {
            let owner = DispatchQueue(label: name)
            self.owner = owner
            var logger = Logger(label: name)
            logger.logLevel = .critical
            // The same delay for every message keeps their order (a serial queue, deadlines in order).
            client = SessionClient(invitation: invitation, name: name, logger: logger) { work in
                owner.asyncAfter(deadline: .now() + delay, execute: work)
            }
            let format = DocumentFormat(pixelWidth: 1920, pixelHeight: 1080)
            client.place = { [weak self] in
                SessionClient.Place(author: self?.author, after: self?.shared?.lastSequence ?? 0,
                                    start: offering && self?.shared == nil ? Document(format: format) : nil)
            }
            client.onWelcome = { [weak self] author, _ in
                self?.author = author
                for operation in self?.shared?.unconfirmed ?? [] { self?.client.send(operation) }
            }
            client.onStart = { [weak self] start in
                guard let self, self.shared == nil, let author = self.author else { return }
                self.content.replace(with: start.document)
                _ = self.content.matchLayerToFormat()
                let shared = SharedDocument(content: self.content, author: author, startingAfter: start.sequence, numbers: start.numbers)
                shared.onLocalOperation = { [weak self] in self?.client.send($0) }
                self.shared = shared
            }
            client.onOperation = { [weak self] operation, sequence in
                guard let self, let shared = self.shared else { return }
                let before = shared.rollbacks, began = DispatchTime.now().uptimeNanoseconds
                shared.receive(operation, sequence: sequence)
                if shared.rollbacks > before { self.rollbackTimes.append(Double(DispatchTime.now().uptimeNanoseconds - began) / 1e6) }
            }
        }

        func draw(_ n: Int) {
            owner.async { [self] in
                guard shared != nil else { return }
                // A scribble over the middle of the canvas, where everyone draws.
                let points = (0..<20).map { i in Point(x: 860 + Double((n * 37 + i * 11) % 200), y: 440 + Double((n * 53 + i * 7) % 200)) }
                content.append(.stroke(Stroke(points: points, color: Color(r: n % 256, g: 60, b: 200, a: 200), width: 8, blendMode: .sourceOver)))
            }
        }
    }

    func run(_ invitation: SessionInvitation) async throws -> Outcome {
        let painters = (0..<participants).map { Painter("painter \($0)", invitation, offering: $0 == 0, delay: delay) }
        painters[0].client.start()
        while painters[0].owner.sync(execute: { painters[0].shared == nil }) { try await Task.sleep(nanoseconds: 10_000_000) }
        for painter in painters.dropFirst() { painter.client.start() }
        while painters.contains(where: { painter in painter.owner.sync { painter.shared == nil } }) { try await Task.sleep(nanoseconds: 10_000_000) }
        let strokes = Int(seconds * strokesPerSecond) * participants
        let interval = 1 / (strokesPerSecond * Double(participants))
        // People finish strokes when they do, not in turn: who and when are random (a fixed seed),
        // the gaps exponential about the mean rate.
        var random = UInt64(0x9E37_79B9_7F4A_7C15)
        func next() -> Double {
            random = random &* 6364136223846793005 &+ 1442695040888963407
            return Double(random >> 11) / Double(1 << 53)
        }
        for n in 0..<strokes {
            painters[Int(next() * Double(participants))].draw(n)
            try await Task.sleep(nanoseconds: UInt64(-log(max(next(), 1e-9)) * interval * 1e9))
        }
        // Everything confirmed everywhere.
        let deadline = Date().addingTimeInterval(60)
        func settled() -> Bool {
            let last = painters.map { painter in painter.owner.sync { painter.shared?.lastSequence ?? 0 } }
            return Set(last).count == 1 && last[0] >= UInt64(strokes)
                && painters.allSatisfy { painter in painter.owner.sync { painter.shared?.unconfirmed.isEmpty ?? false } }
        }
        while !settled() && Date() < deadline { try await Task.sleep(nanoseconds: 20_000_000) }
        let durations = painters.flatMap { painter in painter.owner.sync { painter.rollbackTimes } }
        let items = painters.map { painter in painter.owner.sync { painter.content.document.items } }
        for painter in painters { painter.client.leave() }
        return Outcome(rollbacks: durations.count, durations: durations, strokes: strokes, identical: items.allSatisfy { $0 == items[0] })
    }
}
