/// View → Zoom… and a click on the bottom bar's zoom readout: the Zoom dialog, its choice
/// applied about the view's centre (Best Fit as Ctrl+0).
final class ZoomCommands {
    private unowned let board: DrawingBoardViewController

    init(board: DrawingBoardViewController) { self.board = board }

    func choose() {
        guard board.presentedViewController == nil else { return }
        let dialog = ZoomViewController(current: board.canvas.zoom)
        dialog.onCancel = { [unowned self] in self.board.dismiss(animated: false) }
        dialog.onFinish = { [unowned self] zoom in
            self.board.dismiss(animated: false)
            if let zoom { self.board.canvas.setZoom(zoom) } else { self.board.canvas.zoomToFit() }
        }
        board.present(dialog, animated: false)
    }
}
