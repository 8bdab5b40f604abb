/// Where each part of the board goes: the toolbar on top, the tabs under it when the window
/// has several documents, the canvas, the bottom bar; in full-screen drawing the canvas takes
/// the whole window and the bars (and the tabs) float over it or hide.
enum BoardLayout {
    static let tabStripHeight = 30.0

    static func layout(_ board: DrawingBoardViewController) {
        let bounds = board.view.bounds
        let toolbarHeight = DrawingBoardViewController.toolbarHeight, bottomBarHeight = DrawingBoardViewController.bottomBarHeight
        let toolbarY = board.barsHidden ? -toolbarHeight : 0
        let bottomY = board.barsHidden ? bounds.height : bounds.height - bottomBarHeight
        board.toolbar.frame = Rect(x: 0, y: toolbarY, width: bounds.width, height: toolbarHeight)
        board.bottomBar.frame = Rect(x: 0, y: bottomY, width: bounds.width, height: bottomBarHeight)
        let strip = board.tabStrip.map { _ in tabStripHeight } ?? 0
        board.tabStrip?.frame = Rect(x: 0, y: toolbarY + toolbarHeight, width: bounds.width, height: strip)
        board.tabStrip?.isHidden = board.isFullScreen
        board.canvas.frame = board.isFullScreen
            ? bounds
            : Rect(x: 0, y: toolbarHeight + strip, width: bounds.width, height: max(0, bounds.height - toolbarHeight - strip - bottomBarHeight))
        board.photoController.layout()
        board.imageCommands.freeTransform.layout()
        board.messageLine.frame = Rect(x: 0, y: bounds.height - bottomBarHeight - 44, width: bounds.width, height: 44)
        board.panels.layout()
        board.docked.layout()
    }
}
