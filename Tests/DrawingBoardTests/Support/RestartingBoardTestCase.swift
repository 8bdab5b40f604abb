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

    /// A window as the app makes it, restoring what the last one left in `state`, as a user
    /// first meets it: the generation the start writes is in the file before the first input.
    func start() {
        session = BoardSession(pictures: temp.path, stateFolder: state)
        driver = TouchDriver(window: session.window)
        board.settleJournal()
    }

    /// kill -9: what the writer has written stays, what is still queued for it is dropped, and
    /// nothing else runs (no flush, no fsync, no baking). Unless the test says the last change
    /// may still have been queued (a picture being stored), every change must already be in
    /// the file: a small record meeting an idle writer is written before the change returns.
    /// `releasingWriter` lets a writer the test holds go once the kill has landed.
    func crash(lastChangeMayBeQueued: Bool = false, releasingWriter: () -> Void = {}, file: StaticString = #filePath, line: UInt = #line) {
        droppedInCrash = board.journal?.abandon(whenStopped: releasingWriter) ?? 0
        if !lastChangeMayBeQueued {
            XCTAssertEqual(droppedInCrash, 0, "changes still queued for the writer when killed", file: file, line: line)
        }
    }

    /// The time a person takes between two actions, far longer than the writer's few
    /// milliseconds: whatever it has queued (a picture being encoded) is written meanwhile.
    func aMomentPasses() {
        board.settleJournal()
    }

    /// How many queued changes the last `crash()` dropped before the writer reached them.
    var droppedInCrash = 0

    /// An orderly end: the window closed, a signal.
    func end() {
        board.flushJournal()
        board.journal?.close()
    }

    /// A canvas point in the window's coordinates.
    /// One finger (the mouse's button) through the window, at the session's time.
    func touch(_ phase: Touch.Phase, at point: Point) {
        session.window.send([TouchInput(identifier: 1, phase: phase, location: point, timestamp: session.clock.now)])
    }

    func w(_ x: Double, _ y: Double) -> Point { canvas.convert(Point(x: x, y: y), to: nil) }

    /// Where the window shows document point `p` now (the view zoomed, scrolled or turned as it is).
    func shown(_ p: Point) -> Point { let v = canvas.viewport.viewPoint(p); return w(v.x, v.y) }

    /// A press dragged through document points, each where the view shows it, `interval` seconds apart.
    func drag(through points: [Point], interval: Double = 1 / 60) {
        touch(.began, at: shown(points[0]))
        for point in points.dropFirst() {
            session.clock.advance(by: interval)
            touch(.moved, at: shown(point))
        }
        touch(.ended, at: shown(points.last!))
    }

    /// The last change as a user can take it: Ctrl+Z shows `before` again, Ctrl+Shift+Z `after`,
    /// and after a kill -9 the window brings `after` back, pixel for pixel.
    func assertUndoRedoAndCrashKeep(_ after: Bitmap, before: Bitmap, file: StaticString = #filePath, line: UInt = #line) {
        session.window.send(KeyEvent(.character("z"), modifiers: .control))
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: before), "undone", file: file, line: line)
        session.window.send(KeyEvent(.character("z"), modifiers: [.control, .shift]))
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: after), "redone to the same pixels", file: file, line: line)
        crash(file: file, line: line)
        start()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: after), "after a crash, the same pixels", file: file, line: line)
    }

    /// The first layer's colour at a canvas point.
    func layerColor(_ x: Double, _ y: Double) -> Color {
        let layer = canvas.content.drawing.stack.pixels(of: 0)!, scale = canvas.layerScale
        return Color(premultipliedPixel: layer[Int(x * scale), Int(y * scale)])
    }

    /// Whether the first layer is painted at a canvas point.
    func painted(_ x: Double, _ y: Double) -> Bool { layerColor(x, y).alpha > 0 }
}
