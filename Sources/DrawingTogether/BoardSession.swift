import DrawingBoard
import Foundation
import PaintDocument
import PaintGraphics
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
    private(set) var author: UInt32?
    /// Whether the host locked the drawing (then this window draws only when it hosts).
    private(set) var isLocked = false
    /// Whether the connection dropped since the last welcome (the next one says what came in).
    private var wasAway = false
    /// Who is there, where their pointers are, and what was said.
    private(set) var members: [SessionMember] = []
    private var pointers: [UInt32: SessionPoint] = [:]
    /// The strokes others are drawing now, and how much of this window's own was sent.
    private var drawings: [UInt32: Stroke] = [:]
    private var sentPoints = 0
    private(set) var chat: [SessionChatLine] = []

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
        client.onOperation = { [weak self] operation, sequence in
            guard let self else { return }
            self.shared?.receive(operation, sequence: sequence)
            // Their stroke is in the drawing now: its preview goes.
            if self.drawings.removeValue(forKey: operation.id.author) != nil { self.showPointers() }
        }
        client.onStatus = { [weak self] status in self?.statusChanged(status) }
        client.onParticipants = { [weak self] in self?.membersChanged($0) }
        client.onPointer = { [weak self] author, point in self?.pointerMoved(author, to: point) }
        client.onChat = { [weak self] in self?.heard($0) }
        client.onLocked = { [weak self] in self?.lockChanged($0) }
        client.onRejected = { [weak self] id in
            guard let self else { return }
            self.shared?.reject(id)
            self.board?.showStatus(self.isLocked ? tr("The drawing is locked: your change was not kept")
                                                 : tr("The host locked that layer: your change was not kept"), isError: true)
        }
        board.peers.onPointerMoved = { [weak self] pixel in self?.pointerMovedHere(to: pixel) }
        client.onDrawing = { [weak self] author, preview in self?.drawingChanged(author, preview) }
        client.start()
    }

    /// Says a line to everyone in the session.
    func say(_ text: String) { client.say(text) }

    /// The host's word (the server takes only the host's).
    func moderate(_ action: SharedSessionAction) {
        switch action {
        case .lock(let on): client.moderate(.lock(on))
        case .remove(let author): client.moderate(.remove(author: author))
        case .end: client.moderate(.end)
        }
    }

    private func lockChanged(_ on: Bool) {
        isLocked = on
        let isHost = author == SessionMember.host
        // Only the host draws on a locked drawing; the others' canvases take no strokes.
        if !isHost { board?.canvas.isUserInteractionEnabled = !on }
        board?.showStatus(on ? (isHost ? tr("The drawing is locked: only you draw") : tr("The host locked the drawing"))
                             : tr("The drawing is unlocked: everyone draws"))
    }

    /// Leaves the session; the tab keeps the drawing as it is, a document of its own.
    func leave() {
        client.leave()
        board?.canvas.isUserInteractionEnabled = true
        board?.peers.onPointerMoved = nil
        board?.peers.show([])
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
            // Removed, ended, or never let in: the drawing stays here, one's own again.
            board?.canvas.isUserInteractionEnabled = true
            board?.showStatus(tr("The shared drawing's server refused this window: %@", why), isError: true)
        case .connecting, .connected, .left: break
        }
    }

    /// Someone came or went: said in the message line (not the first list, which is everyone
    /// already there), and a pointer of someone gone goes.
    private func membersChanged(_ now: [SessionMember]) {
        let before = Set(members.map(\.author)), after = Set(now.map(\.author))
        if !members.isEmpty {
            for member in now where !before.contains(member.author) && member.author != author {
                board?.showStatus(tr("%@ joined the drawing", member.name))
            }
            for member in members where !after.contains(member.author) { board?.showStatus(tr("%@ left the drawing", member.name)) }
        }
        members = now
        pointers = pointers.filter { after.contains($0.key) }
        showPointers()
    }

    /// This window's pointer moved (at most 30 times a second): where it is, and the stroke
    /// being drawn, its new points only.
    private func pointerMovedHere(to pixel: Point?) {
        client.sendPointer(pixel.map { SessionPoint(x: $0.x, y: $0.y) })
        guard let stroke = board?.peers.strokeInProgress else {
            if sentPoints > 0 { client.sendDrawing(nil) }
            sentPoints = 0
            return
        }
        if sentPoints > stroke.points.count { sentPoints = 0 }
        var fresh = stroke
        fresh.points = Array(stroke.points[sentPoints...])
        fresh.widths = nil
        fresh.opacities = nil
        client.sendDrawing(SessionStrokePreview(from: sentPoints, stroke: fresh))
        sentPoints = stroke.points.count
    }

    private func drawingChanged(_ who: UInt32, _ preview: SessionStrokePreview?) {
        guard who != author else { return }
        drawings[who] = preview.flatMap { SessionStrokePreview.grow(drawings[who], with: $0) }
        showPointers()
    }

    private func pointerMoved(_ who: UInt32, to point: SessionPoint?) {
        guard who != author else { return }
        pointers[who] = point
        showPointers()
    }

    private func showPointers() {
        board?.peers.show(pointers.sorted { $0.key < $1.key }.compactMap { who, point in
            guard let member = members.first(where: { $0.author == who }) else { return nil }
            return PeerPointer(name: member.name, color: Self.color(of: who), location: Point(x: point.x, y: point.y), drawing: drawings[who])
        })
    }

    private func heard(_ line: SessionChatLine) {
        chat.append(line)
        if chat.count > 50 { chat.removeFirst() }
        if line.author != author { board?.showStatus("\(line.name): \(line.text)") }
    }

    /// Each participant's colour, the same in every window (their author number picks it).
    static func color(of author: UInt32) -> Color {
        let colors = [Color(r: 214, g: 39, b: 40), Color(r: 31, g: 119, b: 180), Color(r: 44, g: 160, b: 44), Color(r: 148, g: 103, b: 189),
                      Color(r: 255, g: 127, b: 14), Color(r: 23, g: 190, b: 207), Color(r: 227, g: 119, b: 194), Color(r: 140, g: 86, b: 75)]
        return colors[Int(author % UInt32(colors.count))]
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
