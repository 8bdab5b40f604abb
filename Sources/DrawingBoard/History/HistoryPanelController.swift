/// Shows and hides the History panel (F8, View → History Panel) and keeps its rows true to the
/// document after every change: the drawing as it was opened or made, each change in effect,
/// each change undone. A click on a row undoes or redoes to just after it, as many Ctrl+Z or
/// Ctrl+Shift+Z would, the layers made once.
final class HistoryPanelController {
    private unowned let board: DrawingBoardViewController

    init(board: DrawingBoardViewController) { self.board = board }

    var isShown: Bool { panel.superview != nil }

    func toggle() { isShown ? hide() : show() }

    func show() {
        guard !isShown else { return }
        board.docked.dock(panel)
        documentChanged()
    }

    func hide() { board.docked.undock(panel) }

    /// The document changed: the rows follow (only while the panel shows).
    func documentChanged() {
        guard isShown else { return }
        // The items and the redo items as they are now (arrays shared, not copied), read as rows show.
        let items = board.canvas.document.items, start = min(board.canvas.document.format?.historyStart ?? 0, items.count)
        let redo = board.canvas.redoItems, done = items.count - start
        panel.list.show(rowCount: 1 + done + redo.count, currentIndex: done) { index in
            if index == 0 { return HistoryListView.Row(name: start > 0 ? tr("Open Image") : tr("New Image"), icon: nil, isUndone: false) }
            let isUndone = index > done
            let item = isUndone ? redo[redo.count - (index - done)] : items[start + index - 1]
            return HistoryListView.Row(name: item.historyName, icon: item.historyIcon, isUndone: isUndone)
        }
        panel.list.scrollToCurrent()
    }

    /// To just after row `index`'s change (row 0: the drawing as it was opened or made).
    func travel(to index: Int) {
        let canvas = board.canvas
        // What is being made (words typed, a photo placed) becomes a change first, as before
        // any undo; the row chosen still counts from the document's start.
        canvas.commitText()
        board.bakePhoto()
        canvas.cancelStroke()
        let start = canvas.document.format?.historyStart ?? 0
        _ = canvas.content.travel(toItemCount: start + index)
    }

    private(set) lazy var panel: HistoryPanel = {
        let panel = HistoryPanel()
        panel.onClose = { [unowned self] in self.hide() }
        panel.list.onChoose = { [unowned self] in self.travel(to: $0) }
        return panel
    }()
}
