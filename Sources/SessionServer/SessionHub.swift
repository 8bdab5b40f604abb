import PaintDocument
import SessionProtocol

/// The live side of one server's sessions: who is connected to each, and the order of their
/// operations. Every operation goes through here one at a time: it is checked, kept in the
/// store (which numbers it), and then handed to every connection of its session. A connection
/// takes its messages from a bounded stream of its own, so a slow reader holds up nobody else
/// and is dropped before it costs the server memory; what a client missed comes from the store.
actor SessionHub {
    /// Why a connection is closed: said to its client, then the connection ends.
    struct Refusal: Error, CustomStringConvertible {
        var description: String
    }

    /// One connection's place in a session.
    struct Membership: Sendable {
        var session: String
        var author: UInt32
        var listener: Int
        /// The session's latest operation when it joined: the connection sends what the client
        /// missed up to it from the store, page by page, then `live`.
        var latestAtJoin: UInt64
        /// Every later operation as the session orders it, at most the limits' backlog waiting.
        var live: AsyncStream<ServerMessage>
    }

    /// How many operations one read of the store brings to a joining client.
    static let catchUpPage = 1000
    private let store: any OperationStore
    private let limits: SessionLimits
    private var listeners: [String: [Int: AsyncStream<ServerMessage>.Continuation]] = [:]
    private var nextListener = 0
    /// Listeners dropped for reading too slowly, until their connection hears it.
    private var tooSlow: Set<Int> = []

    init(store: any OperationStore, limits: SessionLimits) {
        self.store = store
        self.limits = limits
    }

    /// Checks the invitation, gives the client its author (its own again after a reconnection),
    /// and starts its live stream from the session's latest operation.
    func join(_ join: SessionJoin) throws -> Membership {
        guard let key = try store.key(of: join.session), SessionSecrets.keysMatch(join.key, key) else {
            throw Refusal(description: "There is no session with that name and key: ask for a new invitation.")
        }
        let author: UInt32
        if let returning = join.author, try store.isAuthor(returning, in: join.session) {
            author = returning
        } else {
            author = try store.newAuthor(in: join.session, name: String(join.name.prefix(64)))
        }
        let (live, continuation) = AsyncStream<ServerMessage>.makeStream(bufferingPolicy: .bufferingOldest(limits.liveBacklog))
        nextListener += 1
        listeners[join.session, default: [:]][nextListener] = continuation
        return Membership(session: join.session, author: author, listener: nextListener,
                          latestAtJoin: try store.latest(in: join.session), live: live)
    }

    /// The session's operations after `after`, up to `through`, a page at a time.
    func missed(in session: String, after: UInt64, through: UInt64) throws -> [(sequence: UInt64, operation: DocumentOperation)] {
        guard after < through else { return [] }
        return try store.operations(in: session, after: after, limit: Self.catchUpPage).filter { $0.sequence <= through }
    }

    /// An operation from `member`'s client: kept and sent to everyone in the session once (a
    /// resend of one kept already changes nothing). Refused when it is not theirs to make.
    func submit(_ operation: DocumentOperation, from member: Membership) throws {
        guard operation.id.author == member.author else {
            throw Refusal(description: "An operation under another participant's name.")
        }
        if case .item(let item) = operation.kind, !item.isPlausible {
            throw Refusal(description: "An operation no tool of X11Paint can make.")
        }
        let (sequence, isNew) = try store.append(operation, to: member.session)
        guard isNew else { return }
        for (listener, continuation) in listeners[member.session] ?? [:] {
            guard case .dropped = continuation.yield(.operation(sequence: sequence, operation)) else { continue }
            tooSlow.insert(listener)
            continuation.finish()
            listeners[member.session]?[listener] = nil
        }
    }

    /// Whether `member` was dropped for reading too slowly (asked once its live stream ends).
    func wasTooSlow(_ member: Membership) -> Bool { tooSlow.remove(member.listener) != nil }

    /// The connection ended: nothing more goes to it.
    func leave(_ member: Membership) {
        tooSlow.remove(member.listener)
        listeners[member.session]?[member.listener]?.finish()
        listeners[member.session]?[member.listener] = nil
        if listeners[member.session]?.isEmpty == true { listeners[member.session] = nil }
    }
}
