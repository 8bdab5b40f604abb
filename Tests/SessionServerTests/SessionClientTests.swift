import Foundation
import Logging
import XCTest
@testable import PaintDocument
import PaintGraphics
import HummingbirdTLS
import NIOSSL
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
            let both = await joined(["Ana", "Bo"], invitation)
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
            both = await joined(["Ana", "Bo"], invitation)
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

    func testAPlacedPhotoReachesEveryoneAndALateJoinerSeesIt() async throws {
        let store = try SQLiteOperationStore(path: ":memory:")
        let invite = try await store.createSession()
        try await withServer(store) { port in
            let invitation = SessionInvitation(host: "127.0.0.1", port: port, session: invite.session, key: invite.key)
            let both = await joined(["Ana", "Bo"], invitation)
            // A picture of its own (no file behind it: it travels as PNG), placed by Ana.
            let picture = Bitmap(width: 24, height: 16)
            for y in 0..<16 { for x in 0..<24 { picture[x, y] = Color(r: x * 10, g: y * 15, b: 120, a: 255).premultipliedPixel } }
            let photo = Photo(asset: ImageAsset(bitmap: picture, name: "tiles.png"))
            both[0].draw(.photo(PlacedPhoto(photo: photo, placement: AffineTransform(translationX: 10, y: 8))))
            both[1].draw(stroke(1))
            await waitUntil("the photo and the stroke everywhere") { settled(both, count: 2) }
            XCTAssertEqual(both[0].pixels, both[1].pixels, "Bo sees Ana's photo as she does")
            let shown = both[1].read { $0.content.drawing.renderArtwork() }
            XCTAssertEqual(shown[15, 10], picture[5, 2], "the picture's own pixels, not a placeholder")

            let late = SessionParticipant("Cy", invitation)
            late.client.start()
            await waitUntil("the late joiner caught up") { settled([late], count: 2) }
            XCTAssertEqual(late.pixels, both[0].pixels, "a late joiner gets the picture before the operation")
            for participant in both + [late] { participant.client.leave() }
        }
    }

    func testASessionOverTLSJoinsOnlyWhereTheCertificateIsTrusted() async throws {
        let folder = TemporaryDirectory()
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        openssl.arguments = ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
                             "-addext", "subjectAltName=DNS:localhost", "-keyout", folder.path + "/key.pem", "-out", folder.path + "/cert.pem"]
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        XCTAssertEqual(openssl.terminationStatus, 0, "openssl made a certificate")
        let certificates = try NIOSSLCertificate.fromPEMFile(folder.path + "/cert.pem")
        let server = TLSConfiguration.makeServerConfiguration(certificateChain: certificates.map { .certificate($0) },
                                                              privateKey: .privateKey(try NIOSSLPrivateKey(file: folder.path + "/key.pem", format: .pem)))
        var trusting = TLSConfiguration.makeClientConfiguration()
        trusting.trustRoots = .certificates(certificates)
        let store = try SQLiteOperationStore(path: ":memory:")
        let invite = try await store.createSession()
        try await withServer(store, tls: server) { port in
            let invitation = SessionInvitation(host: "localhost", port: port, session: invite.session, key: invite.key, secure: true)
            XCTAssertEqual(SessionInvitation(link: invitation.description), invitation, "the link reads back")
            XCTAssertTrue(invitation.description.hasPrefix("x11paints://localhost:"))
            XCTAssertEqual(SessionInvitation.problem(with: "x11paints://127.0.0.1:\(port)/\(invite.session)#\(invite.key)"),
                           "a secure invitation (x11paints://) names its server by host name, not by address")
            let stranger = SessionParticipant("Eve", invitation)
            stranger.client.start()
            let both = await joined(["Ana", "Bo"], invitation, tls: trusting)
            for n in 0..<6 { both[n % 2].draw(stroke(n)) }
            await waitUntil("the six strokes everywhere") { settled(both, count: 6) }
            XCTAssertEqual(both[0].pixels, both[1].pixels)
            await waitUntil("the client that does not trust the certificate tries again") {
                stranger.read { $0.statuses.contains { if case .reconnecting = $0 { return true } else { return false } } }
            }
            XCTAssertNil(stranger.read { $0.shared }, "it never joined")
            for participant in both + [stranger] { participant.client.leave() }
        }
    }

    func testALateJoinerStartsFromTheServersSnapshotAndEveryoneEndsWithTheSamePixels() async throws {
        let folder = TemporaryDirectory()
        let store = try SQLiteOperationStore(path: folder.path + "/sessions.sqlite")
        let invite = try await store.createSession()
        try await withServer(store, limits: SessionLimits(foldEvery: 20)) { port in
            let invitation = SessionInvitation(host: "127.0.0.1", port: port, session: invite.session, key: invite.key)
            let both = await joined(["Ana", "Bo"], invitation, offering: true)
            for n in 0..<70 {
                both[n % 2].draw(stroke(n))
                if n % 9 == 8 { both[n % 2].undo() }
            }
            func quiet(_ participants: [SessionParticipant]) async throws -> UInt64 {
                let latest = try await settledLatest(participants, in: store, session: invite.session)
                XCTAssertTrue(settled(participants, count: latest), "everything was not confirmed everywhere in 20 s")
                return latest
            }
            var latest = try await quiet(both)
            let late = await joined(["Cy"], invitation)[0]
            await waitUntil("the late joiner caught up") { late.read { $0.shared?.lastSequence == latest } }
            let snapshot = try await store.start(of: invite.session)
            XCTAssertGreaterThanOrEqual(snapshot?.sequence ?? 0, 60, "the server folded the history as it grew (\(latest) operations)")
            XCTAssertEqual(late.read { $0.starts }, [snapshot?.sequence ?? 0], "the joiner started from the server's snapshot")
            // Everyone goes on drawing and undoing; the joiner's undo is its own.
            late.draw(stroke(100))
            late.undo()
            late.draw(stroke(101))
            both[0].undo()
            latest = try await quiet(both + [late])
            let everyone = both + [late]
            let items = everyone.map { $0.read { $0.content.document.items } }, pixels = everyone.map(\.pixels)
            XCTAssertTrue(items.allSatisfy { $0 == items[0] }, "the same items everywhere: \(items.map(\.count))")
            XCTAssertTrue(pixels.allSatisfy { $0 == pixels[0] }, "the same pixels everywhere")
            // Two folds in: the operations the first snapshot holds keep only their ids.
            let folded = try? await store.operations(in: invite.session, after: 0, limit: 1)
            XCTAssertNil(folded, "the first operations' bodies were dropped")
            for participant in everyone { participant.client.leave() }
        }
    }

    func testEveryoneSeesWhoIsThereTheirPointersAndTheChatAndALateJoinerHearsWhatWasSaid() async throws {
        let store = try SQLiteOperationStore(path: ":memory:")
        let invite = try await store.createSession()
        try await withServer(store) { port in
            let invitation = SessionInvitation(host: "127.0.0.1", port: port, session: invite.session, key: invite.key)
            let both = await joined(["Ana", "Bo"], invitation)
            await waitUntil("both see both") { both.allSatisfy { $0.read { $0.members.map(\.name).sorted() } == ["Ana", "Bo"] } }
            let ana = both[0].read { $0.shared!.content.author }
            both[0].client.sendPointer(SessionPoint(x: 12, y: 34))
            await waitUntil("Bo sees Ana's pointer") { both[1].read { $0.pointers[ana] } == .some(SessionPoint(x: 12, y: 34)) }
            both[0].client.sendPointer(nil)
            await waitUntil("and sees it leave the drawing") { both[1].read { $0.pointers[ana] } == .some(nil) }
            // A stroke being drawn reaches the others as it grows, its new points each time.
            let whole = Stroke(points: (0..<6).map { Point(x: Double($0 * 5), y: 10) }, color: Color(r: 200, g: 20, b: 20), width: 3,
                               blendMode: .sourceOver)
            var head = whole, tail = whole
            head.points = Array(whole.points.prefix(4))
            tail.points = Array(whole.points.suffix(2))
            both[0].client.sendDrawing(SessionStrokePreview(from: 0, stroke: head))
            both[0].client.sendDrawing(SessionStrokePreview(from: 4, stroke: tail))
            await waitUntil("Bo sees Ana's stroke as drawn so far") { both[1].read { $0.drawings[ana] } == whole }
            both[0].client.sendDrawing(nil)
            await waitUntil("and it goes when she stops") { both[1].read { $0.drawings[ana] } == nil }
            both[1].client.say("  hello  ")
            await waitUntil("Ana hears Bo") { both[0].read { $0.chat.map(\.text) } == ["hello"] }
            XCTAssertEqual(both[0].read { $0.chat.first?.name }, "Bo")
            let late = await joined(["Cy"], invitation)[0]
            await waitUntil("the late joiner hears what was said") { late.read { $0.chat.map(\.text) } == ["hello"] }
            await waitUntil("everyone sees three") { (both + [late]).allSatisfy { $0.read { $0.members.count } == 3 } }
            late.client.leave()
            await waitUntil("and two once one left") { both.allSatisfy { $0.read { $0.members.map(\.name).sorted() } == ["Ana", "Bo"] } }
            // A chat line too long closes that connection only.
            both[1].client.say(String(repeating: "x", count: SessionChatLine.longest + 1))
            await waitUntil("Bo was refused") { both[1].read { $0.statuses.contains { if case .refused = $0 { true } else { false } } } }
            both[0].client.say("still here")
            await waitUntil("Ana's chat goes on") { both[0].read { $0.chat.last?.text } == "still here" }
            for participant in both { participant.client.leave() }
        }
    }

    func testALayerTheHostLocksIsTheHostsAloneUntilTheHostUnlocksIt() async throws {
        let store = try SQLiteOperationStore(path: ":memory:")
        let invite = try await store.createSession()
        try await withServer(store) { port in
            let invitation = SessionInvitation(host: "127.0.0.1", port: port, session: invite.session, key: invite.key)
            let host = await joined(["Ana"], invitation, offering: true)[0]
            let guest = await joined(["Bo"], invitation)[0]
            let locked = LayerProperties(name: "Layer 1", isLocked: true), unlocked = LayerProperties(name: "Layer 1")
            host.draw(.layer(.properties(id: 0, locked)))
            await waitUntil("Bo has the host's lock") { settled([host, guest], count: 1) }
            // Painting on it, unlocking it, turning the image: each taken off again.
            guest.draw(stroke(1))
            guest.draw(.layer(.properties(id: 0, unlocked)))
            guest.draw(.turnImage(.clockwise))
            // A layer of Bo's own is Bo's to paint on.
            guest.draw(.layer(.add(id: 1, index: 1, properties: LayerProperties(name: "Bo's"))))
            guest.draw(.onLayer(1, stroke(2)))
            await waitUntil("Bo's changes on the host's layer taken off, the ones on Bo's own kept") {
                settled([host, guest], count: 3) && guest.read { $0.content.document.items.count } == host.read { $0.content.document.items.count }
            }
            XCTAssertEqual(guest.pixels, host.pixels, "the refused changes are nowhere")
            let kept = try await store.latest(in: invite.session)
            XCTAssertEqual(kept, 3, "the lock and Bo's layer with its stroke, nothing else")
            // The host takes the lock back: Bo paints on the layer again.
            host.undo()
            await waitUntil("unlocked by the host's undo") { settled([host, guest], count: 4) }
            guest.draw(stroke(3))
            await waitUntil("Bo's stroke kept") { settled([host, guest], count: 5) }
            XCTAssertEqual(guest.pixels, host.pixels)
            for participant in [host, guest] { participant.client.leave() }
        }
    }

    func testTheHostLocksTheDrawingRemovesSomeoneAndEndsTheSession() async throws {
        let store = try SQLiteOperationStore(path: ":memory:")
        let invite = try await store.createSession()
        try await withServer(store) { port in
            let invitation = SessionInvitation(host: "127.0.0.1", port: port, session: invite.session, key: invite.key)
            let host = await joined(["Ana"], invitation, offering: true)[0]
            let guest = await joined(["Bo"], invitation)[0]
            XCTAssertEqual(host.read { $0.shared?.content.author }, SessionMember.host, "the first to join hosts")
            // Someone else's lock is not taken: it closes that connection.
            let other = await joined(["Cy"], invitation)[0]
            other.client.moderate(.lock(true))
            await waitUntil("Cy was refused") { other.read { $0.statuses.contains { if case .refused = $0 { true } else { false } } } }
            host.client.moderate(.lock(true))
            await waitUntil("Bo hears the drawing is locked") { guest.read { $0.locked } }
            guest.draw(stroke(1))
            host.draw(stroke(2))
            await waitUntil("Bo's stroke taken off, Ana's kept") {
                settled([host, guest], count: 1) && guest.read { $0.content.document.items.count } == 1
            }
            XCTAssertEqual(guest.pixels, host.pixels, "the locked-out stroke is nowhere")
            host.client.moderate(.lock(false))
            await waitUntil("unlocked") { !guest.read { $0.locked } }
            guest.draw(stroke(3))
            await waitUntil("Bo draws again") { settled([host, guest], count: 2) }
            host.client.moderate(.remove(author: guest.read { $0.shared!.content.author }))
            await waitUntil("Bo was removed") {
                guest.read { $0.statuses.contains(.refused("The host removed you from this session.")) }
            }
            host.client.moderate(.end)
            await waitUntil("the session ended") { host.read { $0.statuses.contains(.refused("You ended the session.")) } }
            let late = SessionParticipant("Di", invitation)
            late.client.start()
            await waitUntil("nobody joins an ended session") {
                late.read { $0.statuses.contains { if case .refused = $0 { true } else { false } } }
            }
            for participant in [host, guest, other, late] { participant.client.leave() }
        }
    }

    /// Three people draw, undo, redo, clear, flip, invert and turn the image at random for
    /// several seconds through the server, each hearing it at a random delay of its own, while
    /// the server folds the history; then everyone, a newcomer, and the server's snapshot with
    /// the log after it hold the same drawing, pixel for pixel.
    func testThreeDrawingAtRandomThroughTheServerWithDelaysEndIdenticalWithANewcomerAndTheRecording() async throws {
        let folder = TemporaryDirectory()
        let store = try SQLiteOperationStore(path: folder.path + "/sessions.sqlite")
        let invite = try await store.createSession()
        try await withServer(store, limits: SessionLimits(foldEvery: 40)) { port in
            let invitation = SessionInvitation(host: "127.0.0.1", port: port, session: invite.session, key: invite.key)
            let delays: [ClosedRange<Double>] = [0...0.002, 0.005...0.03, 0.02...0.08]
            let first = SessionParticipant("Ana", invitation, offering: true, delay: delays[0])
            first.client.start()
            await waitUntil("Ana joined") { first.read { $0.shared != nil } }
            let others = [SessionParticipant("Bo", invitation, delay: delays[1]), SessionParticipant("Cy", invitation, delay: delays[2])]
            for participant in others { participant.client.start() }
            await waitUntil("Bo and Cy joined") { others.allSatisfy { $0.read { $0.shared != nil } } }
            let everyone = [first] + others
            var random = SystemRandomNumberGenerator()
            let deadline = Date().addingTimeInterval(6)
            var steps = 0
            while Date() < deadline {
                let who = everyone[Int.random(in: 0..<3, using: &random)]
                let roll = Int.random(in: 0..<100, using: &random), n = steps
                who.owner.sync {
                    switch roll {
                    case 0..<15: _ = who.content.undo()
                    case 15..<22: _ = who.content.redo()
                    case 22..<25: who.content.append(.clear)
                    case 25..<28: who.content.append(.mirror(horizontally: n % 2 == 0, area: nil))
                    case 28..<31: who.content.append(.adjust(.invert, area: nil))
                    case 31..<33: who.content.append(.turnImage(.clockwise))
                    default: who.content.append(stroke(n))
                    }
                }
                steps += 1
                try await Task.sleep(nanoseconds: UInt64.random(in: 2_000_000...12_000_000, using: &random))
            }
            let latest = try await settledLatest(everyone, in: store, session: invite.session, seconds: 30)
            if !settled(everyone, count: latest) {
                let kept = try await store.encodedOperations(in: invite.session, after: 0, limit: 100_000)
                    .compactMap { try? SessionWire.decode(DocumentOperation.self, from: $0.body).id }
                for participant in everyone {
                    let (waiting, statuses) = participant.read { ($0.shared?.unconfirmed ?? [], $0.statuses) }
                    guard let first = waiting.first else { continue }
                    XCTFail("\(waiting.count) not confirmed; the first, \(first.id) \(first.kind), is \(kept.contains(first.id) ? "" : "not ")in the store; "
                            + "statuses \(statuses.suffix(4)); the store's last of that author: \(kept.filter { $0.author == first.id.author }.suffix(3))")
                }
            }
            XCTAssertTrue(settled(everyone, count: latest), "everything confirmed everywhere: "
                          + "\(everyone.map { p in p.read { "\($0.shared?.lastSequence ?? 0)/\(latest), \($0.shared?.unconfirmed.count ?? -1) waiting, gaps \($0.gaps.prefix(3))" } })")
            let newcomer = await joined(["Di"], invitation)[0]
            await waitUntil("the newcomer caught up") { newcomer.read { $0.shared?.lastSequence == latest } }
            let pixels = (everyone + [newcomer]).map(\.pixels)
            XCTAssertTrue(pixels.allSatisfy { $0 == pixels[0] }, "the three and the newcomer hold the same pixels")
            let items = (everyone + [newcomer]).map { $0.read { $0.content.document.items } }
            XCTAssertTrue(items.allSatisfy { $0 == items[0] }, "and the same items: \(items.map(\.count))")
            // The server's snapshot with the log after it, drawn without any participant.
            let recording = try await SessionRecording.drawing(of: invite.session, in: store)
            let format = try XCTUnwrap(recording.format)
            let layer = DrawingLayer(width: format.pixelWidth, height: format.pixelHeight, scale: format.pixelScale)
            layer.rebuild(from: recording)
            let artwork = layer.renderArtwork()
            XCTAssertEqual(Array(UnsafeBufferPointer(start: artwork.pixels, count: artwork.width * artwork.height)), pixels[0],
                           "the recording holds the same pixels")
            let snapshot = try await store.start(of: invite.session)
            XCTAssertGreaterThan(snapshot?.sequence ?? 0, 0, "the server folded the history (\(steps) steps, \(latest) operations)")
            print("three at random through the server: \(steps) steps, \(latest) operations, the last snapshot at \(snapshot?.sequence ?? 0)")
            for participant in everyone + [newcomer] { participant.client.leave() }
        }
    }

    /// A connection that hangs for 10 s (a proxy that stops forwarding, closing nothing): both
    /// go on drawing, and once it flows again everything arrives, once, and both end the same.
    func testAConnectionStalledForTenSecondsLosesNothing() async throws {
        let store = try SQLiteOperationStore(path: ":memory:")
        let invite = try await store.createSession()
        try await withServer(store) { port in
            let proxy = try StallingProxy(to: port)
            defer { proxy.close() }
            let direct = SessionInvitation(host: "127.0.0.1", port: port, session: invite.session, key: invite.key)
            var throughProxy = direct
            throughProxy.port = proxy.port
            let ana = await joined(["Ana"], throughProxy, offering: true)[0]
            let bo = await joined(["Bo"], direct)[0]
            for n in 0..<10 { [ana, bo][n % 2].draw(stroke(n)) }
            await waitUntil("the first ten everywhere") { settled([ana, bo], count: 10) }
            proxy.isStalled = true
            for n in 10..<40 {
                [ana, bo][n % 2].draw(stroke(n))
                try await Task.sleep(nanoseconds: 330_000_000)
            }
            XCTAssertGreaterThan(ana.read { $0.shared?.unconfirmed.count ?? 0 }, 0, "Ana's strokes wait while the connection hangs")
            proxy.isStalled = false
            await waitUntil("all forty everywhere once it flows again", seconds: 30) { settled([ana, bo], count: 40) }
            XCTAssertEqual(ana.read { $0.content.document.items.count }, 40, "nothing lost")
            XCTAssertEqual(ana.pixels, bo.pixels)
            let kept = try await store.latest(in: invite.session)
            XCTAssertEqual(kept, 40, "each kept once")
            for participant in [ana, bo] { participant.client.leave() }
        }
    }
}

