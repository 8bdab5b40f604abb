/// Snapshots of the drawing layer after every K-th item, so undo and redo replay at most K
/// items instead of the whole document. Their number is capped: when there are too many, every
/// other one of the older half goes (recent history stays dense, old history gets sparse).
package final class LayerCheckpoints {
    package struct Checkpoint {
        package let itemCount: Int
        /// The item before the snapshot, to check the document still matches it.
        package let lastItem: Document.Item
        package let pixels: Bitmap
    }

    package let interval: Int
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

    package func store(_ layer: Bitmap, itemCount: Int, lastItem: Document.Item) {
        checkpoints.removeAll { $0.itemCount == itemCount }
        let copy = Bitmap(width: layer.width, height: layer.height)
        copy.copy(layer.bounds, from: layer, toX: 0, y: 0)
        checkpoints.append(Checkpoint(itemCount: itemCount, lastItem: lastItem, pixels: copy))
        checkpoints.sort { $0.itemCount < $1.itemCount }
        if checkpoints.count > capacity {
            let older = checkpoints.count / 2
            checkpoints = checkpoints.enumerated().filter { $0.offset >= older || $0.offset % 2 == 0 }.map(\.element)
        }
    }

    /// Forgets snapshots of a future that was replaced (a new item after an undo).
    package func discard(beyond count: Int) {
        checkpoints.removeAll { $0.itemCount > count }
    }

    package func removeAll() { checkpoints.removeAll() }
}
