import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// Issue 42's magic wand (W) and the selection modes with the mouse's keys.
final class MagicWandTests: RestartingBoardTestCase {
    private lazy var pointer = PointerTranslator(window: session.window)

    private func click(_ point: Point, modifiers: KeyEvent.Modifiers = []) {
        pointer.handle(PointerEvent(.press, at: point, modifiers: modifiers, timestamp: 0))
        pointer.handle(PointerEvent(.release, at: point, modifiers: modifiers, timestamp: 0.05))
    }

    private func drawBlocks() {
        // Two blue blocks and a red one on white.
        canvas.shapeFill = .fill
        session.window.send(KeyEvent(.character("r")))
        board.pen.setColor(Color(r: 0, g: 0, b: 255))
        driver.drag([w(50, 50), w(150, 150)])
        driver.drag([w(300, 50), w(400, 150)])
        session.window.send(KeyEvent(.enter)) // the block stays blue when the colour changes
        board.pen.setColor(Color(r: 255, g: 0, b: 0))
        driver.drag([w(50, 250), w(150, 350)])
        session.window.send(KeyEvent(.character("w")))
        XCTAssertTrue(canvas.brush is MagicWandBrush)
    }

    func testAClickSelectsTheAlikeRegionAndDeleteClearsOnlyIt() {
        drawBlocks()
        click(w(100, 100))
        let area = try? XCTUnwrap(canvas.selectionArea)
        XCTAssertNotNil(area?.pixelMask)
        XCTAssertTrue(area?.contains(Point(x: 100, y: 100)) ?? false)
        XCTAssertFalse(area?.contains(Point(x: 350, y: 100)) ?? true, "the other blue block is not joined to it")
        XCTAssertFalse(area?.contains(Point(x: 160, y: 100)) ?? true, "the white around it")
        session.window.send(KeyEvent(.delete))
        let layer = canvas.content.drawing.stack.pixels(of: 0)!, scale = canvas.layerScale
        XCTAssertEqual(layer[Int(100 * scale), Int(100 * scale)] >> 24, 0, "cleared")
        XCTAssertEqual(layer[Int(350 * scale), Int(100 * scale)] >> 24, 255, "the other block kept")
        // The clear, made with a mask, comes back after a crash.
        let cleared = canvas.renderArtwork()
        crash()
        start()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: cleared))
    }

    func testShiftAddsCtrlSubtractsAndWholePictureReachesEveryAlikePixel() {
        drawBlocks()
        click(w(100, 100))
        click(w(100, 300), modifiers: .shift)
        XCTAssertTrue(canvas.selectionArea?.contains(Point(x: 100, y: 300)) ?? false, "Shift added the red block")
        XCTAssertTrue(canvas.selectionArea?.contains(Point(x: 100, y: 100)) ?? false, "and kept the blue")
        XCTAssertEqual(canvas.window?.modifierFlags, .shift)
        click(w(100, 100), modifiers: .control)
        XCTAssertFalse(canvas.selectionArea?.contains(Point(x: 100, y: 100)) ?? true, "Ctrl took the blue away (no pinch)")
        XCTAssertTrue(canvas.selectionArea?.contains(Point(x: 100, y: 300)) ?? false)
        // Ctrl with a drawing tool still pinches: the canvas takes Ctrl-clicks only for selections.
        XCTAssertTrue(canvas.takesControlClicks)
        session.window.send(KeyEvent(.character("p")))
        XCTAssertFalse(canvas.takesControlClicks)
        session.window.send(KeyEvent(.character("w")))
        canvas.selectionTool.wandIsGlobal = true
        click(w(100, 100))
        XCTAssertTrue(canvas.selectionArea?.contains(Point(x: 350, y: 100)) ?? false, "whole picture: the other blue block too")
        XCTAssertFalse(canvas.selectionArea?.contains(Point(x: 100, y: 300)) ?? true, "replaced: not the red one")
        // Shift+Ctrl with the rectangle select: only what both hold.
        session.window.send(KeyEvent(.character("s")))
        pointer.handle(PointerEvent(.press, at: w(80, 80), modifiers: [.shift, .control], timestamp: 1))
        pointer.handle(PointerEvent(.motion, at: w(120, 120), modifiers: [.shift, .control], timestamp: 1.05))
        pointer.handle(PointerEvent(.release, at: w(320, 120), modifiers: [.shift, .control], timestamp: 1.1))
        XCTAssertTrue(canvas.selectionArea?.contains(Point(x: 100, y: 100)) ?? false, "inside both")
        XCTAssertTrue(canvas.selectionArea?.contains(Point(x: 310, y: 100)) ?? false, "inside both")
        XCTAssertFalse(canvas.selectionArea?.contains(Point(x: 200, y: 100)) ?? true, "the box's white: not in the wand's")
        XCTAssertFalse(canvas.selectionArea?.contains(Point(x: 350, y: 100)) ?? true, "the block outside the box")
    }
}
