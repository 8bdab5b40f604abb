/// What follows the pointer over the board: the brush's outline while it is over the canvas
/// itself (not a bar, a panel or a photo being placed over it), the document pixel under it in
/// the bottom bar, and the desktop 摇一摇 (a shake of the pointer undoes the last change).
final class PointerFollower {
    private var shake = ShakeDetector()
    private var watching = false
    private unowned let board: DrawingBoardViewController

    init(board: DrawingBoardViewController) { self.board = board }

    private var canvas: CanvasView { board.canvas }

    /// Starts following the pointer in `window` (once).
    func watch(_ window: Window) {
        guard !watching else { return }
        watching = true
        window.addHoverObserver { [weak self] location, time in
            guard let self, self.board.view.window != nil else { return }
            if self.shake.add(x: location.x, at: time) { self.board.shakeToUndo() }
            self.followPointer(to: location)
        }
        window.addLeaveObserver { [weak self] in
            self?.canvas.brushOutlineCenter = nil
            self?.board.bottomBarController.pointerPixel = nil
            self?.board.peers.pointerMoved(to: nil)
        }
        // The readout follows every motion, drags included.
        window.addMotionObserver { [weak self] location in
            guard let self else { return }
            self.showPointerPixel(at: location)
            // Where the others in a shared drawing see this pointer.
            self.board.peers.pointerMoved(to: self.board.bottomBarController.pointerPixel)
        }
        window.addPressObserver { [weak self] _ in self?.shake.reset() }
    }

    private func followPointer(to location: Point) {
        guard let window = board.view.window else { return }
        let overCanvas = window.hitTest(location) === canvas
        canvas.brushOutlineCenter = overCanvas ? canvas.convert(location, from: nil) : nil
        // The polygon's next edge follows the pointer between clicks.
        if overCanvas, canvas.polygonTool.isBuilding { canvas.polygonTool.follow(canvas.viewport.contentPoint(canvas.convert(location, from: nil))) }
    }

    /// The document pixel under a window point, in the bottom bar (none off the canvas). A drag
    /// stays over the canvas it began on, whatever lies on top.
    func showPointerPixel(at location: Point) {
        let inCanvas = canvas.convert(location, from: nil)
        let overCanvas = canvas.bounds.contains(inCanvas) && (canvas.isDrawing || board.view.window?.hitTest(location) === canvas)
        board.bottomBarController.pointerPixel = overCanvas ? canvas.documentPixel(at: inCanvas) : nil
    }
}
