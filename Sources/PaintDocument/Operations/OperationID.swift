/// Which operation of a document's log this is: who made it and which of theirs (a count that
/// starts at 1 for each author), so it is unique in the log, applied once however often it
/// arrives, and undone by its author alone.
public struct OperationID: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The person at this machine, in a document nobody else draws in.
    public static let localAuthor: UInt32 = 0
    /// The changes a shared session started from (its first drawing, or its server's snapshot):
    /// nobody's to undo, numbered apart from every participant's and the server's.
    public static let sessionStart = UInt32.max

    public var author: UInt32
    public var sequence: UInt64

    public init(author: UInt32, sequence: UInt64) {
        self.author = author
        self.sequence = sequence
    }

    public var description: String { "\(author)#\(sequence)" }
}
