import PaintDocument

/// What a client says to a session's server. The first message of a connection is `join`;
/// after it, the client's operations, each once (a resend after a reconnection carries the
/// same id, and the server keeps it once).
public enum ClientMessage: Codable, Sendable, Equatable {
    case join(SessionJoin)
    case operation(DocumentOperation)
}

/// Which session, proof of being invited to it, and where this client is in it.
public struct SessionJoin: Codable, Sendable, Equatable {
    /// The session's name (the path of its invite link).
    public var session: String
    /// The key from the invite link.
    public var key: String
    /// The name the others see.
    public var name: String
    /// The author this client was before a reconnection (nil: a new participant).
    public var author: UInt32?
    /// The sequence number of the last operation this client has (0: none): only later ones come.
    public var after: UInt64

    public init(session: String, key: String, name: String, author: UInt32? = nil, after: UInt64 = 0) {
        self.session = session
        self.key = key
        self.name = name
        self.author = author
        self.after = after
    }
}

/// What a session's server says to a client.
public enum ServerMessage: Codable, Sendable, Equatable {
    /// The join was accepted: the author this client's operations carry, and the sequence
    /// number of the session's latest operation (what the client will have once caught up).
    case welcome(author: UInt32, latest: UInt64)
    /// An operation in the session's order (everyone's, the client's own included: that is its
    /// confirmation), numbered from 1.
    case operation(sequence: UInt64, DocumentOperation)
    /// Why the server closes this connection for good (a wrong key, a bad message, a flood).
    case refused(String)
    /// The connection fell too far behind the session and is closed: joining again, from the
    /// last operation the client has, brings it up to date through the server's store.
    case tooFarBehind
}
