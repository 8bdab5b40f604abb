import PaintDocument
import SessionProtocol

/// A session as its invite names it: the name (the link's path) and the key (its fragment).
public struct SessionCredentials: Sendable, Equatable {
    public var session: String
    public var key: String

    public init(session: String, key: String) {
        self.session = session
        self.key = key
    }
}

/// Where a server keeps its sessions' operations, durably and in order: each operation once (by
/// its id), numbered 1, 2, 3… within its session. SQLite for one server (the embedded case),
/// PostgreSQL for several serving the same sessions: each server sends its clients what the
/// store holds, in its numbers, so a client of one sees what a client of another sent.
public protocol OperationStore: Sendable {
    /// A new session with a random name and key.
    func createSession() async throws -> SessionCredentials
    /// The session's key (nil: there is no such session).
    func key(of session: String) async throws -> String?
    /// A new participant's author number in `session` (1, 2, 3…; 0 is nobody's on the wire).
    func newAuthor(in session: String, name: String) async throws -> UInt32
    /// Whether `author` is one of `session`'s participants.
    func isAuthor(_ author: UInt32, in session: String) async throws -> Bool
    /// Appends `operation` unless one with its id is there already; either way its number.
    func append(_ operation: DocumentOperation, to session: String) async throws -> (sequence: UInt64, isNew: Bool)
    /// Appends several in one transaction, in order (a batch of what several clients sent at
    /// once): one commit, and one announcement to other servers.
    func append(_ operations: [DocumentOperation], to session: String) async throws -> [(sequence: UInt64, isNew: Bool)]
    /// Up to `limit` operations after number `after`, in order, as they travel (JSON).
    func encodedOperations(in session: String, after: UInt64, limit: Int) async throws -> [(sequence: UInt64, body: [UInt8])]
    /// The number of the session's latest operation (0: none).
    func latest(in session: String) async throws -> UInt64
    /// Keeps a picture of `session` (one already there stays as it was).
    func addPicture(_ picture: SessionPicture, to session: String) async throws
    /// The ids of the session's pictures.
    func pictureIDs(in session: String) async throws -> [String]
    func picture(_ id: String, in session: String) async throws -> SessionPicture?
    /// Keeps `start` as the session's drawing when the session has none, or only an earlier one
    /// (a snapshot replaces what it folds in). Returns whether it was kept.
    func keepStart(_ start: SessionStart, in session: String) async throws -> Bool
    /// The session's drawing it starts from (nil: none, the joiners' own blank canvas).
    func start(of session: String) async throws -> SessionStart?
    /// The same as it travels, without decoding it (a snapshot of a long session is megabytes
    /// of JSON: a server passes it on as it is), and the operation it was made at.
    func encodedStart(of session: String) async throws -> (sequence: UInt64, body: [UInt8])?
    /// Ends the session: its key no longer opens it (its log stays, the recording).
    func endSession(_ session: String) async throws
    /// Keeps only the ids of the session's operations up to `sequence` (a snapshot holds what
    /// they did): a resend of one is still known, and their bodies no longer take room.
    func dropBodies(in session: String, through sequence: UInt64) async throws
    /// Sessions that other servers added operations to (nil: there are no other servers); an
    /// empty name when any of them may have changed.
    var otherServersChanges: AsyncStream<String>? { get }
}

extension OperationStore {
    /// Up to `limit` operations after number `after`, in order; the pictures they show from
    /// `pictures` (nil: their sizes only, all a server needs).
    public func operations(in session: String, after: UInt64, limit: Int,
                           pictures: AssetRegistry? = nil) async throws -> [(sequence: UInt64, operation: DocumentOperation)] {
        try await encodedOperations(in: session, after: after, limit: limit).map {
            ($0.sequence, try SessionWire.decode(DocumentOperation.self, from: $0.body, pictures: pictures))
        }
    }
}
