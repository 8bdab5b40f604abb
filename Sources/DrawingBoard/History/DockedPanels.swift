/// The panels docked over the canvas's right edge, Layers (F7) and History (F8), as Pinta
/// docks its pads: alone each takes the edge's whole height; together Layers has the top and
/// History the rest. Best Fit keeps the drawing clear of them.
final class DockedPanels {
    private unowned let board: DrawingBoardViewController
    let layers: LayersPanelController
    let history: HistoryPanelController

    init(board: DrawingBoardViewController) {
        self.board = board
        layers = LayersPanelController(board: board, commands: board.layerCommands)
        history = HistoryPanelController(board: board)
    }

    /// Docks `panel` over the canvas, under the message line (its toasts stay readable over it).
    func dock(_ panel: View) {
        board.view.insertSubview(panel, at: board.view.subviews.firstIndex { $0 === board.messageLine } ?? board.view.subviews.count)
        layout()
    }

    func undock(_ panel: View) {
        panel.removeFromSuperview()
        layout()
    }

    /// Layers' share of the edge's height when both panels show.
    static let layersShare = 0.55

    func layout() {
        let canvas = board.canvas.frame
        let width = min(LayersPanel.preferredWidth, canvas.width * 0.6)
        var column = Rect(x: canvas.maxX - width, y: canvas.minY, width: width, height: canvas.height)
        if layers.isShown {
            let height = history.isShown ? (canvas.height * Self.layersShare).rounded() : canvas.height
            layers.panel.frame = Rect(x: column.minX, y: column.minY, width: width, height: height)
            column = Rect(x: column.minX, y: column.minY + height, width: width, height: canvas.height - height)
        }
        if history.isShown { history.panel.frame = column }
        board.canvas.viewport.coveredRight = layers.isShown || history.isShown ? width : 0
    }

    /// The document changed: each panel that shows follows it.
    func documentChanged() {
        layers.documentChanged()
        history.documentChanged()
    }
}
