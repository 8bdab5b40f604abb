import PaintDocument
import SessionProtocol

/// The live side of one server's sessions: who is connected to each, and the order of their
/// operations. Every operation goes through here one at a time: it is checked, kept in the
/// store (which numbers it), and then handed to every connection of its session. A connection
/// takes its messages from a stream of its own, so a slow reader holds up nobody else.
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
        /// What the connection sends its client, in order: the welcome, what it missed, then
        /// every operation as the session orders it.
        var messages: AsyncStream<ServerMessage>
    }

    /// How many operations one read of the store brings to a joining client.
    static let catchUpPage = 1000

    private let store: any OperationStore
    private var listeners: [String: [Int: AsyncStream<ServerMessage>.Continuation]] = [:]
    private var nextListener = 0

    init(store: any OperationStore) { self.store = store }

    /// Checks the invitation, gives the client its author (its own again after a reconnection),
    /// and queues what it missed before anything newer.
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
        let (messages, continuation) = AsyncStream<ServerMessage>.makeStream()
        continuation.yield(.welcome(author: author, latest: try store.latest(in: join.session)))
        var after = join.after
        while true {
            let page = try store.operations(in: join.session, after: after, limit: Self.catchUpPage)
            for (sequence, operation) in page { continuation.yield(.operation(sequence: sequence, operation)) }
            guard page.count == Self.catchUpPage, let last = page.last else { break }
            after = last.sequence
        }
        nextListener += 1
        listeners[join.session, default: [:]][nextListener] = continuation
        return Membership(session: join.session, author: author, listener: nextListener, messages: messages)
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
        for continuation in (listeners[member.session] ?? [:]).values {
            continuation.yield(.operation(sequence: sequence, operation))
        }
    }

    /// The connection ended: nothing more goes to it.
    func leave(_ member: Membership) {
        listeners[member.session]?[member.listener]?.finish()
        listeners[member.session]?[member.listener] = nil
        if listeners[member.session]?.isEmpty == true { listeners[member.session] = nil }
    }
}
