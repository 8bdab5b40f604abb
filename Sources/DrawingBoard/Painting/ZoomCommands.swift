/// View → Zoom… and a click on the bottom bar's zoom readout: the Zoom dialog, its choice
/// applied about the view's centre (Best Fit as Ctrl+0); and the view turned and mirrored
/// (Krita's keys: 4 and 6 turn it by 15°, 5 sets it upright, M mirrors it). Only the view
/// changes: no document pixel, nothing in the history or the saved file.
final class ZoomCommands {
    /// How far Rotate Canvas Left and Right turn the view.
    static let turnStep = 15.0

    private unowned let board: DrawingBoardViewController

    init(board: DrawingBoardViewController) { self.board = board }

    /// View → Symmetry.
    private(set) lazy var symmetry = SymmetryGuide(canvas: board.canvas)

    /// View → Symmetry → Centre at the Pointer: where the pointer rests over the canvas.
    func moveSymmetryCentreToPointer() {
        guard let location = board.view.window?.pointerLocation else { return }
        let point = board.canvas.convert(location, from: nil)
        guard board.canvas.bounds.contains(point) else {
            return board.showStatus(tr("Rest the pointer on the canvas where the centre goes, then choose this with the keys (F10)"))
        }
        symmetry.moveCentre(to: board.canvas.viewport.contentPoint(point))
    }

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

    /// Turns the view by `degrees` clockwise about its centre.
    func turnView(by degrees: Double) { turnView(to: board.canvas.viewport.rotation + degrees) }

    func turnView(to degrees: Double) {
        board.canvas.viewport.setRotation(degrees)
        board.canvas.viewportChanged()
    }

    func toggleMirror() {
        board.canvas.viewport.setMirrored(!board.canvas.viewport.isMirrored)
        board.canvas.viewportChanged()
        board.showStatus(board.canvas.viewport.isMirrored ? tr("The view is mirrored (M shows it as it is)") : tr("The view shows the drawing as it is"))
    }
}
