import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// First commands: turning and mirroring the whole layered drawing (Pinta's keys),
/// and the colour adjustments of the current layer or the selection on it, each undoable and
/// the same after a crash.
final class ImageCommandsTests: RestartingBoardTestCase {
    private var content: DocumentContent { canvas.content }

    private func key(_ character: Character, _ modifiers: KeyEvent.Modifiers) {
        session.window.send(KeyEvent(.character(character), modifiers: modifiers))
    }

    private func twoLayers() {
        board.setColor(.red)
        board.setStrokeWidth(20)
        driver.drag([w(50, 60), w(300, 60)])
        key("n", [.control, .shift])
        content.append(.layer(.properties(id: 1, LayerProperties(name: "Ink", opacity: 0.5, mode: .multiply))))
        board.setColor(.blue)
        driver.drag([w(100, 20), w(100, 200)])
    }

    func testAQuarterTurnTurnsEveryLayerAndCtrlZBringsTheDrawingBack() {
        twoLayers()
        content.append(.layer(.properties(id: 0, LayerProperties(name: "Layer 1", isLocked: true))))
        let before = canvas.renderArtwork(), format = canvas.document.format!
        key("h", .control)
        let turned = canvas.renderArtwork()
        XCTAssertEqual([turned.width, turned.height], [before.height, before.width])
        XCTAssertTrue(turned.isEqual(to: before.reoriented(6)), "the picture turned a quarter clockwise, pixel for pixel")
        XCTAssertEqual(content.layers.entries.map(\.properties.name), ["Layer 1", "Ink"])
        XCTAssertEqual(content.layers.entries[1].properties.mode, .multiply)
        XCTAssertEqual(content.layers.entries.map(\.properties.isLocked), [true, false], "a lock survives the turn")
        XCTAssertTrue(board.statusLabel.text.contains("clockwise"), board.statusLabel.text)
        crash()
        start()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: turned), "the turned drawing after a crash")
        XCTAssertEqual(content.layers.count, 2)
        board.undo()
        XCTAssertEqual(canvas.document.format, format)
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: before), "Ctrl+Z: the drawing as it was")
    }

    func testMirrorsAndTheHalfTurnArePermutations() {
        twoLayers()
        let before = canvas.renderArtwork()
        board.imageCommands.turn(.flipHorizontal)
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: before.reoriented(2)))
        board.imageCommands.turn(.flipHorizontal)
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: before), "mirrored twice")
        key("j", .control)
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: before.reoriented(3)))
        board.imageCommands.turn(.flipVertical)
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: before.reoriented(2)), "a half turn then a vertical mirror is a horizontal one")
    }

    func testAnAdjustmentChangesOnlyTheSelectionOnTheCurrentLayerAndUndoes() {
        twoLayers()
        let layerBefore = content.drawing.stack.pixels(of: 1)!.cropped(to: content.drawing.stack.pixels(of: 1)!.bounds)
        canvas.setSelection(Rect(x: 80, y: 20, width: 40, height: 60))
        key("i", [.control, .shift])
        let layer = content.drawing.stack.pixels(of: 1)!
        let area = canvas.selectionArea!.pixels(atScale: canvas.layerScale)
        var changedInside = 0
        for y in 0..<layer.height {
            for x in 0..<layer.width {
                if x >= area.x0 && x < area.x1 && y >= area.y0 && y < area.y1 {
                    if layer[x, y] != layerBefore[x, y] { changedInside += 1 }
                    XCTAssertEqual(layer[x, y], PixelAdjustment.invert.apply(layerBefore[x, y]))
                } else if layer[x, y] != layerBefore[x, y] {
                    return XCTFail("(\(x), \(y)) outside the selection changed")
                }
            }
        }
        XCTAssertGreaterThan(changedInside, 0)
        XCTAssertTrue(content.drawing.stack.pixels(of: 0)!.color(atX: 100, y: 60).red > 0.8, "the other layer is left alone")
        let adjusted = canvas.renderArtwork()
        board.undo()
        XCTAssertTrue(content.drawing.stack.pixels(of: 1)!.isEqual(to: layerBefore))
        board.redo()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: adjusted), "redo replays to the same bytes")
        canvas.deselect()
        board.adjustmentCommands.adjust(.blackAndWhite)
        let grey = content.drawing.stack.pixels(of: 1)!.color(atX: 100, y: 150)
        XCTAssertEqual(grey.red, grey.blue, accuracy: 0.001, "the whole layer grey")
    }

    func testAutoCropTrimsTheBorderOfOneColourFromEveryLayer() {
        board.imageCommands.autoCrop()
        XCTAssertTrue(board.statusLabel.text.contains("one colour"), board.statusLabel.text)
        twoLayers()
        let before = canvas.renderArtwork()
        let expected = ImageCommands.contentBounds(of: before)!
        XCTAssertLessThan(expected.width, before.width)
        session.window.send(KeyEvent(.character("x"), modifiers: [.control, .alt]))
        let cropped = canvas.renderArtwork()
        XCTAssertEqual([cropped.width, cropped.height], [expected.width, expected.height])
        XCTAssertTrue(cropped.isEqual(to: before.cropped(to: expected)), "the same pixels, only the border gone")
        XCTAssertEqual(content.layers.count, 2, "both layers kept")
        XCTAssertTrue((0..<cropped.height).contains { cropped[0, $0] != before[0, 0] }, "paint reaches the left edge now")
        XCTAssertTrue((0..<cropped.width).contains { cropped[$0, 0] != before[0, 0] }, "and the top")
        board.undo()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: before))
        XCTAssertTrue(board.statusLabel.text.contains("auto crop"), board.statusLabel.text)
    }

    func testAutoLevelStretchesTheCurrentLayerAndComesBackTheSameAfterACrash() {
        board.setColor(Color(r: 90, g: 70, b: 60))
        board.setStrokeWidth(30)
        driver.drag([w(50, 60), w(300, 60)])
        board.setColor(Color(r: 150, g: 110, b: 100))
        driver.drag([w(50, 160), w(300, 160)])
        let before = canvas.renderArtwork()
        key("l", [.control, .shift])
        XCTAssertTrue(board.statusLabel.text.contains("Levelled"), board.statusLabel.text)
        let layer = content.drawing.stack.pixels(of: 0)!
        XCTAssertEqual(layer.color(atX: 150, y: 60).red, 0, accuracy: 0.01, "the darker stroke to black")
        XCTAssertEqual(layer.color(atX: 150, y: 160).red, 1, accuracy: 0.01, "the lighter to full")
        let levelled = canvas.renderArtwork()
        crash()
        start()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: levelled), "replayed from the journal to the same bytes")
        board.undo()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: before))
        board.adjustmentCommands.autoLevel()
        board.adjustmentCommands.autoLevel()
        XCTAssertTrue(board.statusLabel.text.contains("Nothing to level"), "a levelled layer spans every level: " + board.statusLabel.text)
    }

    func testPosterizePreviewsOnTheCanvasAndOnlyOKChangesTheDocument() throws {
        board.setColor(Color(r: 90, g: 170, b: 60))
        board.setStrokeWidth(30)
        driver.drag([w(50, 60), w(300, 60)])
        let before = canvas.renderArtwork(), items = canvas.document.items.count
        key("p", [.control, .shift])
        let dialog = try XCTUnwrap(board.presentedViewController as? SliderAdjustmentViewController)
        session.window.render()
        dialog.set(2, at: 0)
        let previewed = canvas.renderArtwork()
        XCTAssertFalse(previewed.isEqual(to: before), "the canvas shows the preview")
        XCTAssertEqual(previewed.color(atX: 150, y: 60), Color(r: 0, g: 255, b: 0), "two levels: each channel to 0 or 255")
        XCTAssertEqual(canvas.document.items.count, items, "not in the document yet")
        session.window.send(KeyEvent(.escape))
        XCTAssertNil(board.presentedViewController)
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: before), "Escape: the layer as it was")
        key("p", [.control, .shift])
        let again = try XCTUnwrap(board.presentedViewController as? SliderAdjustmentViewController)
        again.set(2, at: 0)
        again.finish()
        XCTAssertEqual(canvas.document.items.count, items + 1)
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: previewed), "OK gives what the preview showed")
        XCTAssertTrue(board.statusLabel.text.contains("2 levels"), board.statusLabel.text)
        board.undo()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: before))
    }
}