/// x11paint-server as people run it, in a process of its own that a test can kill -9.
final class ServerProcessTests: XCTestCase {
    private var serverBinary: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/debug/x11paint-server").path
    }

    /// Starts the server on `port` (0: any) with its sessions in `database`; its port, its
    /// invitation when `newSession`.
    private func start(_ database: String, port: Int, newSession: Bool) throws -> (Process, Int, SessionInvitation?) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: serverBinary)
        process.arguments = ["--port", "\(port)", "--database", database] + (newSession ? ["--new-session"] : [])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, !(text.contains("listening") && (!newSession || text.contains("x11paint://"))) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let range = text.range(of: "ws://127.0.0.1:"), let listening = Int(text[range.upperBound...].prefix { $0.isNumber }) else {
            process.terminate()
            throw XCTSkip("x11paint-server did not start: \(text)")
        }
        let invitation = text.split(separator: "\n").compactMap { SessionInvitation(link: String($0)) }.first
        return (process, listening, invitation)
    }

    func testKillingTheServerMidSessionLosesNothingConfirmedAndKeepsNothingTwice() async throws {
        guard FileManager.default.isExecutableFile(atPath: serverBinary) else { throw XCTSkip("no x11paint-server at \(serverBinary)") }
        let folder = TemporaryDirectory()
        let database = folder.path + "/sessions.sqlite"
        var (server, port, invitation) = try start(database, port: 0, newSession: true)
        let both = await joined(["Ana", "Bo"], try XCTUnwrap(invitation), offering: true)
        // Drawing goes on while the server is killed, and while it is away.
        for n in 0..<120 {
            both[n % 2].draw(stroke(n))
            if n == 60 {
                kill(server.processIdentifier, SIGKILL)
                server.waitUntilExit()
            }
            if n == 90 { (server, _, _) = try start(database, port: port, newSession: false) }
            try await Task.sleep(nanoseconds: 5_000_000)
        }
        await waitUntil("all 120 strokes confirmed everywhere after the restart", seconds: 30) { settled(both, count: 120) }
        let store = try SQLiteOperationStore(path: database)
        let kept = try await store.operations(in: invitation!.session, after: 0, limit: 1000)
        XCTAssertEqual(kept.map(\.sequence), Array(1...120), "every stroke kept once, none twice")
        XCTAssertEqual(Set(kept.map(\.operation.id)).count, 120)
        XCTAssertEqual(both[0].read { $0.content.document.items.count }, 120, "nothing lost")
        XCTAssertEqual(both[0].pixels, both[1].pixels)
        XCTAssertTrue(both.allSatisfy { $0.read { $0.statuses.contains { if case .reconnecting = $0 { true } else { false } } } },
                      "both saw the server go")
        // The log is the recording: exported, it is the drawing both have.
        let exported = folder.path + "/session.png"
        let export = Process()
        export.executableURL = URL(fileURLWithPath: serverBinary)
        export.arguments = ["export", invitation!.session, exported, "--database", database]
        export.standardOutput = FileHandle.nullDevice
        try export.run()
        export.waitUntilExit()
        XCTAssertEqual(export.terminationStatus, 0)
        let png = try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: exported)))
        XCTAssertEqual(Array(UnsafeBufferPointer(start: png.pixels, count: png.width * png.height)), both[0].pixels, "the exported drawing")
        for participant in both { participant.client.leave() }
        server.terminate()
        server.waitUntilExit()
    }
}
