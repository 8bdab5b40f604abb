import Foundation
@testable import PaintCore

/// A drawing board in an 800x600 window as the app makes it, its journal opened (or not) the
/// way X11App opens it, and a pencil stroke across the canvas at a given height.
struct BoardSession {
    let window: Window
    let board: DrawingBoardViewController

    init(store: ArtworkStore = MemoryArtworkStore(), pictures: String = NSTemporaryDirectory(), stateFolder: String? = nil) {
        window = Window(size: Size(width: 800, height: 600), application: Application(clock: ManualClock()))
        board = DrawingBoardViewController(store: store, picturesFolder: pictures)
        window.rootViewController = board
        window.render()
        if let stateFolder {
            board.restore(fromStateFolder: stateFolder)
            board.finishRestoring()
        }
    }

    /// A session around a board made elsewhere.
    init(window: Window, board: DrawingBoardViewController) {
        self.window = window
        self.board = board
    }

    /// A horizontal stroke from x 100 to 600 (canvas coordinates) at `y`.
    func drag(y: Double, step: Double = 20) {
        var driver = TouchDriver(window: window)
        let a = board.canvas.convert(Point(x: 100, y: y), to: nil), b = board.canvas.convert(Point(x: 600, y: y), to: nil)
        driver.drag(TouchDriver.line(from: a, to: b, step: step))
    }
}
