import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// Resize Image, Canvas Size, the dialogs of the adjustments and effects: each the
/// same after undo and redo and after a crash, and sizes outside the limits refused with them.
final class ImageSizeAndEffectsTests: RestartingBoardTestCase {
    private var content: DocumentContent { canvas.content }

    private func key(_ character: Character, _ modifiers: KeyEvent.Modifiers) {
        session.window.send(KeyEvent(.character(character), modifiers: modifiers))
    }

    private func paint() {
        board.setColor(.red)
        board.setStrokeWidth(24)
        driver.drag([w(50, 60), w(300, 60)])
        key("n", [.control, .shift])
        board.setColor(.blue)
        driver.drag([w(100, 20), w(100, 200)])
    }

    func testResizeImageFromItsDialogResamplesEveryLayerAndComesBackAfterACrash() throws {
        paint()
        let before = canvas.renderArtwork()
        let blueBefore = content.drawing.stack.pixels(of: 1)!.cropped(to: content.drawing.stack.pixels(of: 1)!.bounds)
        key("r", .control)
        let dialog = try XCTUnwrap(board.presentedViewController as? ResizeImageViewController)
        session.window.render()
        dialog.form.percentField.text = "50"
        dialog.form.percentField.sendActions(for: .valueChanged)
        XCTAssertEqual(dialog.form.widthField.text, "\(Int((Double(before.width) / 2).rounded()))")
        XCTAssertEqual(dialog.filter, .lanczos3, "shrinking: the sharp filter")
        dialog.finish()
        board.besideWork.waitUntilDone()
        let resized = canvas.renderArtwork()
        XCTAssertEqual(resized.width, Int((Double(before.width) / 2).rounded()))
        XCTAssertEqual(content.layers.count, 2, "both layers kept")
        let layer = content.drawing.stack.pixels(of: 1)!
        XCTAssertTrue(layer.isEqual(to: Resampler.resample(blueBefore, width: layer.width, height: layer.height, filter: .lanczos3)), "each layer resampled")
        XCTAssertGreaterThan(resized.color(atX: 50, y: 50).blue, 0.8, "the blue stroke, halved: at x 100 → 50")
        XCTAssertTrue(board.statusLabel.text.contains("Resized"), board.statusLabel.text)
        crash()
        start()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: resized), "the resized drawing after a crash")
        board.undo()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: before), "Ctrl+Z: the drawing as it was")
    }

    func testSizesOutsideTheLimitsAreRefusedWithTheLimitsSaid() throws {
        paint()
        let before = canvas.renderArtwork(), items = canvas.document.items.count
        for (width, height) in [(0, 100), (100_000, 100), (16_000, 16_000)] {
            board.imageCommands.resize(toWidth: width, height: height, filter: .bicubic)
            XCTAssertTrue(board.statusLabel.text.contains("16384") && board.statusLabel.text.contains("megapixels"), board.statusLabel.text)
            board.imageCommands.resizeCanvas(toWidth: width, height: height, anchor: (1, 1))
            XCTAssertTrue(board.statusLabel.text.contains("16384"), board.statusLabel.text)
        }
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: before))
        XCTAssertEqual(canvas.document.items.count, items)
        key("r", [.control, .shift])
        let dialog = try XCTUnwrap(board.presentedViewController as? CanvasSizeViewController)
        dialog.form.widthField.text = "100000"
        dialog.form.widthField.sendActions(for: .valueChanged)
        XCTAssertFalse(dialog.okButton.isEnabled, "the dialog will not take it")
        XCTAssertTrue(dialog.form.messageLabel.text.contains("16384"), dialog.form.messageLabel.text)
    }

    func testCanvasSizeKeepsThePixelsAtTheAnchorAndTheBackgroundFillsTheNewArea() {
        canvas.commit(.background(.color(Color(r: 250, g: 240, b: 200))))
        paint()
        let before = canvas.renderArtwork()
        let layerBefore = content.drawing.stack.pixels(of: 1)!.cropped(to: content.drawing.stack.pixels(of: 1)!.bounds)
        board.imageCommands.resizeCanvas(toWidth: before.width + 100, height: before.height + 60, anchor: (2, 2))
        let grown = canvas.renderArtwork()
        XCTAssertEqual([grown.width, grown.height], [before.width + 100, before.height + 60])
        XCTAssertTrue(grown.cropped(to: PixelRect(x0: 100, y0: 60, x1: grown.width, y1: grown.height)).isEqual(to: before), "the drawing at the bottom right")
        XCTAssertEqual(grown.color(atX: 10, y: 10), Color(r: 250, g: 240, b: 200), "the background in the new area")
        let layer = content.drawing.stack.pixels(of: 1)!
        XCTAssertEqual(layer[10, 10], 0, "a layer's new area is transparent")
        XCTAssertTrue(layer.cropped(to: PixelRect(x0: 100, y0: 60, x1: layer.width, y1: layer.height)).isEqual(to: layerBefore))
        crash()
        start()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: grown), "the grown canvas after a crash")
        board.imageCommands.resizeCanvas(toWidth: 120, height: 80, anchor: (0, 0))
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: grown.cropped(to: PixelRect(x0: 0, y0: 0, x1: 120, y1: 80))), "shrunk: cut at the top left")
        board.undo()
        board.undo()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: before))
    }

    func testAnEffectFromItsDialogIsOneItemThatReplaysToTheSameBytes() throws {
        paint()
        let before = canvas.renderArtwork(), items = canvas.document.items.count
        board.adjustmentCommands.choose(.gaussianBlur)
        let dialog = try XCTUnwrap(board.presentedViewController as? SliderAdjustmentViewController)
        session.window.render()
        dialog.set(6.3, at: 0)
        XCTAssertEqual(dialog.adjustment, .effect(.gaussianBlur(radius: 6.5)), "the radius in halves")
        let previewed = canvas.renderArtwork()
        XCTAssertFalse(previewed.isEqual(to: before))
        XCTAssertEqual(canvas.document.items.count, items, "a preview is not in the document")
        dialog.previewBox.isOn = false
        dialog.previewBox.sendActions(for: .valueChanged)
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: before), "Preview off: before")
        dialog.previewBox.isOn = true
        dialog.previewBox.sendActions(for: .valueChanged)
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: previewed), "Preview on: after")
        dialog.finish()
        XCTAssertTrue(board.presentedViewController is ProgressViewController, "applied beside the UI thread, the window modal meanwhile")
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: previewed), "the canvas goes on showing the effect meanwhile")
        XCTAssertEqual(canvas.document.items.count, items)
        board.besideWork.waitUntilDone()
        XCTAssertNil(board.presentedViewController)
        XCTAssertEqual(canvas.document.items.count, items + 1)
        let blurred = canvas.renderArtwork()
        XCTAssertTrue(blurred.isEqual(to: previewed), "OK gives what the preview showed")
        XCTAssertTrue(board.statusLabel.text.contains("Gaussian Blur"), board.statusLabel.text)
        crash()
        start()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: blurred), "replayed from the journal to the same bytes")
        board.undo()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: before))
        board.redo()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: blurred), "redo: the same bytes")
    }

    func testCurvesFromTheirDialogChangeTheChosenChannel() throws {
        board.setColor(Color(r: 100, g: 100, b: 100))
        board.setStrokeWidth(30)
        driver.drag([w(50, 60), w(300, 60)])
        key("m", [.control, .shift])
        let dialog = try XCTUnwrap(board.presentedViewController as? CurvesViewController)
        session.window.render()
        dialog.channelPicker.selectedSegmentIndex = 1
        dialog.channelPicker.sendActions(for: .valueChanged)
        dialog.editor.points = [.init(0, 0), .init(100, 200), .init(255, 255)]
        dialog.editor.onChange?(dialog.editor.points)
        dialog.finish()
        let color = content.drawing.stack.pixels(of: 0)!.color(atX: 150, y: 60)
        XCTAssertEqual(color.red * 255, 200, accuracy: 0.5, "red through its curve")
        XCTAssertEqual(color.green * 255, 100, accuracy: 0.5, "green left alone")
        XCTAssertTrue(board.statusLabel.text.contains("Curves"), board.statusLabel.text)
    }

    func testLevelsFromTheirDialogSetOneChannelOrAll() throws {
        board.setColor(Color(r: 100, g: 100, b: 100))
        board.setStrokeWidth(30)
        driver.drag([w(50, 60), w(300, 60)])
        key("l", .control)
        let dialog = try XCTUnwrap(board.presentedViewController as? LevelsViewController)
        session.window.render()
        dialog.channelPicker.selectedSegmentIndex = 1
        dialog.channelPicker.sendActions(for: .valueChanged)
        dialog.sliders[0].value = 100
        dialog.sliderChanged(0)
        XCTAssertEqual(canvas.renderArtwork().color(atX: 150, y: 60).red, 0, accuracy: 0.002, "previewed: red at its black point")
        dialog.channelPicker.selectedSegmentIndex = 0
        dialog.channelPicker.sendActions(for: .valueChanged)
        dialog.sliders[2].value = 2
        dialog.sliderChanged(2)
        dialog.finish()
        let color = content.drawing.stack.pixels(of: 0)!.color(atX: 150, y: 60)
        XCTAssertEqual(color.red, 0, accuracy: 0.002, "red: input black 100")
        // Gamma 2 on every channel: 255 × (100/255)^(1/2) = 159.7.
        XCTAssertEqual(color.green * 255, 160, accuracy: 0.6, "green: gamma 2 only")
        XCTAssertTrue(board.statusLabel.text.contains("Levelled"), board.statusLabel.text)
        board.undo()
        XCTAssertEqual(content.drawing.stack.pixels(of: 0)!.color(atX: 150, y: 60).red * 255, 100, accuracy: 0.6)
    }

    func testRotatingByAnyAngleGrowsTheCanvasToHoldTheDrawing() throws {
        paint()
        let before = canvas.renderArtwork()
        XCTAssertTrue(Bitmap.rotatedSize(width: before.width, height: before.height, degrees: 90, grow: true) == (before.height, before.width))
        board.imageCommands.chooseRotation()
        let dialog = try XCTUnwrap(board.presentedViewController as? RotateImageViewController)
        session.window.render()
        dialog.setAngle(30)
        let shown = try XCTUnwrap(dialog.preview.image)
        let grown = Bitmap.rotatedSize(width: dialog.thumbnail.width, height: dialog.thumbnail.height, degrees: 30, grow: true)
        XCTAssertTrue((shown.width, shown.height) == grown, "the preview is the drawing turned, grown")
        dialog.finish()
        board.besideWork.waitUntilDone()
        let turned = canvas.renderArtwork()
        let expected = Bitmap.rotatedSize(width: before.width, height: before.height, degrees: 30, grow: true)
        XCTAssertEqual([turned.width, turned.height], [expected.width, expected.height])
        XCTAssertEqual(content.layers.count, 2, "both layers turned")
        let centre = turned.color(atX: turned.width / 2, y: turned.height / 2), was = before.color(atX: before.width / 2, y: before.height / 2)
        XCTAssertEqual(centre.red, was.red, accuracy: 0.02, "the centre stays the centre")
        XCTAssertEqual(content.drawing.stack.pixels(of: 1)![0, 0], 0, "a layer's new corner is transparent")
        XCTAssertEqual(turned.color(atX: 1, y: 1), canvas.drawing.background, "the background shows there")
        crash()
        start()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: turned), "the turned drawing after a crash")
        board.undo()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: before))
        board.imageCommands.rotate(byDegrees: 45, grow: false)
        board.besideWork.waitUntilDone()
        XCTAssertEqual([canvas.renderArtwork().width, canvas.renderArtwork().height], [before.width, before.height], "kept: the corners cut")
    }

    func testStoppingAnEffectMidwayLeavesNothing() throws {
        paint()
        let before = canvas.renderArtwork(), items = canvas.document.items.count
        board.adjustmentCommands.adjust(.effect(.motionBlur(angle: 10, distance: 200)), named: "Motion Blur")
        let progress = try XCTUnwrap(board.presentedViewController as? ProgressViewController)
        XCTAssertFalse(progress.isShown, "nothing to see for the first tenth of a second")
        session.window.send(KeyEvent(.escape))
        board.besideWork.waitUntilDone()
        XCTAssertNil(board.presentedViewController)
        XCTAssertEqual(canvas.document.items.count, items, "no item")
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: before), "the layer as it was, the preview gone")
        XCTAssertTrue(board.statusLabel.text.contains("Stopped"), board.statusLabel.text)
    }

    func testAnEffectWorkedInBandsIsTheEffectWorkedWhole() {
        paint()
        let layer = content.drawing.stack.pixels(of: 1)!
        for effect: ImageEffect in [.gaussianBlur(radius: 9), .motionBlur(angle: 33, distance: 40), .unsharpMask(amount: 150, radius: 4, threshold: 3)] {
            let whole = layer.cropped(to: layer.bounds)
            effect.apply(to: whole, in: whole.bounds)
            let banded = AdjustmentJob(.effect(effect), source: layer.cropped(to: layer.bounds), area: layer.bounds, selected: nil).run { _ in }
            XCTAssertTrue(try XCTUnwrap(banded).isEqual(to: whole), "\(effect): band by band, the same bytes")
        }
    }

    func testAdjustingAnEmptyLayerChangesNothingAndSaysSo() {
        key("n", [.control, .shift])
        let before = canvas.renderArtwork()
        let items = canvas.document.items.count
        board.adjustmentCommands.adjust(.effect(.gaussianBlur(radius: 10)), named: "Gaussian Blur")
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: before))
        XCTAssertEqual(canvas.document.items.count, items, "no item for nothing")
        XCTAssertTrue(board.statusLabel.text.contains("Nothing to change"), board.statusLabel.text)
    }
}
