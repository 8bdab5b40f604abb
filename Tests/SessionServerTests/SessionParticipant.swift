import Foundation
import Logging
import XCTest
@testable import PaintDocument
import PaintGraphics
import NIOSSL
import SessionClient
import SessionProtocol
import SessionServer

/// One participant: a document owned by a serial queue (as the UI thread owns the app's),
/// shared once the server says who this participant is.
final class SessionParticipant: @unchecked Sendable {
    let owner = DispatchQueue(label: "participant")
    let content: DocumentContent
    let client: SessionClient
    var shared: SharedDocument?
    var statuses: [SessionClient.Status] = []
    /// The drawings the server started this participant from (a snapshot's sequence each).
    var starts: [UInt64] = []
    /// Who the server said is there, the others' pointers, the chat heard.
    var members: [SessionMember] = []
    var pointers: [UInt32: SessionPoint?] = [:]
    /// The strokes others are drawing now, grown from their previews.
    var drawings: [UInt32: Stroke] = [:]
    var chat: [SessionChatLine] = []
    var locked = false
    /// Operations that came out of order (their number, and the last one had then).
    var gaps: [(UInt64, UInt64)] = []

    /// `offering`: this participant offers its blank canvas as the session's first drawing.
    /// `delay`: what the server sends reaches this participant that many seconds late, a
    /// random amount each time within it, in order (a slow or distant network).
    init(_ name: String, _ invitation: SessionInvitation, tls: TLSConfiguration? = nil, offering: Bool = false,
         delay: ClosedRange<Double>? = nil) {
        content = DocumentContent()
        _ = content.load(Document(format: DocumentFormat(pixelWidth: 64, pixelHeight: 48)), redo: [])
        _ = content.matchLayerToFormat()
        var logger = Logger(label: name)
        logger.logLevel = .critical
        let owner = self.owner
        let late = delay.map { NetworkDelay($0) }
        client = SessionClient(invitation: invitation, name: name, logger: logger, tls: tls) { work in
            if let late { late.deliver(work, to: owner) } else { owner.async(execute: work) }
        }
        // Weak: the client's last news may come after the participant is gone.
        client.place = { [weak self] in
            SessionClient.Place(author: self?.shared?.content.author, after: self?.shared?.lastSequence ?? 0,
                                start: offering && self?.shared == nil ? self?.content.document : nil)
        }
        client.onStart = { [weak self] start in
            self?.starts.append(start.sequence)
            guard let shared = self?.shared, start.sequence > shared.lastSequence else { return }
            shared.restart(from: start.document, sequence: start.sequence, numbers: start.numbers)
        }
        client.onWelcome = { [weak self] author, _ in
            guard let self else { return }
            if shared == nil {
                shared = SharedDocument(content: content, author: author)
                shared?.onLocalOperation = { [weak self] in self?.client.send($0) }
            }
            for operation in shared?.unconfirmed ?? [] { client.send(operation) }
        }
        client.onOperation = { [weak self] operation, sequence in
            guard let self, let shared = self.shared else { return }
            if !shared.receive(operation, sequence: sequence) { self.gaps.append((sequence, shared.lastSequence)) }
        }
        client.onStatus = { [weak self] in self?.statuses.append($0) }
        client.onParticipants = { [weak self] in self?.members = $0 }
        client.onPointer = { [weak self] author, point in self?.pointers[author] = point }
        client.onDrawing = { [weak self] author, preview in
            guard let self else { return }
            self.drawings[author] = preview.flatMap { SessionStrokePreview.grow(self.drawings[author], with: $0) }
        }
        client.onChat = { [weak self] in self?.chat.append($0) }
        client.onLocked = { [weak self] in self?.locked = $0 }
        client.onRejected = { [weak self] in self?.shared?.reject($0) }
    }

    func draw(_ item: Document.Item) { owner.sync { content.append(item) } }
    func undo() { owner.sync { _ = content.undo() } }

    func read<T>(_ body: (SessionParticipant) -> T) -> T { owner.sync { body(self) } }

    var pixels: [UInt32] {
        read { participant in
            let artwork = participant.content.drawing.renderArtwork()
            return Array(UnsafeBufferPointer(start: artwork.pixels, count: artwork.width * artwork.height))
        }
    }
}

extension XCTestCase {
    func stroke(_ n: Int) -> Document.Item {
        .stroke(Stroke(points: [Point(x: Double(n * 7 % 60), y: 5), Point(x: 30, y: Double(n * 5 % 40))],
                       color: Color(r: n * 40 % 256, g: 80, b: 200, a: 200), width: 3, blendMode: .sourceOver))
    }

    /// Waits up to `seconds` for `condition`; says what it waited for when it never held.
    func waitUntil(_ what: String, seconds: Double = 20, _ condition: () -> Bool) async {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            guard Date() < deadline else { return XCTFail("waited \(seconds) s for \(what)") }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
    }

    /// Waits up to `seconds` for every participant to hold the store's latest operation with
    /// nothing of theirs unconfirmed; returns that latest number (the caller asserts it settled).
    func settledLatest(_ participants: [SessionParticipant], in store: any OperationStore, session: String,
                       seconds: Double = 20) async throws -> UInt64 {
        let deadline = Date().addingTimeInterval(seconds)
        var latest: UInt64 = 0
        repeat {
            try await Task.sleep(nanoseconds: 20_000_000)
            latest = try await store.latest(in: session)
        } while !(latest > 0 && settled(participants, count: latest)) && Date() < deadline
        return latest
    }

    func settled(_ participants: [SessionParticipant], count: UInt64) -> Bool {
        participants.allSatisfy { $0.read { $0.shared?.lastSequence == count && $0.shared?.unconfirmed.isEmpty == true } }
    }

    /// Participants named `names`, started, once the server has welcomed every one of them.
    func joined(_ names: [String], _ invitation: SessionInvitation, tls: TLSConfiguration? = nil, offering: Bool = false) async -> [SessionParticipant] {
        let participants = names.map { SessionParticipant($0, invitation, tls: tls, offering: offering) }
        for participant in participants { participant.client.start() }
        await waitUntil("\(names.joined(separator: " and ")) joined") { participants.allSatisfy { $0.read { $0.shared != nil } } }
        return participants
    }
}

/// Random delays that keep their order, as a network does: one line per participant, each
/// message held until its time (at least the one before's) and then handed on.
final class NetworkDelay: @unchecked Sendable {
    private let range: ClosedRange<Double>
    private let line = DispatchQueue(label: "network delay")

    init(_ range: ClosedRange<Double>) { self.range = range }

    func deliver(_ work: @escaping @Sendable () -> Void, to owner: DispatchQueue) {
        let due = Date().addingTimeInterval(Double.random(in: range))
        line.async {
            let wait = due.timeIntervalSinceNow
            if wait > 0 { Thread.sleep(forTimeInterval: wait) }
            owner.async(execute: work)
        }
    }
}
