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
}

/// What a window says of the session its document is in.
public struct SharedSessionSummary: Equatable {
    public var link: String
    /// Whether this window serves the session (it shared it).
    public var isHost: Bool
    /// The connection as a person reads it: "Connected", "Reconnecting…".
    public var status: String
    /// Who is in it, and the latest lines of its chat ("Name: words").
    public var participants: [String]
    public var chat: [String]

    public init(link: String, isHost: Bool, status: String, participants: [String] = [], chat: [String] = []) {
        self.link = link
        self.isHost = isHost
        self.status = status
        self.participants = participants
        self.chat = chat
    }
}

/// Why a session could not start, for the message line.
public struct SharingFailure: Error, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}
