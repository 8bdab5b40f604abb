import Foundation
import Logging
import XCTest
@testable import PaintDocument
import PaintGraphics
import SessionClient
import SessionProtocol
@testable import SessionServer

/// Session servers sharing one PostgreSQL database (the private server `make test` starts):
/// two servers numbering one session's operations at once never give a number twice, and a
/// participant on one server and a participant on the other end with the same pixels.
final class SharedDatabaseTests: XCTestCase {
    private func database() throws -> String {
        guard let url = ProcessInfo.processInfo.environment["X11PAINT_TEST_POSTGRES"] else {
            throw XCTSkip("X11PAINT_TEST_POSTGRES names no PostgreSQL server (make test starts one)")
        }
        return url
    }

    private var quiet: Logger {
        var logger = Logger(label: "x11paint-server")
        logger.logLevel = .critical
        return logger
    }

    func testTwoServersNumberOneSessionsOperationsOnceEach() async throws {
        let url = try database()
        let first = try await PostgresOperationStore(url: url, logger: quiet)
        let second = try await PostgresOperationStore(url: url, logger: quiet)
        let invite = try await first.createSession()
        let (a, b) = (try await first.newAuthor(in: invite.session, name: "Ana"), try await second.newAuthor(in: invite.session, name: "Bo"))
        XCTAssertNotEqual(a, b)
        let key = try await second.key(of: invite.session)
        XCTAssertEqual(key, invite.key, "one database: the other server knows the session")
        let operation: @Sendable (UInt32, Int) -> DocumentOperation = { author, n in
            DocumentOperation(id: OperationID(author: author, sequence: UInt64(n)), kind: .item(.clear))
        }
        // Both servers append at once, each a resend of every third.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (store, author) in [(first, a), (second, b)] {
                group.addTask {
                    for n in 1...30 {
                        _ = try await store.append(operation(author, n), to: invite.session)
                        if n % 3 == 0 { _ = try await store.append(operation(author, n), to: invite.session) }
                    }
                }
            }
            try await group.waitForAll()
        }
        let kept = try await first.operations(in: invite.session, after: 0, limit: 1000)
        XCTAssertEqual(kept.map(\.sequence), Array(1...60), "numbers 1 to 60, none twice, none missing")
        XCTAssertEqual(Set(kept.map(\.operation.id)).count, 60, "each operation once")
        let latest = try await second.latest(in: invite.session)
        XCTAssertEqual(latest, 60)
    }

    func testParticipantsOnTwoServersOfOneDatabaseEndWithTheSamePixels() async throws {
        let url = try database()
        let invite = try await PostgresOperationStore(url: url, logger: quiet).createSession()
        try await withServer(try await PostgresOperationStore(url: url, logger: quiet)) { firstPort in
            try await withServer(try await PostgresOperationStore(url: url, logger: quiet)) { secondPort in
                // One participant on each server.
                let first = await joined(["Ana"], SessionInvitation(host: "127.0.0.1", port: firstPort, session: invite.session, key: invite.key))
                let second = await joined(["Bo"], SessionInvitation(host: "127.0.0.1", port: secondPort, session: invite.session, key: invite.key))
                let both = first + second
                for n in 0..<40 { both[n % 2].draw(stroke(n)) }
                await waitUntil("all 40 strokes confirmed on both servers") { settled(both, count: 40) }
                XCTAssertEqual(both[0].read { $0.content.document }, both[1].read { $0.content.document })
                XCTAssertEqual(both[0].pixels, both[1].pixels)
                for participant in both { participant.client.leave() }
            }
        }
    }

    func testALateJoinerOnTheOtherServerStartsFromTheSnapshotInTheDatabase() async throws {
        let url = try database()
        let store = try await PostgresOperationStore(url: url, logger: quiet)
        let invite = try await store.createSession()
        let limits = SessionLimits(foldEvery: 20)
        try await withServer(try await PostgresOperationStore(url: url, logger: quiet), limits: limits) { firstPort in
            try await withServer(try await PostgresOperationStore(url: url, logger: quiet), limits: limits) { secondPort in
                let on = { (port: Int) in SessionInvitation(host: "127.0.0.1", port: port, session: invite.session, key: invite.key) }
                let both = await joined(["Ana"], on(firstPort), offering: true) + joined(["Bo"], on(secondPort), offering: true)
                for n in 0..<60 {
                    both[n % 2].draw(stroke(n))
                    if n % 7 == 6 { both[n % 2].undo() }
                }
                let latest = try await settledLatest(both, in: store, session: invite.session)
                XCTAssertTrue(settled(both, count: latest), "everything confirmed on both servers")
                let late = await joined(["Cy"], on(secondPort))[0]
                await waitUntil("the late joiner caught up") { late.read { $0.shared?.lastSequence == latest } }
                let snapshot = try await store.start(of: invite.session)
                XCTAssertGreaterThan(snapshot?.sequence ?? 0, 0, "a snapshot is in the database")
                XCTAssertEqual(late.read { $0.starts }, [snapshot?.sequence ?? 0])
                let pixels = (both + [late]).map(\.pixels)
                XCTAssertTrue(pixels.allSatisfy { $0 == pixels[0] }, "the same pixels on both servers' participants")
                for participant in both + [late] { participant.client.leave() }
            }
        }
    }

    /// PostgreSQL restarted under two servers while two people draw: the servers' operations in
    /// flight fail, their clients join again and resend, and every stroke is kept once.
    func testRestartingPostgreSQLUnderTwoServersLosesNothing() async throws {
        let url = try database()
        guard let folder = URLComponents(string: url)?.queryItems?.first(where: { $0.name == "host" })?.value else {
            throw XCTSkip("the test database is not a private cluster in a folder (make test starts one)")
        }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/test-postgres.sh").path
        let store = try await PostgresOperationStore(url: url, logger: quiet)
        let invite = try await store.createSession()
        try await withServer(try await PostgresOperationStore(url: url, logger: quiet)) { firstPort in
            try await withServer(try await PostgresOperationStore(url: url, logger: quiet)) { secondPort in
                let on = { (port: Int) in SessionInvitation(host: "127.0.0.1", port: port, session: invite.session, key: invite.key) }
                let both = await joined(["Ana"], on(firstPort), offering: true) + joined(["Bo"], on(secondPort))
                for n in 0..<10 { both[n % 2].draw(stroke(n)) }
                await waitUntil("the first ten everywhere") { settled(both, count: 10) }
                let restart = Process()
                restart.executableURL = URL(fileURLWithPath: "/bin/bash")
                restart.arguments = [script, "restart", folder]
                try restart.run()
                for n in 10..<40 {
                    both[n % 2].draw(stroke(n))
                    try await Task.sleep(nanoseconds: 50_000_000)
                }
                // The restart's own process is not waited on (its server lives on past it): its
                // log says when the database was ready again.
                let log = folder + "/server.log"
                let ready = { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").components(separatedBy: "ready to accept connections").count - 1 }
                let back = Date().addingTimeInterval(30)
                while ready() < 2 && Date() < back { try await Task.sleep(nanoseconds: 20_000_000) }
                XCTAssertGreaterThanOrEqual(ready(), 2, "PostgreSQL restarted")
                await waitUntil("all forty everywhere after the restart", seconds: 60) { settled(both, count: 40) }
                // Restarted again, and drawn on the moment it is back, before a server listens
                // again: their announcements reach no one, and nothing is drawn after them.
                let again = Process()
                again.executableURL = URL(fileURLWithPath: "/bin/bash")
                again.arguments = [script, "restart", folder]
                try again.run()
                let backAgain = Date().addingTimeInterval(30)
                while ready() < 3 && Date() < backAgain { try await Task.sleep(nanoseconds: 5_000_000) }
                for n in 40..<45 { both[1].draw(stroke(n)) }
                await waitUntil("all forty-five everywhere after the second restart", seconds: 60) { settled(both, count: 45) }
                let kept = try await PostgresOperationStore(url: url, logger: quiet).operations(in: invite.session, after: 0, limit: 100)
                XCTAssertEqual(kept.map(\.sequence), Array(1...45), "each stroke kept once")
                XCTAssertEqual(both[0].pixels, both[1].pixels)
                let reconnected = both.filter { $0.read { $0.statuses.contains { if case .reconnecting = $0 { true } else { false } } } }.count
                print("PostgreSQL restarted under two servers: \(reconnected) of 2 participants joined again, 45 strokes kept once each")
                for participant in both { participant.client.leave() }
            }
        }
    }
}
