/// Snapshots of the layers after every K-th item, so undo and redo replay at most K items
/// instead of the whole document. A snapshot copies only the painted pages of the layers that
/// changed since an earlier one (the others are shared). Their memory is capped (eight whole
/// layers' worth): when they hold more, every other one of the older half goes (recent
/// history stays dense, old history gets sparse), and one that alone is over goes too.
package final class LayerCheckpoints {
    package struct Checkpoint {
        package let itemCount: Int
        /// The item before the snapshot, to check the document still matches it.
        package let lastItem: Document.Item
        package let layers: LayerPixelStack.Snapshot
    }

    package let interval: Int
    /// How many single-layer snapshots' worth of pixels are kept at most.
    package let capacity: Int
    private(set) var checkpoints: [Checkpoint] = []

    package init(interval: Int = 32, capacity: Int = 8) {
        self.interval = interval
        self.capacity = capacity
    }

    /// The latest checkpoint at or before `count` items that matches `document`.
    package func best(atOrBefore count: Int, in document: Document) -> Checkpoint? {
        checkpoints.last { $0.itemCount <= count && $0.itemCount > 0 && document.items[$0.itemCount - 1] == $0.lastItem }
    }

    package func wantsCheckpoint(at count: Int) -> Bool {
        count > 0 && count % interval == 0 && !checkpoints.contains { $0.itemCount == count }
    }

    /// Whether a checkpoint at `itemCount`, taken while `total` items are replayed in one go
    /// (opening a document, restoring the journal), is worth its copy. The cap would thin the
    /// old ones away as the replay goes on: loading 10,000 strokes at 4K spent 73% of its 6 s
    /// copying layers for 312 checkpoints of which 8 stayed. Kept: the recent ones (twice the
    /// cap's worth of intervals) and one in eight of the history, so a deep undo still starts
    /// from a checkpoint.
    package func survives(_ itemCount: Int, replayingTo total: Int) -> Bool {
        let recent = 2 * capacity * interval
        if total - itemCount < recent { return true }
        let stride = max(interval, (total / 8 + interval - 1) / interval * interval)
        return itemCount % stride == 0
    }

    package func store(_ stack: LayerPixelStack, itemCount: Int, lastItem: Document.Item) {
        checkpoints.removeAll { $0.itemCount == itemCount }
        checkpoints.append(Checkpoint(itemCount: itemCount, lastItem: lastItem, layers: stack.snapshot(sharing: checkpoints.map(\.layers))))
        checkpoints.sort { $0.itemCount < $1.itemCount }
        let budget = capacity * stack.width * stack.height * 4
        while !checkpoints.isEmpty && checkpoints.reduce(0, { $0 + $1.layers.bytes }) > budget {
            let older = max(1, checkpoints.count / 2)
            let thinned = checkpoints.enumerated().filter { $0.offset >= older || $0.offset % 2 == 0 }.map(\.element)
            // Nothing left to thin among the older half: the oldest goes (a lone one too big, too).
            checkpoints = thinned.count < checkpoints.count ? thinned : Array(checkpoints.dropFirst())
        }
    }

    /// Item `itemCount` was applied: snapshots of a future it replaced go, and one is taken
    /// when it is time.
    package func recorded(_ item: Document.Item, itemCount: Int, stack: LayerPixelStack) {
        discard(beyond: itemCount - 1)
        if wantsCheckpoint(at: itemCount) { store(stack, itemCount: itemCount, lastItem: item) }
    }

    /// Keeps only the latest snapshot (a document behind another tab gives the rest back).
    package func keepLatest() { checkpoints = checkpoints.suffix(1) }

    /// Forgets snapshots of a future that was replaced (a new item after an undo).
    package func discard(beyond count: Int) {
        checkpoints.removeAll { $0.itemCount > count }
    }

    package func removeAll() { checkpoints.removeAll() }
}
