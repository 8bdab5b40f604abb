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
    func testTwoParticipantsDrawingAtOnceThroughTheServerEndWithTheSamePixels() async throws {
        let store = try SQLiteOperationStore(path: ":memory:")
        let invite = try await store.createSession()
        try await withServer(store) { port in
            let invitation = SessionInvitation(host: "127.0.0.1", port: port, session: invite.session, key: invite.key)
            let both = [SessionParticipant("Ana", invitation), SessionParticipant("Bo", invitation)]
            for participant in both { participant.client.start() }
            await waitUntil("both joined") { both.allSatisfy { $0.read { $0.shared != nil } } }
            for n in 0..<40 { both[n % 2].draw(stroke(n)) }
            await waitUntil("all 40 strokes confirmed everywhere") { settled(both, count: 40) }
            XCTAssertEqual(both[0].read { $0.content.document }, both[1].read { $0.content.document })
            XCTAssertEqual(both[0].pixels, both[1].pixels)
            let latestKept = try await store.latest(in: invite.session)
            XCTAssertEqual(latestKept, 40)
            for participant in both { participant.client.leave() }
        }
    }

    func testStrokesDrawnWhileTheServerIsDownArriveOnceWhenItIsBack() async throws {
        let folder = TemporaryDirectory()
        let path = folder.path + "/sessions.sqlite"
        let invite = try await SQLiteOperationStore(path: path).createSession()
        var both: [SessionParticipant] = []
        var port = 0
        try await withServer(try SQLiteOperationStore(path: path)) { running in
            port = running
            let invitation = SessionInvitation(host: "127.0.0.1", port: running, session: invite.session, key: invite.key)
            both = [SessionParticipant("Ana", invitation), SessionParticipant("Bo", invitation)]
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
            let latestKept = try await SQLiteOperationStore(path: path).latest(in: invite.session)
            XCTAssertEqual(latestKept, 12, "each kept once")
            for participant in both { participant.client.leave() }
        }
    }
}
