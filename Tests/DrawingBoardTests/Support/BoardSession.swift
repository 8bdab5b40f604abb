import Foundation
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// A drawing board in an 800x600 window as the app makes it, its journal opened (or not) the
/// way X11App opens it, and a pencil stroke across the canvas at a given height.
struct BoardSession {
    let window: Window
    let board: DrawingBoardViewController
    /// The window's clock (a manual one, unless the session was made around another board).
    let clock: ManualClock

    init(store: ArtworkStore = MemoryArtworkStore(), pictures: String = NSTemporaryDirectory(), stateFolder: String? = nil,
         size: Size = Size(width: 800, height: 600), clock: ManualClock = ManualClock()) {
        self.clock = clock
        window = Window(size: size, application: Application(clock: clock))
        board = DrawingBoardViewController(store: store, picturesFolder: pictures)
        // Thumbnails go to a cache of the test's own, never the runner's ~/.cache.
        board.thumbnailCache = ThumbnailCache(folder: NSTemporaryDirectory() + "x11paint-test-thumbnails")
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
        clock = window.application.clock as? ManualClock ?? ManualClock()
    }

    /// A horizontal stroke from x 100 to 600 (canvas coordinates) at `y`.
    func drag(y: Double, step: Double = 20) {
        var driver = TouchDriver(window: window)
        let a = board.canvas.convert(Point(x: 100, y: y), to: nil), b = board.canvas.convert(Point(x: 600, y: y), to: nil)
        driver.drag(TouchDriver.line(from: a, to: b, step: step))
    }
}
