import DrawingBoard
import Foundation
import PaintDocument
import SessionProtocol
import SessionServer

/// Drawing together for the app's windows: File → Share… serves the tab's drawing from this
/// machine (the session server runs in the app, its sessions kept in the state folder), and
/// File → Join… (or `x11paint --join LINK`) joins a session in a tab of its own. Each shared
/// tab has one `BoardSession`; a tab that closes or leaves keeps its drawing as its own.
public final class SessionSharingService: DocumentSharing {
    private let databasePath: String
    private let port: Int
    private let publicName: String?
    private let post: (@escaping () -> Void) -> Void
    /// The name others see.
    private let participantName: String
    private var server: EmbeddedSessionServer?
    private var sessions: [(board: Weak, session: BoardSession)] = []
    private var playbacks: [SessionPlayback] = []

    /// `stateFolder`: where the served sessions are kept; `port`: where the server listens
    /// (0: any free port); `publicName`: the host an invitation names (nil: this machine's
    /// first network address); `post`: runs work on the UI thread.
    public init(stateFolder: String, port: Int = 0, publicName: String? = nil, post: @escaping (@escaping () -> Void) -> Void) {
        databasePath = stateFolder + "/sessions.sqlite"
        self.port = port
        self.publicName = publicName
        self.post = post
        let environment = ProcessInfo.processInfo.environment
        participantName = String((environment["X11PAINT_NAME"] ?? environment["USER"] ?? "X11Paint").prefix(64))
    }

    // MARK: - DocumentSharing

    public func share(_ board: DrawingBoardViewController, completion: @escaping (Result<String, SharingFailure>) -> Void) {
        let document = board.documentController.content.document
        let post = self.post
        nonisolated(unsafe) let completion = completion
        Task { [self, databasePath, port, participantName] in
            do {
                let server = try await serverRunning(databasePath: databasePath, port: port)
                let (invitation, author) = try await Self.startSession(of: document, on: server, host: publicName ?? InvitationAddress.current(),
                                                                        name: participantName)
                post {
                    self.sessions.append((Weak(board), BoardSession(board: board, invitation: invitation, name: participantName,
                                                                    hostAuthor: author, post: post)))
                    completion(.success(invitation.description))
                }
            } catch {
                post { completion(.failure(SharingFailure("\(error)"))) }
            }
        }
    }

    public func problem(with link: String) -> String? { SessionInvitation.problem(with: link) }

    public func join(_ link: String, in board: DrawingBoardViewController) {
        guard let invitation = SessionInvitation(link: link) else { return }
        board.showStatus(tr("Joining the shared drawing…"))
        sessions.append((Weak(board), BoardSession(board: board, invitation: invitation, name: participantName, post: post)))
    }

    public func session(of board: DrawingBoardViewController) -> SharedSessionSummary? {
        pruneClosedTabs()
        guard let session = sessions.first(where: { $0.board.board === board })?.session else { return nil }
        return SharedSessionSummary(link: session.invitation.description, isHost: session.isHost, status: session.statusText,
                                    participants: session.members.map { .init(id: $0.author, name: $0.name, isYou: $0.author == session.author) },
                                    chat: session.chat.suffix(6).map { "\($0.name): \($0.text)" }, isLocked: session.isLocked)
    }

    public func moderate(_ action: SharedSessionAction, in board: DrawingBoardViewController) {
        sessions.first { $0.board.board === board }?.session.moderate(action)
    }

    public func say(_ text: String, in board: DrawingBoardViewController) {
        sessions.first { $0.board.board === board }?.session.say(text)
    }

    public func leave(_ board: DrawingBoardViewController) {
        for entry in sessions where entry.board.board === board { entry.session.leave() }
        sessions.removeAll { $0.board.board === board }
        board.showStatus(tr("Left the shared drawing: this tab's drawing is your own"))
    }

    public func play(_ path: String, changesPerSecond: Double, in board: DrawingBoardViewController) {
        board.showStatus(tr("Reading the recording…"))
        let post = self.post
        nonisolated(unsafe) let board = board
        // A long session's recording is megabytes of JSON: read away from the window.
        Thread.detachNewThread { [self] in
            let recording = Result { try SessionRecordingFile.read(path) }
            nonisolated(unsafe) let result = recording
            post {
                switch result {
                case .success(let recording):
                    self.playbacks.removeAll { !$0.isPlaying }
                    let playback = SessionPlayback(recording, in: board, changesPerSecond: changesPerSecond)
                    self.playbacks.append(playback)
                    playback.start()
                case .failure(let error):
                    board.showStatus(tr("Cannot play the recording: %@", "\(error)"), isError: true)
                }
            }
        }
    }

    // MARK: - Serving

    private let serverLock = NSLock()
    private var starting: Task<EmbeddedSessionServer, Error>?

    /// The app's server, started at the first Share.
    private func serverRunning(databasePath: String, port: Int) async throws -> EmbeddedSessionServer {
        let task = serverLock.withLock {
            if let starting { return starting }
            let task = Task { try await EmbeddedSessionServer.start(databasePath: databasePath, port: port) }
            starting = task
            return task
        }
        do {
            return try await task.value
        } catch {
            // A later Share tries again (the port may be free by then).
            serverLock.withLock { starting = nil }
            throw error
        }
    }

    /// A new session on `server` starting from `document`, its pictures kept first, and the
    /// host's author in it: the host's tab is shared at once, before any connection.
    private static func startSession(of document: Document, on server: EmbeddedSessionServer, host: String,
                                     name: String) async throws -> (SessionInvitation, UInt32) {
        let store = server.store
        let credentials = try await store.createSession()
        for asset in JournalFile.assets(in: document.items) {
            guard let encoded = asset.encoded ?? (try? PNGCodec.encode(asset.image.bitmap, options: .drawing)) else { continue }
            try await store.addPicture(SessionPicture(id: asset.id, name: asset.name, encoded: encoded), to: credentials.session)
        }
        var start = document
        if start.format == nil { start.format = DocumentFormat(pixelWidth: 1024, pixelHeight: 768) }
        _ = try await store.keepStart(SessionStart(sequence: 0, document: start), in: credentials.session)
        let author = try await store.newAuthor(in: credentials.session, name: name)
        return (SessionInvitation(host: host, port: server.port, session: credentials.session, key: credentials.key), author)
    }

    private func pruneClosedTabs() {
        for entry in sessions where entry.board.board == nil { entry.session.leave() }
        sessions.removeAll { $0.board.board == nil }
    }

    private final class Weak {
        weak var board: DrawingBoardViewController?
        init(_ board: DrawingBoardViewController) { self.board = board }
    }
}
