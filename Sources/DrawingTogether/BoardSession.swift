import DrawingBoard
import Foundation
import PaintDocument
import SessionClient
import SessionProtocol

/// One tab's drawing in a session: the session's client on one side, the tab's document on the
/// other. The document becomes a `SharedDocument` once the server says who this participant is
/// and what the drawing starts from; from then on every change made in the tab goes out, and
/// everyone's come in, in the server's order. The tab's message line says how the connection is.
final class BoardSession {
    let invitation: SessionInvitation
    let isHost: Bool
    private(set) var shared: SharedDocument?
    private(set) var status = SessionClient.Status.connecting
    private weak var board: DrawingBoardViewController?
    private let content: DocumentContent
    private let client: SessionClient
    private var author: UInt32?
    /// Whether the connection dropped since the last welcome (the next one says what came in).
    private var wasAway = false

    /// `hostAuthor`: this machine serves the session and its drawing is the start (kept in the
    /// server's store already), so the tab is shared at once as that author.
    init(board: DrawingBoardViewController, invitation: SessionInvitation, name: String, hostAuthor: UInt32? = nil,
         post: @escaping (@escaping () -> Void) -> Void) {
        self.board = board
        self.invitation = invitation
        isHost = hostAuthor != nil
        content = board.documentController.content
        nonisolated(unsafe) let post = post
        client = SessionClient(invitation: invitation, name: name) { work in post(work) }
        if let hostAuthor { begin(as: hostAuthor, startingAfter: 0) }
        client.place = { [weak self] in self?.place ?? SessionClient.Place(author: nil, after: 0) }
        client.onWelcome = { [weak self] author, latest in self?.welcomed(as: author, latest: latest) }
        client.onStart = { [weak self] start in self?.started(from: start) }
        client.onOperation = { [weak self] operation, sequence in self?.shared?.receive(operation, sequence: sequence) }
        client.onStatus = { [weak self] status in self?.statusChanged(status) }
        client.start()
    }

    /// Leaves the session; the tab keeps the drawing as it is, a document of its own.
    func leave() {
        client.leave()
        shared?.onLocalOperation = nil
        shared = nil
    }

    /// Where to join from: this participant and the last operation it has, or, before it has
    /// any of the session, its blank canvas to start a session that has no drawing yet.
    private var place: SessionClient.Place {
        guard let shared else {
            var blank = content.document
            if blank.format == nil { blank.format = DocumentFormat(pixelWidth: 1024, pixelHeight: 768) }
            return SessionClient.Place(author: author, after: 0, start: blank.items.isEmpty ? blank : nil)
        }
        return SessionClient.Place(author: shared.content.author, after: shared.lastSequence)
    }

    private func welcomed(as author: UInt32, latest: UInt64) {
        self.author = author
        if wasAway, let shared {
            let missed = latest > shared.lastSequence ? latest - shared.lastSequence : 0
            board?.showStatus(tr("Back in the shared drawing: %d operations came in", Int(missed)))
        }
        wasAway = false
        // What this participant drew while away (or before the server confirmed it) goes now,
        // each once: the server keeps an operation by its id.
        for operation in shared?.unconfirmed ?? [] { client.send(operation) }
    }

    /// The session's drawing: a joiner's tab takes it; a later one (the server's snapshot that
    /// folds in more than this tab has) replaces it, this participant's unconfirmed changes on top.
    private func started(from start: SessionStart) {
        guard let author else { return }
        if let shared {
            if start.sequence > shared.lastSequence { shared.restart(from: start.document, sequence: start.sequence, numbers: start.numbers) }
            return
        }
        board?.documentController.replaceDocument(with: start.document, name: nil, unsaved: true)
        begin(as: author, startingAfter: start.sequence, numbers: start.numbers)
        board?.showStatus(tr("Joined the shared drawing"))
    }

    private func begin(as author: UInt32, startingAfter sequence: UInt64, numbers: [UInt32: UInt64] = [:]) {
        self.author = author
        let shared = SharedDocument(content: content, author: author, startingAfter: sequence, numbers: numbers)
        shared.onLocalOperation = { [weak self] in self?.client.send($0) }
        self.shared = shared
    }

    private func statusChanged(_ status: SessionClient.Status) {
        self.status = status
        switch status {
        case .reconnecting:
            if !wasAway { board?.showStatus(tr("The shared drawing's connection dropped: reconnecting…")) }
            wasAway = true
        case .refused(let why):
            board?.showStatus(tr("The shared drawing's server refused this window: %@", why), isError: true)
        case .connecting, .connected, .left: break
        }
    }

    /// The connection as a person reads it.
    var statusText: String {
        switch status {
        case .connecting: return tr("Connecting")
        case .connected: return tr("Connected")
        case .reconnecting: return tr("Reconnecting…")
        case .refused(let why): return tr("Refused: %@", why)
        case .left: return tr("Left")
        }
    }
}
