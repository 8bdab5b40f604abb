import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// Magic wand (W) and the selection modes with the mouse's keys.
final class MagicWandTests: RestartingBoardTestCase {
    private lazy var pointer = PointerTranslator(window: session.window)

    private func click(_ point: Point, modifiers: KeyEvent.Modifiers = []) {
        pointer.handle(PointerEvent(.press, at: point, modifiers: modifiers, timestamp: 0))
        pointer.handle(PointerEvent(.release, at: point, modifiers: modifiers, timestamp: 0.05))
    }

    private func drawBlocks() {
        // Two blue blocks and a red one on white.
        let blue = Color(r: 0, g: 0, b: 255), red = Color(r: 255, g: 0, b: 0)
        fillRectangle(blue, from: (50, 50), to: (150, 150))
        fillRectangle(blue, from: (300, 50), to: (400, 150))
        fillRectangle(red, from: (50, 250), to: (150, 350))
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

/// The wand's soft edges (anti-aliased, Pinta's default): what it clears or changes fades over
/// a pixel each side of the region's edge, the same on screen, on redo and after a crash.
final class MagicWandSoftEdgeTests: RestartingBoardTestCase {
    func testDeleteFadesOverTheEdgeAndReplaysTheSame() {
        fillRectangle(Color(r: 0, g: 0, b: 255), from: (50, 50), to: (250, 250))
        // A red square inside the blue one: the wand takes the red, soft-edged.
        fillRectangle(Color(r: 255, g: 0, b: 0), from: (100, 100), to: (200, 200))
        session.window.send(KeyEvent(.character("w")))
        XCTAssertTrue(canvas.selectionTool.wandSoftEdges, "soft by default")
        driver.tap(w(150, 150))
        XCTAssertEqual(canvas.selectionArea?.pixelMask?.softEdges, true)
        session.window.send(KeyEvent(.delete))
        let s = canvas.layerScale
        // Device pixels: the red square's left edge is at x = 100 * s.
        let layer = canvas.content.drawing.stack.pixels(of: 0)!
        let y = Int(150 * s), edge = Int(100 * s)
        XCTAssertEqual(layer[edge + 3, y] >> 24, 0, "inside: cleared")
        XCTAssertEqual(layer[edge - 3, y] >> 24, 255, "outside: the blue kept whole")
        let inner = layer[edge, y] >> 24, outer = layer[edge - 1, y] >> 24
        XCTAssertTrue(inner > 0 && inner < 128, "the edge's inner pixel mostly cleared (\\(inner))")
        XCTAssertTrue(outer > 128 && outer < 255, "the pixel just outside a little (\\(outer))")
        let cleared = canvas.renderArtwork()
        XCTAssertTrue(canvas.undo())
        XCTAssertTrue(canvas.redo())
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: cleared), "redo gives the same bytes")
        crash()
        start()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: cleared), "and so does a crash")
    }

    /// An effect worked beside the UI thread on a soft-edged selection is the effect the item
    /// replays: the finished pixels fade at the edge as the replay does.
    func testAnEffectOnASoftSelectionIsTheSameAfterACrash() {
        fillRectangle(Color(r: 0, g: 0, b: 255), from: (60, 60), to: (260, 200))
        session.window.send(KeyEvent(.character("w")))
        driver.tap(w(150, 150))
        board.adjustmentCommands.adjust(.effect(.gaussianBlur(radius: 6)), named: "Gaussian Blur")
        board.besideWork.waitUntilDone()
        session.window.application.tick()
        guard case .adjust(_, let area)? = canvas.document.items.last else { return XCTFail("an adjustment item") }
        XCTAssertEqual(area?.pixelMask?.softEdges, true)
        let blurred = canvas.renderArtwork()
        crash()
        start()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: blurred), "the replay gives the pixels the work beside the UI thread gave")
    }

    func testSoftEdgesCanBeTurnedOffAndSurviveTheJournalForm() throws {
        canvas.selectionTool.wandSoftEdges = false
        session.window.send(KeyEvent(.character("w")))
        driver.tap(w(150, 150))
        XCTAssertEqual(canvas.selectionArea?.pixelMask?.softEdges, false)
        XCTAssertNil(canvas.selectionArea?.coverage(atScale: canvas.layerScale), "hard: all or nothing")
        var soft = try XCTUnwrap(SelectionMask(flags: [true, true, false, true], in: PixelRect(x0: 0, y0: 0, x1: 2, y1: 2), scale: 1))
        soft.softEdges = true
        XCTAssertEqual(try JSONDecoder().decode(SelectionMask.self, from: JSONEncoder().encode(soft)), soft)
        // A 3x3 square's coverage: the middle wholly, the corners' outside neighbours a ninth.
        var square = try XCTUnwrap(SelectionMask(flags: [Bool](repeating: true, count: 9), in: PixelRect(x0: 5, y0: 5, x1: 8, y1: 8), scale: 1))
        square.softEdges = true
        let coverage = try XCTUnwrap(SelectionArea(square).coverage(atScale: 1))
        XCTAssertEqual(coverage.count, 25, "a pixel more each side")
        XCTAssertEqual(coverage[12], 255, "the middle: all nine around it")
        XCTAssertEqual(coverage[0], 28, "the outside corner: one of nine")
        XCTAssertEqual(coverage[6], 113, "the square's corner: four of nine")
    }
}

extension RestartingBoardTestCase {
    /// A filled rectangle in `color` between two canvas points, its editing ended (Enter), so
    /// the next colour chosen does not recolour it.
    fileprivate func fillRectangle(_ color: Color, from a: (Double, Double), to b: (Double, Double)) {
        canvas.shapeFill = .fill
        session.window.send(KeyEvent(.character("r")))
        board.pen.setColor(color)
        driver.drag([w(a.0, a.1), w(b.0, b.1)])
        session.window.send(KeyEvent(.enter))
    }
}
