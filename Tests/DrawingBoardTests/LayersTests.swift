import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// Pinta's layer keys, the Layers panel (rows, eye, drag, the
/// properties dialog with its live preview), painting on the current layer, a locked layer,
/// a crash in the middle of a stroke on a layer, OpenRaster opened and saved with its layers.
final class LayersTests: RestartingBoardTestCase {
    private var content: DocumentContent { canvas.content }

    private func key(_ character: Character, _ modifiers: KeyEvent.Modifiers = [.control, .shift]) {
        session.window.send(KeyEvent(.character(character), modifiers: modifiers))
    }

    private func stroke(_ color: Color, _ points: [(Double, Double)], width: Double = 20) {
        board.setColor(color)
        board.setStrokeWidth(width)
        driver.drag(points.map { w($0.0, $0.1) })
    }

    private var panel: LayersPanel { board.layersPanel.panel }

    /// The panel's row of layer `id`, in window coordinates.
    private func rowCenter(of id: Int) -> Point {
        let index = panel.list.rows.firstIndex { $0.id == id }!
        let frame = panel.list.rowFrame(index)
        return panel.list.convert(Point(x: frame.midX - 40, y: frame.midY), to: nil)
    }

    func testPintasKeysMakeAStackAndEachChangeIsUndoable() {
        stroke(.red, [(100, 100), (400, 300)])
        key("n")
        XCTAssertEqual(content.layers.count, 2)
        XCTAssertEqual(content.currentLayerID, 1, "the new layer is where painting goes")
        XCTAssertTrue(board.statusLabel.text.contains("Layer 2"), board.statusLabel.text)
        stroke(.blue, [(100, 300), (400, 100)])
        key("d")
        XCTAssertEqual(content.layers.entries.map(\.properties.name), ["", "Layer 2", "Layer 2 copy"])
        session.window.send(KeyEvent(.pageDown, modifiers: [.control, .shift]))
        XCTAssertEqual(content.layers.entries.map(\.id), [0, 2, 1], "moved under the layer it copied")
        session.window.send(KeyEvent(.pageUp, modifiers: [.control, .shift]))
        XCTAssertEqual(content.layers.entries.map(\.id), [0, 1, 2])
        key("m", .control)
        XCTAssertEqual(content.layers.entries.map(\.id), [0, 1], "merged into the layer under it")
        XCTAssertEqual(content.currentLayerID, 1)
        session.window.send(KeyEvent(.delete, modifiers: [.control, .shift]))
        XCTAssertEqual(content.layers.entries.map(\.id), [0])
        XCTAssertEqual(canvas.renderArtwork().color(atX: 250, y: 200), .red, "the blue layer went; the red one shows")
        key("n")
        key("f")
        XCTAssertEqual(content.layers.count, 1, "flattened")
        // Every one of them is one Ctrl+Z.
        for _ in 0..<6 { board.undo() }
        XCTAssertEqual(content.layers.entries.map(\.id), [0, 1, 2], "flatten, add, delete, merge and both moves taken back")
        XCTAssertEqual(canvas.document.items.count, 4, "two strokes, the new layer, its copy")
    }

    /// Ctrl+Z after Delete Layer or Merge Down brings the layer back as the current one (Pinta,
    /// GIMP); Ctrl+Shift+Z of a new layer makes it current again.
    func testALayerBroughtBackByUndoIsTheCurrentOne() {
        stroke(.red, [(100, 100), (400, 300)])
        key("n")
        stroke(.blue, [(100, 300), (400, 100)])
        key("n")
        XCTAssertEqual(content.currentLayerID, 2)
        board.layerCommands.select(1)
        session.window.send(KeyEvent(.delete, modifiers: [.control, .shift]))
        XCTAssertEqual(content.currentLayerID, 0, "the one under it")
        board.undo()
        XCTAssertEqual(content.layers.entries.map(\.id), [0, 1, 2])
        XCTAssertEqual(content.currentLayerID, 1, "the deleted layer, back, is current")
        key("m", .control)
        XCTAssertEqual(content.currentLayerID, 0)
        board.undo()
        XCTAssertEqual(content.currentLayerID, 1, "the merged layer, back, is current")
        board.layerCommands.select(0)
        board.undo() // the second new layer
        board.redo()
        XCTAssertEqual(content.currentLayerID, 2, "made again: current")
        // And the journal keeps it: a crash comes back on the same layer.
        board.undo()
        board.undo()
        board.undo()
        board.redo()
        let current = content.currentLayerID
        crash()
        start()
        XCTAssertEqual(content.currentLayerID, current)
    }

