/// Snapshots of the layers after every K-th item, so undo and redo replay at most K items
/// instead of the whole document. Their number is capped by memory (eight single-layer
/// documents' worth: a ten-layer document keeps fewer): when there are too many, every other
/// one of the older half goes (recent history stays dense, old history gets sparse).
package final class LayerCheckpoints {
    package struct Checkpoint {
        package let itemCount: Int
        /// The item before the snapshot, to check the document still matches it.
        package let lastItem: Document.Item
        package let layers: (layers: [LayerPixelStack.Layer], list: LayerList)
        package let bytes: Int
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

    package func store(_ stack: LayerPixelStack, itemCount: Int, lastItem: Document.Item) {
        checkpoints.removeAll { $0.itemCount == itemCount }
        checkpoints.append(Checkpoint(itemCount: itemCount, lastItem: lastItem, layers: stack.snapshot(), bytes: stack.snapshotBytes))
        checkpoints.sort { $0.itemCount < $1.itemCount }
        let budget = capacity * stack.width * stack.height * 4
        while checkpoints.count > 1 && checkpoints.reduce(0, { $0 + $1.bytes }) > budget {
            let older = max(1, checkpoints.count / 2)
            let thinned = checkpoints.enumerated().filter { $0.offset >= older || $0.offset % 2 == 0 }.map(\.element)
            // Nothing left to thin among the older half: the oldest goes.
            checkpoints = thinned.count < checkpoints.count ? thinned : Array(checkpoints.dropFirst())
        }
    }

    /// Forgets snapshots of a future that was replaced (a new item after an undo).
    package func discard(beyond count: Int) {
        checkpoints.removeAll { $0.itemCount > count }
    }

    package func removeAll() { checkpoints.removeAll() }
}
