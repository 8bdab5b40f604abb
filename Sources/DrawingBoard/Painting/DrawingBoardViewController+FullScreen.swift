/// Full-screen drawing: the canvas takes the whole window and the bars slide away while a
/// stroke is drawn, coming back a second after it ends. The document does not move on screen.
extension DrawingBoardViewController {
    public var isFullScreen: Bool { bottomBarController.isFullScreenSelected }

    public func setFullScreen(_ on: Bool) {
        bottomBarController.isFullScreenSelected = on
        if !on { showBars() }
        view.setNeedsLayout()
    }

    func drawingBegan() {
        recorder?.drawingBegan()
        barsTimer?.cancel()
        guard isFullScreen, !barsHidden else { return }
        barsHidden = true
        let toolbar = self.toolbar, bottomBar = self.bottomBar
        view.animate(duration: 0.25, animations: {
            toolbar.center = Point(x: toolbar.center.x, y: -Self.toolbarHeight / 2)
            bottomBar.center = Point(x: bottomBar.center.x, y: self.view.bounds.height + Self.bottomBarHeight / 2)
        })
    }

    func drawingEnded() {
        recorder?.drawingEnded()
        guard isFullScreen, barsHidden else { return }
        barsTimer?.cancel()
        barsTimer = view.window?.application.scheduler.schedule(after: Self.barsReturnDelay) { [weak self] in self?.showBars() }
    }

    func showBars() {
        guard barsHidden else { return }
        barsHidden = false
        let toolbar = self.toolbar, bottomBar = self.bottomBar, height = view.bounds.height
        view.animate(duration: 0.25, animations: {
            toolbar.center = Point(x: toolbar.center.x, y: Self.toolbarHeight / 2)
            bottomBar.center = Point(x: bottomBar.center.x, y: height - Self.bottomBarHeight / 2)
        })
    }
}