    func testThePanelListsChoosesHidesMovesAndOpensProperties() throws {
        stroke(.red, [(100, 100), (400, 300)])
        key("n")
        stroke(.blue, [(100, 300), (400, 100)])
        session.window.send(KeyEvent(.function(7)))
        session.window.render()
        XCTAssertTrue(board.layersPanel.isShown)
        XCTAssertEqual(panel.list.rows.map(\.name), ["Layer 2", "Layer 1"], "top layer first")
        XCTAssertEqual(panel.list.currentID, 1)
        XCTAssertNotNil(panel.list.thumbnails[1], "a live thumbnail")
        XCTAssertGreaterThan(countPainted(panel.list.thumbnails[1]!.bitmap), 0, "the thumbnail shows the stroke")
        XCTAssertTrue(panel.frame.maxX <= board.view.bounds.width && panel.frame.minY >= canvas.frame.minY, "over the canvas's right edge")
        // A click chooses the layer painting goes to.
        driver.tap(rowCenter(of: 0))
        XCTAssertEqual(content.currentLayerID, 0)
        // The eye hides a layer (undoably).
        let eyeRow = panel.list.rowFrame(0)
        driver.tap(panel.list.convert(Point(x: eyeRow.maxX - 16, y: eyeRow.midY), to: nil))
        XCTAssertEqual(content.layers.entry(1)?.properties.isVisible, false)
        XCTAssertEqual(canvas.renderArtwork().color(atX: 150, y: 267), .white, "the blue stroke's layer is hidden")
        board.undo()
        XCTAssertEqual(content.layers.entry(1)?.properties.isVisible, true)
        // A drag moves a row: Layer 1 to the top (a while after the click: not a double click).
        driver.time += 1
        let red = canvas.renderArtwork().color(atX: 110, y: 107)
        driver.drag([rowCenter(of: 0), Point(x: rowCenter(of: 0).x, y: rowCenter(of: 0).y - 20), rowCenter(of: 1)])
        XCTAssertEqual(content.layers.entries.map(\.id), [1, 0])
        XCTAssertEqual(canvas.renderArtwork().color(atX: 250, y: 200), red, "red over blue now")
        // A double click opens the properties; the sliders preview, Cancel leaves it as it was.
        let before = canvas.renderArtwork()
        driver.time += 1
        driver.tap(rowCenter(of: 0))
        driver.tap(rowCenter(of: 0))
        let dialog = try XCTUnwrap(board.presentedViewController as? LayerPropertiesViewController)
        session.window.render()
        dialog.opacitySlider.value = 30
        dialog.opacitySlider.sendActions(for: .valueChanged)
        XCTAssertNotEqual(canvas.renderArtwork().color(atX: 250, y: 200), red, "previewed at 30%")
        XCTAssertEqual(content.layers.entry(0)?.properties.opacity, 1, "not in the document yet")
        session.window.send(KeyEvent(.escape))
        XCTAssertNil(board.presentedViewController)
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: before), "Cancel leaves the layer as it was")
        // OK makes the changes one item.
        board.layersPanel.openProperties(of: 0)
        let again = try XCTUnwrap(board.presentedViewController as? LayerPropertiesViewController)
        again.modePopUp.selectedIndex = LayerBlendMode.allCases.firstIndex(of: .multiply)!
        again.modePopUp.sendActions(for: .valueChanged)
        again.nameField.text = "Ink"
        again.finish()
        XCTAssertEqual(content.layers.entry(0)?.properties.mode, .multiply)
        XCTAssertEqual(content.layers.entry(0)?.properties.name, "Ink")
        XCTAssertEqual(panel.list.rows.first?.detail, "Multiply")
        let items = canvas.document.items.count
        board.undo()
        XCTAssertEqual(canvas.document.items.count, items - 1, "one undoable change")
    }

    func testALockedLayerRefusesEveryToolAndSaysWhy() {
        key("n")
        content.append(.layer(.properties(id: 1, LayerProperties(name: "Layer 2", isLocked: true))))
        let items = canvas.document.items.count
        stroke(.red, [(100, 100), (400, 300)])
        XCTAssertEqual(canvas.document.items.count, items, "no stroke")
        XCTAssertTrue(board.statusLabel.text.contains("locked"), board.statusLabel.text)
        board.selectTool(at: DrawingBoardViewController.tools.firstIndex { $0 is FillBrush }!)
        driver.tap(w(300, 300))
        XCTAssertEqual(canvas.document.items.count, items, "no fill")
        XCTAssertEqual(canvas.renderArtwork().color(atX: 250, y: 200), .white)
        // The gradient and the airbrush neither paint nor show a preview on it.
        for tool in ["g", "y"] as [Character] {
            key(tool, [])
            XCTAssertTrue(canvas.brush is GradientBrush || canvas.brush is SprayBrush, "\(tool) takes up the tool")
            session.window.send([TouchInput(identifier: 3, phase: .began, location: w(100, 100), timestamp: 60)])
            session.window.send([TouchInput(identifier: 3, phase: .moved, location: w(400, 300), timestamp: 60.1)])
            XCTAssertEqual(canvas.renderArtwork().color(atX: 250, y: 200), .white, "\(tool): nothing shows")
            session.window.send([TouchInput(identifier: 3, phase: .ended, location: w(400, 300), timestamp: 60.2)])
            XCTAssertEqual(canvas.document.items.count, items, "\(tool): nothing kept")
        }
    }

    func testAStrokeOnALayerComesBackOnItAfterACrash() {
        stroke(.red, [(100, 100), (400, 300)])
        key("n")
        content.append(.layer(.properties(id: 1, LayerProperties(name: "Screen", opacity: 0.5, mode: .screen))))
        stroke(.blue, [(100, 300), (400, 100)])
        key("n")
        board.layerCommands.select(1)
        // A stroke still being drawn on layer 1 when the app dies.
        board.setColor(.green)
        session.window.send([TouchInput(identifier: 7, phase: .began, location: w(120, 200), timestamp: 50)])
        session.window.send([TouchInput(identifier: 7, phase: .moved, location: w(300, 200), timestamp: 50.1)])
        session.clock.advance(by: RecoveryRecorder.progressInterval + 0.1)
        session.window.application.tick()
        let layers = content.layers
        crash()
        start()
        XCTAssertEqual(content.layers, layers, "order, names, modes, opacity")
        XCTAssertEqual(content.currentLayerID, 1, "painting goes on where it was")
        XCTAssertEqual(content.drawing.stack.pixels(of: 1)!.color(atX: 200, y: 200), .green, "the unfinished stroke is on the layer it was drawn on")
        XCTAssertEqual(content.drawing.stack.pixels(of: 0)!.color(atX: 200, y: 200).green, 0, "not on the first layer")
    }

    func testAnOpenRasterFileOpensWithItsLayersAndSavesThemBack() throws {
        let path = temp.path + "/layers.ora"
        let half = Bitmap(width: 50, height: 40)
        half.fill(PixelRect(x0: 0, y0: 0, x1: 25, y1: 40), with: Color.blue.premultipliedPixel)
        let stack = LayerStack(width: 50, height: 40, layers: [LayerStack.Layer(name: "ground", pixels: Bitmap(width: 50, height: 40, color: .green)),
                                                               LayerStack.Layer(name: "half", pixels: half, opacity: 0.5, mode: .multiply)])
        try OpenRaster.encode(stack).write(to: URL(fileURLWithPath: path))
        board.openDocument(path: path)
        board.finishOpening()
        XCTAssertEqual(board.documentController.binding.path, path, "bound to the file: Ctrl+S writes its layers back")
        XCTAssertEqual(content.layers.entries.map(\.properties.name), ["ground", "half"])
        XCTAssertEqual(content.layers.entries[1].properties.mode, .multiply)
        XCTAssertTrue(board.statusLabel.text.contains("2 layers"), board.statusLabel.text)
        // No background layer in the file: its layers lie over nothing, as Krita shows them.
        XCTAssertTrue(canvas.canvasBackground.isTransparent)
        XCTAssertEqual(maximumDifference(canvas.renderArtwork(), stack.flattened(background: 0)), 0)
        XCTAssertFalse(board.undoButton.isEnabled, "the file is where the history starts")
        stroke(.red, [(10, 10), (30, 10)], width: 4)
        XCTAssertNotNil(board.saveAndWait())
        let back = try OpenRaster.read(Data(contentsOf: URL(fileURLWithPath: path)), name: "layers.ora")
        XCTAssertEqual(back.layers.map(\.name), ["ground", "half"], "the layers as they were, no background added under them")
        XCTAssertEqual(back.layers[1].mode, .multiply)
        XCTAssertEqual(back.layers[1].opacity, 0.5, accuracy: 0.01)
        // Saved as PNG: flattened, and the message says so; the drawing keeps its layers.
        board.saveAs(SaveAsTarget(path: temp.path + "/flat.png")!)
        board.finishSaves()
        XCTAssertTrue(board.statusLabel.text.contains("flattened"), board.statusLabel.text)
        XCTAssertEqual(content.layers.count, 2)
    }

    func testADamagedOpenRasterFileSaysWhyAndLeavesTheDrawingAlone() throws {
        stroke(.red, [(100, 100), (400, 300)])
        let saved = board.saveAndWait() // nothing unsaved: opening asks nothing first
        let before = canvas.document
        for (name, bytes) in [("fake.ora", Data("not a zip at all".utf8)), ("empty.ora", Data())] {
            let path = temp.path + "/" + name
            try bytes.write(to: URL(fileURLWithPath: path))
            board.openDocument(path: path)
            board.finishOpening()
            XCTAssertTrue(board.statusLabel.text.contains("Cannot open"), board.statusLabel.text)
            XCTAssertEqual(canvas.document, before, "\(name): the drawing as it was")
            XCTAssertEqual(board.documentController.binding.path, saved, "still its own file")
        }
    }

    func testTheBucketReadsThePictureOrTheLayerAlone() {
        // A wall on the first layer from top to bottom; the fills go on a new layer.
        stroke(.black, [(300, 1), (300, 455)], width: 12)
        key("n")
        board.selectTool(at: DrawingBoardViewController.tools.firstIndex { $0 is FillBrush }!)
        board.setColor(.blue)
        driver.tap(w(100, 200))
        let layer = content.drawing.stack.pixels(of: 1)!
        XCTAssertEqual(layer.color(atX: 100, y: 200), .blue)
        XCTAssertEqual(layer.color(atX: 500, y: 200).alpha, 0, "the picture's wall stopped it")
        board.undo()
        canvas.samplesCurrentLayer = true
        driver.tap(w(100, 200))
        XCTAssertEqual(content.drawing.stack.pixels(of: 1)!.color(atX: 500, y: 200), .blue, "the layer alone has no wall")
        XCTAssertEqual(content.drawing.stack.pixels(of: 1)!.color(atX: 300, y: 200), .blue, "under the wall too")
    }

    private func countPainted(_ bitmap: Bitmap) -> Int { (0..<(bitmap.width * bitmap.height)).filter { bitmap.pixels[$0] >> 24 != 0 }.count }

    private func maximumDifference(_ a: Bitmap, _ b: Bitmap) -> Int {
        guard a.width == b.width, a.height == b.height else { return 255 }
        var worst = 0
        for i in 0..<(a.width * a.height) {
            for shift in stride(from: 0, to: 32, by: 8) {
                worst = max(worst, abs(Int((a.pixels[i] >> UInt32(shift)) & 0xFF) - Int((b.pixels[i] >> UInt32(shift)) & 0xFF)))
            }
        }
        return worst
    }
}
