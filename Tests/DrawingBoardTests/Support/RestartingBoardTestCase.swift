import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
import TestSupport
import ToolkitTestSupport
import PaintGraphics

/// Tests of a board as the app makes it, restarted on the same state folder to see what its
/// journal brings back: `start()` opens a window restoring what the last one left, `crash()`
/// ends one as kill -9 would, `end()` as an orderly close does.
class RestartingBoardTestCase: XCTestCase {
    var temp: TemporaryDirectory!
    var state: String { temp.path + "/state" }
    var session: BoardSession!
    var board: DrawingBoardViewController { session.board }
    var canvas: CanvasView { board.canvas }
    var driver: TouchDriver!

    override func setUp() {
        temp = TemporaryDirectory()
        start()
    }

    /// A window as the app makes it, restoring what the last one left in `state`.
    func start() {
        session = BoardSession(pictures: temp.path, stateFolder: state)
        driver = TouchDriver(window: session.window)
    }

    /// kill -9: what the writer has written stays, nothing else runs (no flush, no baking).
    func crash() {
        board.settleJournal()
        board.journal?.close()
    }

    /// An orderly end: the window closed, a signal.
    func end() {
        board.flushJournal()
        board.journal?.close()
    }

    /// A canvas point in the window's coordinates.
    func w(_ x: Double, _ y: Double) -> Point { canvas.convert(Point(x: x, y: y), to: nil) }

    /// The first layer's colour at a canvas point.
    func layerColor(_ x: Double, _ y: Double) -> Color {
        let layer = canvas.content.drawing.stack.pixels(of: 0)!, scale = canvas.layerScale
        return Color(premultipliedPixel: layer[Int(x * scale), Int(y * scale)])
    }

    /// Whether the first layer is painted at a canvas point.
    func painted(_ x: Double, _ y: Double) -> Bool { layerColor(x, y).alpha > 0 }
}
