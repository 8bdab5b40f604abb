import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// The Brush tool (B): MyPaint's brush drawn on the layer while the pointer moves, kept as one
/// item that undo takes back, redo puts back and a crash brings back, pixel for pixel.
final class MyPaintBrushToolTests: RestartingBoardTestCase {
    private func touch(_ phase: Touch.Phase, at point: Point) {
        session.window.send([TouchInput(identifier: 1, phase: phase, location: point, timestamp: session.clock.now)])
    }

    func testABrushStrokeShowsWhileDrawnAndIsKeptUndoneRedoneAndRestoredPixelForPixel() throws {
        guard MyPaintBrushes.shared.problem == nil else { throw XCTSkip(MyPaintBrushes.shared.problem!) }
        MyPaintBrushes.shared.chosen = "classic/charcoal"
        session.window.send(KeyEvent(.character("b")))
        XCTAssertTrue(canvas.brush is PaintBrush)
        board.setStrokeWidth(12)
        let blank = canvas.renderArtwork()
        touch(.began, at: w(100, 150))
        for i in 1...40 {
            session.clock.advance(by: 1 / 120)
            touch(.moved, at: w(100 + Double(i) * 6, 150 + 30 * sin(Double(i) / 6)))
        }
        XCTAssertFalse(canvas.renderArtwork().isEqual(to: blank), "the stroke shows while it is drawn")
        XCTAssertEqual(canvas.document.items.count, 0, "nothing kept before the release")
        touch(.ended, at: w(340, 150))
        XCTAssertEqual(canvas.document.items.count, 1, "one item")
        guard case .brushStroke(let stroke) = canvas.document.items.last else { return XCTFail("a brush stroke") }
        XCTAssertEqual(stroke.brush, "classic/charcoal")
        XCTAssertEqual(stroke.events.count, 43, "the press, 40 moves, the release and the lift")
        XCTAssertEqual(stroke.radius, 6)
        let drawn = canvas.renderArtwork()
        XCTAssertFalse(drawn.isEqual(to: blank))
        session.window.send(KeyEvent(.character("z"), modifiers: .control))
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: blank), "undone")
        session.window.send(KeyEvent(.character("z"), modifiers: [.control, .shift]))
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: drawn), "redone: drawn again by libmypaint to the same pixels")
        crash()
        start()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: drawn), "after a crash, the same pixels")
    }

    func testTheChosenBrushIsRememberedInTheSettings() {
        MyPaintBrushes.shared.chosen = "deevad/2B_pencil"
        XCTAssertEqual(BoardSettings.current(of: board, windowSize: nil).mypaintBrush, "deevad/2B_pencil")
        var settings = AppSettings()
        settings.mypaintBrush = "classic/charcoal"
        BoardSettings.apply(settings, to: board)
        XCTAssertEqual(MyPaintBrushes.shared.chosen, "classic/charcoal")
    }
}
