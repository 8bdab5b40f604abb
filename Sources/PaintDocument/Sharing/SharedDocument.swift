/// A document drawn together: the session's operations in the order its server gave them, with
/// this participant's own changes not yet confirmed on top, drawn at once (Drawpile's local
/// fork). When someone else's operation comes before them, they are taken off, it goes in, and
/// they go back on: every participant ends with the server's order, so with the same pixels,
/// and only the changes after the first that moved are drawn again.
public final class SharedDocument {
    public let content: DocumentContent
    /// The session's operations as the server ordered them so far.
    public private(set) var ordered: OperationLog
    /// This participant's operations sent and not yet back from the server, oldest first.
    public private(set) var unconfirmed: [DocumentOperation] = []
    /// The number of the last operation the server sent (0: none): where to go on from after a
    /// reconnection.
    public private(set) var lastSequence: UInt64 = 0
    /// Hears each operation this participant makes, to send it (the session's connection).
    public var onLocalOperation: ((DocumentOperation) -> Void)?
    /// How many times others' changes came before this participant's unconfirmed ones, which
    /// were taken off and put back on top (Drawpile's rollbacks).
    public private(set) var rollbacks = 0
    private var observation: DocumentObservation?
    private var isTakingOthers = false

    /// Shares `content`, whose changes from now on are `author`'s; the session starts from
    /// what it holds (its history is where nobody's undo reaches), which holds the session's
    /// operations up to `sequence`.
    /// `numbers`: each author's last operation number in what the drawing folds in.
    public init(content: DocumentContent, author: UInt32, startingAfter sequence: UInt64 = 0, numbers: [UInt32: UInt64] = [:]) {
        self.content = content
        content.author = author
        ordered = Self.startingLog(content.document, numbers: numbers)
        lastSequence = sequence
        // The content's own history before the session is nobody's to undo in it.
        content.adopt(ordered)
        observation = content.observeEdits { [unowned self] edit in
            switch edit {
            case .appended, .undone, .redone, .rewritten: self.madeHere()
            case .selectedLayer: break
            }
        }
    }

    /// The log of a session that starts from `document`: its items, nobody's to undo, and each
    /// author's numbering going on from `numbers`. Every participant and the server make the
    /// same one from the same start.
    public static func startingLog(_ document: Document, numbers: [UInt32: UInt64] = [:]) -> OperationLog {
        var log = OperationLog(historyStart: document.items.count)
        for item in document.items { _ = log.make(.item(item), by: OperationID.sessionStart) }
        log.lastNumbers = numbers
        return log
    }

    /// The drawing a session's operations leave when applied to `document` (which folds in
    /// each author's operations up to `numbers`), as every participant's log applies them, and
    /// the authors' numbers after them: a server's snapshot, made without any view or pixels.
    public static func folded(_ document: Document, numbers: [UInt32: UInt64] = [:],
                              applying operations: [DocumentOperation]) -> (document: Document, numbers: [UInt32: UInt64]) {
        var log = startingLog(document, numbers: numbers)
        for operation in operations { _ = log.apply(operation) }
        var folded = document
        folded.replaceItems(from: 0, with: log.items)
        // Everything in it is history now: undo stops there.
        folded.format?.historyStart = folded.items.count
        var after = log.lastNumbers
        after[OperationID.sessionStart] = nil
        return (folded, after)
    }

    /// Starts again from the server's drawing as of its operation `sequence` (a snapshot that
    /// folds in more than this participant had): this participant's unconfirmed changes stay
    /// on top of it.
    public func restart(from document: Document, sequence: UInt64, numbers: [UInt32: UInt64] = [:]) {
        isTakingOthers = true
        defer { isTakingOthers = false }
        content.replace(with: document)
        // A drawing of another size needs its layer now, not at a window's next layout.
        _ = content.matchLayerToFormat()
        ordered = Self.startingLog(content.document, numbers: numbers)
        lastSequence = sequence
        // What the server kept of this participant's is in the drawing already.
        unconfirmed.removeAll { $0.id.sequence <= numbers[content.author] ?? 0 }
        var order = ordered
        for own in unconfirmed { _ = order.apply(own) }
        content.adopt(order)
    }

    /// The server did not keep this participant's operation `id` (the drawing was locked): it
    /// comes off, and what this participant made after it stays on top.
    public func reject(_ id: OperationID) {
        guard unconfirmed.contains(where: { $0.id == id }) else { return }
        isTakingOthers = true
        defer { isTakingOthers = false }
        unconfirmed.removeAll { $0.id == id }
        var order = ordered
        for own in unconfirmed { _ = order.apply(own) }
        content.adopt(order)
    }

    /// The change the content just made, when it is this participant's: it waits for the
    /// server's word and goes out.
    private func madeHere() {
        guard !isTakingOthers, let operation = content.log.operations.last, operation.id.author == content.author,
              !unconfirmed.contains(where: { $0.id == operation.id }), !ordered.contains(operation.id) else { return }
        unconfirmed.append(operation)
        onLocalOperation?(operation)
    }

    /// The server's operation number `sequence` (anyone's, this participant's own too: that is
    /// its confirmation). One already had changes nothing; a gap is refused (the connection
    /// then asks again from `lastSequence`). Returns whether it was taken.
    @discardableResult
    public func receive(_ operation: DocumentOperation, sequence: UInt64) -> Bool {
        guard sequence == lastSequence + 1 else { return sequence <= lastSequence }
        lastSequence = sequence
        _ = ordered.apply(operation)
        if let first = unconfirmed.first, first.id == operation.id {
            unconfirmed.removeFirst()
            return true
        }
        isTakingOthers = true
        defer { isTakingOthers = false }
        guard !unconfirmed.isEmpty else {
            content.apply(operation)
            return true
        }
        // Someone else's change came first: this participant's go back on top of it.
        rollbacks += 1
        var order = ordered
        for own in unconfirmed { _ = order.apply(own) }
        content.adopt(order)
        return true
    }
}
