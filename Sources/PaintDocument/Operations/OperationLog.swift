/// A document's operations in the order they were applied, and the changes they leave in
/// effect: the document's items are the log's changes not taken back, in the log's order.
///
/// Undo is each author's own (Drawpile's rule): an author's Undo takes back that author's
/// latest change still in effect, even when other people's changes came after it, and their
/// Redo puts back the one they took back last, until they make a new change. With one author
/// this is the familiar stack: Undo takes the last change, Redo puts it back where it was.
/// An operation applied a second time (it came again over the network, or a journal replayed
/// it) changes nothing: each is applied exactly once.
public struct OperationLog: Sendable {
    /// A change of the document's content and whether it is in effect.
    public struct Entry: Equatable, Sendable {
        public let id: OperationID
        public let item: Document.Item
        public fileprivate(set) var isUndone = false
    }

    /// What applying an operation did to the changes in effect.
    public enum Effect: Equatable, Sendable {
        /// A new change, after all the others.
        case appended(Document.Item)
        /// The change that was `at` among those in effect was taken back.
        case removed(at: Int, Document.Item)
        /// A change taken back is in effect again, `at` among them.
        case inserted(at: Int, Document.Item)
        /// Nothing changed, and why: a repeat, or an undo or redo its author cannot make.
        case refused(String)
        /// The history so far can no longer be undone or redone by anyone.
        case folded
    }

    public private(set) var operations: [DocumentOperation] = []
    public private(set) var entries: [Entry] = []
    /// Changes before this many entries are where the history starts (what was opened or
    /// made new, or a shared session's history folded): no Undo takes them back.
    public private(set) var historyStart: Int
    private var entryIndex: [OperationID: Int] = [:]
    private var applied: Set<OperationID> = []
    /// Each author's changes taken back, the next to put back last.
    private var redoStacks: [UInt32: [OperationID]] = [:]
    private var lastSequence: [UInt32: UInt64] = [:]

    public init(historyStart: Int = 0) { self.historyStart = historyStart }

    /// The log of a document that has no operations yet (opened, restored, made before
    /// changes had authors): its items in effect, then `redo` (the latest undone last), all
    /// by `author`.
    public init(items: [Document.Item], redo: [Document.Item] = [], historyStart: Int, author: UInt32 = OperationID.localAuthor) {
        self.init(historyStart: historyStart)
        for item in items { _ = make(.item(item), by: author) }
        // `redo`'s last is put back first: it was the change right after `items`, and the
        // first of `redo` was the document's last change, the first one taken back.
        let undone = redo.reversed().map { make(.item($0), by: author).0.id }
        for id in undone.reversed() { _ = make(.undo(id), by: author) }
    }

    // MARK: - Reading

    /// The changes in effect, in the log's order: the document's items.
    public var items: [Document.Item] { entries.filter { !$0.isUndone }.map(\.item) }

    /// `author`'s changes their Redo would put back, the next one last.
    public func redoItems(of author: UInt32) -> [Document.Item] {
        (redoStacks[author] ?? []).compactMap { entryIndex[$0].map { entries[$0].item } }
    }

    /// The change `author`'s Undo would take back: their latest still in effect.
    public func undoTarget(of author: UInt32) -> OperationID? {
        guard entries.count > historyStart else { return nil }
        return entries[historyStart...].last { $0.id.author == author && !$0.isUndone }?.id
    }

    /// The change `author`'s Redo would put back.
    public func redoTarget(of author: UInt32) -> OperationID? { redoStacks[author]?.last }

    /// Whether the operation has been applied already.
    public func contains(_ id: OperationID) -> Bool { applied.contains(id) }

    /// Each author's last operation number: the log of a session's snapshot goes on numbering
    /// from them, so nobody's next operation takes a number they used before it.
    public var lastNumbers: [UInt32: UInt64] {
        get { lastSequence }
        set { lastSequence.merge(newValue) { max($0, $1) } }
    }

    /// The id `author`'s next operation takes.
    public func nextID(for author: UInt32) -> OperationID {
        OperationID(author: author, sequence: (lastSequence[author] ?? 0) + 1)
    }

    // MARK: - Changing

    /// Makes `author`'s next operation and applies it.
    public mutating func make(_ kind: DocumentOperation.Kind, by author: UInt32) -> (DocumentOperation, Effect) {
        let operation = DocumentOperation(id: nextID(for: author), kind: kind)
        return (operation, apply(operation))
    }

    /// Applies one operation, made here or elsewhere, and says what it changed.
    public mutating func apply(_ operation: DocumentOperation) -> Effect {
        let id = operation.id, author = id.author
        guard !applied.contains(id) else { return .refused("\(id) was applied already") }
        // Its number is taken even when it changes nothing (an undo that reached the server after
        // a fold of its target): the author's next operation must not take it again, or the
        // server would keep that one as a repeat and never send it on.
        lastSequence[author] = max(lastSequence[author] ?? 0, id.sequence)
        let effect: Effect
        switch operation.kind {
        case .item(let item):
            entryIndex[id] = entries.count
            entries.append(Entry(id: id, item: item))
            // A new change ends what its author could put back (their other edits stay theirs).
            redoStacks[author] = nil
            effect = .appended(item)
        case .undo(let target):
            guard target.author == author else { return .refused("\(author) cannot undo \(target): it is another author's") }
            guard let index = entryIndex[target], index >= historyStart, !entries[index].isUndone else {
                return .refused("\(target) is not a change in effect")
            }
            entries[index].isUndone = true
            redoStacks[author, default: []].append(target)
            effect = .removed(at: position(of: index), entries[index].item)
        case .redo(let target):
            guard target.author == author, redoStacks[author]?.last == target, let index = entryIndex[target] else {
                return .refused("\(target) is not \(author)'s next change to put back")
            }
            redoStacks[author]?.removeLast()
            entries[index].isUndone = false
            effect = .inserted(at: position(of: index), entries[index].item)
        case .fold:
            historyStart = entries.count
            redoStacks.removeAll()
            effect = .folded
        }
        applied.insert(id)
        operations.append(operation)
        return effect
    }

    /// Where the entry at `index` is among the changes in effect.
    private func position(of index: Int) -> Int {
        entries[..<index].reduce(0) { $0 + ($1.isUndone ? 0 : 1) }
    }
}
