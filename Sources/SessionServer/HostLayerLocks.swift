import PaintDocument
import SessionProtocol

/// The layers a session's host locked. A layer the host locks (Layer Properties → Locked, an
/// operation like any other) is the host's alone while the session lasts: nobody else paints
/// on it, changes it, deletes it or unlocks it, and nobody else turns, resizes or flattens the
/// image (that changes every layer). Anyone's own lock stays what it is in any drawing: a guard
/// against one's own slips. Undo and redo stay everyone's: they take back or put back only
/// one's own changes.
struct HostLayerLocks {
    /// Each locked layer, by the operation that locked it.
    private var locks: [Int: OperationID] = [:]
    /// Locks the host took back, by the operation that made each: a redo puts it back.
    private var undone: [OperationID: Int] = [:]

    /// Notes the layers the host's `operation` locks or unlocks, or unlocks by taking back.
    mutating func note(_ operation: DocumentOperation) {
        switch operation.kind {
        case .item(.layer(.properties(let id, let properties))):
            locks[id] = properties.isLocked ? operation.id : nil
        case .item(.layer(.delete(let id))):
            locks[id] = nil
        case .undo(let taken):
            for (layer, lock) in locks where lock == taken {
                locks[layer] = nil
                undone[taken] = layer
            }
        case .redo(let putBack):
            if let layer = undone.removeValue(forKey: putBack) { locks[layer] = putBack }
        default: break
        }
    }

    /// Whether `operation`, from someone other than the host, reaches a layer the host locked.
    func reaches(_ operation: DocumentOperation) -> Bool {
        guard !locks.isEmpty, case .item(let item) = operation.kind else { return false }
        switch Self.layers(reachedBy: item) {
        case .none: return false
        case .all: return true
        case .one(let id): return locks[id] != nil
        }
    }

    private enum Reach { case none, one(Int), all }

    /// The layers an item changes: a bare item paints on the first layer (id 0), as a
    /// document's items do; whole-image changes reach every layer.
    private static func layers(reachedBy item: Document.Item) -> Reach {
        switch item {
        case .onLayer(let id, _): return .one(id)
        case .layer(.add), .layer(.duplicate), .background: return .none
        case .layer(.delete(let id)), .layer(.move(let id, _)), .layer(.properties(let id, _)): return .one(id)
        case .layer(.mergeDown), .layer(.flatten), .turnImage, .canvasSize, .resizeImage, .rotateImage: return .all
        default: return .one(0)
        }
    }
}
