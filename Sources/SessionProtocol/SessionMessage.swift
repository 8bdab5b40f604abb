import Foundation
import PaintDocument

/// What a client says to a session's server. The first message of a connection is `join`;
/// after it, the client's operations, each once (a resend after a reconnection carries the
/// same id, and the server keeps it once).
public enum ClientMessage: Codable, Sendable, Equatable {
    case join(SessionJoin)
    /// A picture the client's next operations show, sent before the first of them.
    case picture(SessionPicture)
    case operation(DocumentOperation)
    /// Where this participant's pointer is on the drawing (nil: off it): relayed, never kept.
    case pointer(SessionPoint?)
    /// A line of the session's chat.
    case chat(String)
    /// The stroke this participant is drawing now, as it grows (nil: none): relayed, never kept.
    case drawing(SessionStrokePreview?)
    /// The host's word on the session (only the host's is taken).
    case moderate(SessionModeration)
}

/// What a session's host may do: lock the drawing (only the host draws), remove a
/// participant, end the session for everyone.
public enum SessionModeration: Codable, Sendable, Equatable {
    case lock(Bool)
    case remove(author: UInt32)
    case end
}

/// A picture operations show (a placed photo, a picture background): an operation names it by
/// its id, and its file's bytes (PNG or JPEG) travel once, before the first operation that
/// uses it, and go to everyone who joins.
public struct SessionPicture: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    public var encoded: Data

    public init(id: String, name: String, encoded: Data) {
        self.id = id
        self.name = name
        self.encoded = encoded
    }

    /// Whether the id is one a picture can have (it names a row and a file, never a path).
    public var hasPlausibleID: Bool {
        (1...64).contains(id.count) && id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }
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
    /// The drawing this client would start the session from, when the session has none yet
    /// (the first to join a session a server made gives it its canvas): the server keeps the
    /// first one offered and sends everyone the one it kept.
    public var start: Document?

    public init(session: String, key: String, name: String, author: UInt32? = nil, after: UInt64 = 0, start: Document? = nil) {
        self.session = session
        self.key = key
        self.name = name
        self.author = author
        self.after = after
        self.start = start
    }
}

/// What a session's server says to a client.
public enum ServerMessage: Codable, Sendable, Equatable {
    /// The join was accepted: the author this client's operations carry, and the sequence
    /// number of the session's latest operation (what the client will have once caught up).
    case welcome(author: UInt32, latest: UInt64)
    /// A picture the operations after it show (sent before the first that uses it).
    case picture(SessionPicture)
    /// The session's drawing as it was after its operation `sequence` (0: before any), sent to
    /// a client that has nothing of it yet: it starts from this, and the operations after it follow.
    case start(SessionStart)
    /// An operation in the session's order (everyone's, the client's own included: that is its
    /// confirmation), numbered from 1.
    case operation(sequence: UInt64, DocumentOperation)
    /// Who is in the session now (sent to everyone when someone comes or goes).
    case participants([SessionMember])
    /// Where a participant's pointer is on the drawing (nil: it left it).
    case pointer(author: UInt32, SessionPoint?)
    /// The stroke a participant is drawing now, as it grows (nil: it ended or was dropped).
    case drawing(author: UInt32, SessionStrokePreview?)
    /// A line of the session's chat (the latest ones also go to whoever joins).
    case chat(SessionChatLine)
    /// Whether the host has locked the drawing (then only the host's changes are kept).
    case locked(Bool)
    /// This client's operation was not kept (the drawing was locked): it takes it off.
    case rejected(OperationID)
    /// Why the server closes this connection for good (a wrong key, a bad message, a flood).
    case refused(String)
    /// The connection fell too far behind the session and is closed: joining again, from the
    /// last operation the client has, brings it up to date through the server's store.
    case tooFarBehind
}

/// A session's drawing at one point of its operations: what it started from (the host's open
/// document, at 0), or the server's snapshot of it later. History before it is nobody's to undo.
public struct SessionStart: Codable, Sendable, Equatable {
    /// The operations it holds: those numbered up to this one.
    public var sequence: UInt64
    public var document: Document
    /// Each author's last operation number in what it folds in: their next ones go on from there.
    public var numbers: [UInt32: UInt64]

    public init(sequence: UInt64, document: Document, numbers: [UInt32: UInt64] = [:]) {
        self.sequence = sequence
        self.document = document
        self.numbers = numbers
    }

    /// Whether it is a drawing X11Paint can make: a plausible size and plausible items.
    public var isPlausible: Bool {
        guard let format = document.format, format.isPlausible, format.historyStart <= document.items.count else { return false }
        return document.items.allSatisfy(\.isPlausible)
    }
}

/// A point on the drawing, in document pixels.
public struct SessionPoint: Codable, Sendable, Equatable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// Finite and within any drawing's reach (a pointer a little off the canvas is still on it).
    public var isPlausible: Bool { x.isFinite && y.isFinite && abs(x) <= 1e6 && abs(y) <= 1e6 }
}

/// A participant as the others see them.
public struct SessionMember: Codable, Sendable, Equatable {
    public var author: UInt32
    public var name: String

    /// The session's host: its first participant (who shared it, or first joined a session a
    /// server made). Only the host locks, removes and ends.
    public static let host: UInt32 = 1

    public init(author: UInt32, name: String) {
        self.author = author
        self.name = name
    }
}

/// A line of chat: who said it and what.
public struct SessionChatLine: Codable, Sendable, Equatable {
    public var author: UInt32
    public var name: String
    public var text: String

    public init(author: UInt32, name: String, text: String) {
        self.author = author
        self.name = name
        self.text = text
    }

    /// The longest line kept: a paragraph, not a file.
    public static let longest = 500
}

/// A stroke being drawn, sent as it grows so the others see it before it is finished: its
/// points from `from` on (0: a new stroke), with its colour, width and mode.
public struct SessionStrokePreview: Codable, Sendable, Equatable {
    public var from: Int
    public var stroke: Stroke

    public init(from: Int, stroke: Stroke) {
        self.from = from
        self.stroke = stroke
    }

    /// Within what any stroke can be: a plausible stroke, and not more points than a minute's.
    public var isPlausible: Bool { from >= 0 && from <= 1_000_000 && stroke.points.count <= 20_000 && Document.Item.stroke(stroke).isPlausible }

    /// `preview`'s points added to `stroke` (the one shown so far), or nil when they do not follow it.
    public static func grow(_ stroke: Stroke?, with preview: SessionStrokePreview) -> Stroke? {
        if preview.from == 0 { return preview.stroke }
        guard var grown = stroke, preview.from <= grown.points.count else { return nil }
        grown.points = Array(grown.points.prefix(preview.from)) + preview.stroke.points
        return grown
    }
}
