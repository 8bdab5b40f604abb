/// Drawing together, as a board asks for it: sharing its document from this machine and
/// joining a session someone invited it to. The app provides it (the network and the server
/// live in modules above the board); a board without it offers neither.
public protocol DocumentSharing: AnyObject {
    /// Starts a session for `board`'s document, served from this machine; `completion` hears
    /// the invitation link (on the UI thread), or why the session could not start.
    func share(_ board: DrawingBoardViewController, completion: @escaping (Result<String, SharingFailure>) -> Void)
    /// Why `link` is not an invitation (nil: it is one).
    func problem(with link: String) -> String?
    /// Joins the session `link` invites to, with `board`'s (a new tab's) document becoming the
    /// shared drawing.
    func join(_ link: String, in board: DrawingBoardViewController)
    /// The session `board` is in (nil: none).
    func session(of board: DrawingBoardViewController) -> SharedSessionSummary?
    /// Leaves the session: the drawing stays in the tab, a copy of one's own from now on.
    func leave(_ board: DrawingBoardViewController)
    /// Says a line in the chat of the session `board` is in.
    func say(_ text: String, in board: DrawingBoardViewController)
    /// The host's word on the session `board` hosts.
    func moderate(_ action: SharedSessionAction, in board: DrawingBoardViewController)
    /// Plays the session recording at `path` in `board` (a new tab), `changesPerSecond`
    /// (0: all at once); the message line says how far it is, or why it cannot.
    func play(_ path: String, changesPerSecond: Double, in board: DrawingBoardViewController)
}

/// What a session's host may do from its window.
public enum SharedSessionAction: Equatable {
    /// Only the host draws while it is locked.
    case lock(Bool)
    /// Removes the participant with this id from the session.
    case remove(UInt32)
    /// Ends the session for everyone.
    case end
}

/// What a window says of the session its document is in.
public struct SharedSessionSummary: Equatable {
    public var link: String
    /// Whether this window serves the session (it shared it).
    public var isHost: Bool
    /// The connection as a person reads it: "Connected", "Reconnecting…".
    public var status: String
    /// Who is in it (this window's participant marked), and the latest lines of its chat
    /// ("Name: words").
    public var participants: [Participant]
    public var chat: [String]
    /// Whether the host has locked the drawing.
    public var isLocked: Bool

    public struct Participant: Equatable {
        public var id: UInt32
        public var name: String
        public var isYou: Bool

        public init(id: UInt32, name: String, isYou: Bool) {
            self.id = id
            self.name = name
            self.isYou = isYou
        }
    }

    public init(link: String, isHost: Bool, status: String, participants: [Participant] = [], chat: [String] = [], isLocked: Bool = false) {
        self.link = link
        self.isHost = isHost
        self.status = status
        self.participants = participants
        self.chat = chat
        self.isLocked = isLocked
    }
}

/// Why a session could not start, for the message line.
public struct SharingFailure: Error, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}
