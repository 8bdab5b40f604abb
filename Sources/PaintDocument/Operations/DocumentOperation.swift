/// One change to a document, as one value: a change of its content (a stroke, a layer, an image
/// operation with its parameters, what opened it), or its author taking one of their changes
/// back or putting it back again. The same value is what the journal keeps and what goes over
/// the network; applying the same operations in the same order gives the same document.
public struct DocumentOperation: Codable, Equatable, Sendable {
    public enum Kind: Codable, Equatable, Sendable {
        /// A change of the document's content.
        case item(Document.Item)
        /// Takes back the named operation (one of the author's own, still in effect).
        case undo(OperationID)
        /// Puts back the named operation (the author's latest undone one).
        case redo(OperationID)
        /// The history so far becomes where everyone's undo stops (a shared session's server
        /// folds it into its snapshot): nothing before it can be taken back or put back.
        case fold
    }

    public var id: OperationID
    public var kind: Kind

    public init(id: OperationID, kind: Kind) {
        self.id = id
        self.kind = kind
    }
}
