import Foundation
import Logging
import XCTest
@testable import PaintDocument
import PaintGraphics
import SessionClient
import SessionProtocol
@testable import SessionServer
import TestSupport

/// Two participants, each a document on a thread of its own, joined through the real server
/// by SessionClient: drawing at once, they end with the same pixels; drawing while the server
/// is down and restarted, nothing is lost and nothing is kept twice.
final class SessionClientTests: XCTestCase {
    /// One participant: a document owned by a serial queue (as the UI thread owns the app's),
    /// shared once the server says who this participant is.
    private final class Participant: @unchecked Sendable {
        let owner = DispatchQueue(label: "participant")
        let content: DocumentContent
        let client: SessionClient
        var shared: SharedDocument?
        var statuses: [SessionClient.Status] = []

        init(_ name: String, _ invitation: SessionInvitation) {
            content = DocumentContent()
            _ = content.load(Document(format: DocumentFormat(pixelWidth: 64, pixelHeight: 48)), redo: [])
            _ = content.matchLayerToFormat()
            var logger = Logger(label: name)
            logger.logLevel = .critical
            let owner = self.owner
            client = SessionClient(invitation: invitation, name: name, logger: logger) { work in owner.async(execute: work) }
            // Weak: the client's last news may come after the participant is gone.
            client.place = { [weak self] in SessionClient.Place(author: self?.shared?.content.author, after: self?.shared?.lastSequence ?? 0) }
            client.onWelcome = { [weak self] author in
                guard let self else { return }
                if shared == nil {
                    shared = SharedDocument(content: content, author: author)
                    shared?.onLocalOperation = { [weak self] in self?.client.send($0) }
                }
                for operation in shared?.unconfirmed ?? [] { client.send(operation) }
            }
            client.onOperation = { [weak self] operation, sequence in self?.shared?.receive(operation, sequence: sequence) }
            client.onStatus = { [weak self] in self?.statuses.append($0) }
        }

        func draw(_ item: Document.Item) { owner.sync { content.append(item) } }

        func read<T>(_ body: (Participant) -> T) -> T { owner.sync { body(self) } }

        var pixels: [UInt32] {
            read { participant in
                let artwork = participant.content.drawing.renderArtwork()
                return Array(UnsafeBufferPointer(start: artwork.pixels, count: artwork.width * artwork.height))
            }
        }
    }

    private func stroke(_ n: Int) -> Document.Item {
        .stroke(Stroke(points: [Point(x: Double(n * 7 % 60), y: 5), Point(x: 30, y: Double(n * 5 % 40))],
                       color: Color(r: n * 40 % 256, g: 80, b: 200, a: 200), width: 3, blendMode: .sourceOver))
    }

    /// Waits up to `seconds` for `condition`; says what it waited for when it never held.
    private func waitUntil(_ what: String, seconds: Double = 20, _ condition: () -> Bool) async {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            guard Date() < deadline else { return XCTFail("waited \(seconds) s for \(what)") }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
    }

    private func settled(_ participants: [Participant], count: UInt64) -> Bool {
        participants.allSatisfy { $0.read { $0.shared?.lastSequence == count && $0.shared?.unconfirmed.isEmpty == true } }
    }

    func testTwoParticipantsDrawingAtOnceThroughTheServerEndWithTheSamePixels() async throws {
        let store = try SQLiteOperationStore(path: ":memory:")
        let invite = try store.createSession()
        try await withServer(store) { port in
            let invitation = SessionInvitation(host: "127.0.0.1", port: port, session: invite.session, key: invite.key)
            let both = [Participant("Ana", invitation), Participant("Bo", invitation)]
            for participant in both { participant.client.start() }
            await waitUntil("both joined") { both.allSatisfy { $0.read { $0.shared != nil } } }
            for n in 0..<40 { both[n % 2].draw(stroke(n)) }
            await waitUntil("all 40 strokes confirmed everywhere") { settled(both, count: 40) }
            XCTAssertEqual(both[0].read { $0.content.document }, both[1].read { $0.content.document })
            XCTAssertEqual(both[0].pixels, both[1].pixels)
            XCTAssertEqual(try store.latest(in: invite.session), 40)
            for participant in both { participant.client.leave() }
        }
    }

    func testStrokesDrawnWhileTheServerIsDownArriveOnceWhenItIsBack() async throws {
        let folder = TemporaryDirectory()
        let path = folder.path + "/sessions.sqlite"
        let invite = try SQLiteOperationStore(path: path).createSession()
        var both: [Participant] = []
        var port = 0
        try await withServer(try SQLiteOperationStore(path: path)) { running in
            port = running
            let invitation = SessionInvitation(host: "127.0.0.1", port: running, session: invite.session, key: invite.key)
            both = [Participant("Ana", invitation), Participant("Bo", invitation)]
            for participant in both { participant.client.start() }
            await waitUntil("both joined") { both.allSatisfy { $0.read { $0.shared != nil } } }
            for n in 0..<6 { both[n % 2].draw(stroke(n)) }
            await waitUntil("the first six everywhere") { settled(both, count: 6) }
        }
        // The server is gone: each goes on drawing, and hears that it is reconnecting.
        for n in 6..<12 { both[n % 2].draw(stroke(n)) }
        await waitUntil("both trying again") {
            both.allSatisfy { $0.read { $0.statuses.contains { if case .reconnecting = $0 { return true } else { return false } } } }
        }
        XCTAssertEqual(both[0].read { $0.shared?.unconfirmed.count }, 3, "drawn while away, waiting")
        try await withServer(try SQLiteOperationStore(path: path), port: port) { _ in
            await waitUntil("the twelve everywhere after the restart") { settled(both, count: 12) }
            XCTAssertEqual(both[0].read { $0.content.document }, both[1].read { $0.content.document })
            XCTAssertEqual(both[0].pixels, both[1].pixels)
            XCTAssertEqual(both[0].read { $0.content.document.items.count }, 12)
            XCTAssertEqual(try SQLiteOperationStore(path: path).latest(in: invite.session), 12, "each kept once")
            for participant in both { participant.client.leave() }
        }
    }
}
