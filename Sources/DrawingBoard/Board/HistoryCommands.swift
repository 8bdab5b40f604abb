/// Undo, redo, clear and the shake to undo, each saying what it did on the message line; while
/// a photo is being placed they work on it, never on the drawing underneath.
final class HistoryCommands {
    private unowned let board: DrawingBoardViewController

    init(board: DrawingBoardViewController) { self.board = board }

    /// The desktop 摇一摇: a shake of the pointer undoes the last change, and says so.
    func shakeToUndo() {
        guard board.photoPlacement == nil, let last = board.canvas.document.items.last else { return }
        if board.canvas.undo() { board.showStatus(tr("Shaken: undid %@ (Ctrl+Shift+Z puts it back)", last.userDescription)) }
    }

    func clear() {
        if board.canvas.clear() { board.showStatus(tr("Cleared (Ctrl+Z brings it back)")) }
    }

    /// While a photo is being placed, Ctrl+Z works on it (its last move, scale, turn, crop or
    /// frame, then the photo itself), never on the drawing underneath.
    /// Each says what it did: the message about the change it takes back ("Cleared …") must
    /// not stay on screen as if it still held.
    func undo() {
        if board.photoController.undo() || board.imageCommands.freeTransform.cancel() { return }
        let last = board.canvas.document.items.last
        if board.canvas.undo() {
            if let last { board.showStatus(tr("Undid %@ (Ctrl+Shift+Z puts it back)", last.userDescription)) }
        } else {
            _ = board.documentWindow.undoCrop()
        }
    }

    /// Redo waits while a photo is being placed (the drawing's redo would go under it).
    func redo() {
        guard board.photoPlacement == nil else { return }
        let next = board.canvas.redoItems.last
        if board.canvas.redo(), let next { board.showStatus(tr("Redid %@", next.userDescription)) }
    }

    /// The toolbar's Clear, Undo and Redo as the history and a photo being placed allow.
    func updateAvailability() {
        let document = board.canvas.document, content = board.canvas.content
        // This author's own change to take back (in a shared drawing, others' are theirs).
        board.toolbarController.show(canClear: document.hasVisibleDrawing,
                                     canUndo: content.log.undoTarget(of: content.author) != nil || board.photoPlacement != nil
                                         || board.documentController.canUndoCrop,
                                     canRedo: !board.canvas.redoItems.isEmpty && board.photoPlacement == nil)
    }
}
