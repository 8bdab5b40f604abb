/// Full-screen drawing: the window covers the screen (the desktop's full-screen state, as
/// Pinta's and GNOME Drawing's), the canvas takes the whole window and the bars slide away
/// while a stroke is drawn, coming back a second after it ends. The document does not move on
/// screen.
final class FullScreenBars {
    /// How long after a stroke ends the bars come back.
    static let returnDelay = 1.0

    private(set) var barsHidden = false
    private var barsTimer: Scheduler.Timer?
    private unowned let board: DrawingBoardViewController

    init(board: DrawingBoardViewController) { self.board = board }

    private var view: View { board.view }
    private var toolbarHeight: Double { DrawingBoardViewController.toolbarHeight }
    private var bottomBarHeight: Double { DrawingBoardViewController.bottomBarHeight }

    var isFullScreen: Bool { board.bottomBarController.isFullScreenSelected }

    func setFullScreen(_ on: Bool) {
        board.bottomBarController.isFullScreenSelected = on
        view.window?.isFullScreen = on
        if !on { showBars() }
        view.setNeedsLayout()
    }

    func drawingBegan() {
        barsTimer?.cancel()
        guard isFullScreen, !barsHidden else { return }
        barsHidden = true
        let toolbar = board.toolbar, bottomBar = board.bottomBar, view = self.view
        let toolbarHeight = self.toolbarHeight, bottomBarHeight = self.bottomBarHeight
        view.animate(duration: 0.25, animations: {
            toolbar.center = Point(x: toolbar.center.x, y: -toolbarHeight / 2)
            bottomBar.center = Point(x: bottomBar.center.x, y: view.bounds.height + bottomBarHeight / 2)
        })
    }

    func drawingEnded() {
        guard isFullScreen, barsHidden else { return }
        barsTimer?.cancel()
        barsTimer = view.window?.application.scheduler.schedule(after: Self.returnDelay) { [weak self] in self?.showBars() }
    }

    private func showBars() {
        guard barsHidden else { return }
        barsHidden = false
        let toolbar = board.toolbar, bottomBar = board.bottomBar, height = view.bounds.height
        let toolbarHeight = self.toolbarHeight, bottomBarHeight = self.bottomBarHeight
        view.animate(duration: 0.25, animations: {
            toolbar.center = Point(x: toolbar.center.x, y: toolbarHeight / 2)
            bottomBar.center = Point(x: bottomBar.center.x, y: height - bottomBarHeight / 2)
        })
    }
}
