import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// Canvas Size, Crop to Selection (a rectangle) and Auto Crop are one document item each, of
/// their parameters: the layers are moved and cut or grown where the item is replayed, never
/// stored again; the drawing's history goes on through them (Ctrl+Z takes one back like a
/// stroke), and they come back after a crash as they were.
final class CanvasChangeTests: RestartingBoardTestCase {
    func stroke(_ color: Color, _ points: [(Double, Double)], width: Double = 18) {
        board.setColor(color)
        board.setStrokeWidth(width)
        driver.drag(points.map { w($0.0, $0.1) })
    }

    private func drawSomething() {
        stroke(.red, [(60, 60), (300, 120), (520, 380)])
        stroke(.blue, [(740, 40), (420, 300), (100, 420)], width: 10)
    }

    private func pictureFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: state + "/pictures")) ?? []).filter { $0.hasSuffix(".img") }.sorted()
    }

    private var lastChange: CanvasChange? {
        if case .canvasSize(let change)? = canvas.document.items.last { return change }
        return nil
    }

    func testACanvasShrunkAboutItsCentreKeepsTheMiddle() throws {
        drawSomething()
        let before = canvas.renderArtwork()
        let (width, height) = (before.width - 200, before.height - 100)
        board.imageCommands.resizeCanvas(toWidth: width, height: height, anchor: (1, 1))
        let after = canvas.renderArtwork()
        XCTAssertEqual([after.width, after.height], [width, height])
        XCTAssertTrue(after.isEqual(to: before.cropped(to: PixelRect(x0: 100, y0: 50, x1: 100 + width, y1: 50 + height))),
                      "the middle of the drawing, where it was: nothing moved but the edges cut")
        XCTAssertEqual(lastChange, CanvasChange(oldWidth: before.width, oldHeight: before.height, width: width, height: height, dx: -100, dy: -50))
        XCTAssertFalse(board.documentController.canUndoCrop, "no whole drawing kept to take back")
        XCTAssertEqual(pictureFiles(), [], "nothing stored as a picture")
        board.undo()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: before), "Ctrl+Z: the whole drawing again")
        board.redo()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: after), "and Ctrl+Shift+Z the cut one")
    }

    /// Over a background picture (which the item does not cut) the drawing is made anew, kept
    /// as a crop is; shrunk about its centre it keeps the middle too.
    func testOverABackgroundPictureACanvasShrunkAboutItsCentreKeepsTheMiddle() throws {
        let picture = Bitmap(width: 64, height: 48)
        for y in 0..<48 { for x in 0..<64 { picture[x, y] = 0xFF00_0000 | UInt32(x * 4) << 16 | UInt32(y * 5) << 8 | 0x40 } }
        canvas.previewBackground(.image(ImageAsset(bitmap: picture, name: "ground")))
        canvas.settleBackgroundPreview()
        drawSomething()
        let layer = canvas.content.drawing.stack.layers[0].pixels.cropped(to: canvas.content.drawing.stack.layers[0].pixels.bounds)
        board.imageCommands.resizeCanvas(toWidth: layer.width - 200, height: layer.height - 100, anchor: (1, 1))
        let after = canvas.content.drawing.stack.layers[0].pixels
        XCTAssertEqual([after.width, after.height], [layer.width - 200, layer.height - 100])
        var strokePixelsMoved = 0, strokePixels = 0
        for y in 0..<after.height {
            for x in 0..<after.width where layer[x + 100, y + 50] >> 24 != 0 {
                strokePixels += 1
                if after[x, y] == layer[x + 100, y + 50] { strokePixelsMoved += 1 }
            }
        }
        XCTAssertGreaterThan(strokePixels, 1000)
        XCTAssertEqual(strokePixelsMoved, strokePixels, "every stroke pixel of the middle where it was")
    }

    func testACanvasGrownFromItsBottomRightShowsTheBackgroundInTheNewPart() throws {
        canvas.previewBackground(.color(Color(r: 250, g: 240, b: 200)))
        canvas.settleBackgroundPreview()
        drawSomething()
        let before = canvas.renderArtwork()
        board.imageCommands.resizeCanvas(toWidth: before.width + 120, height: before.height + 60, anchor: (2, 2))
        let after = canvas.renderArtwork()
        XCTAssertTrue(after.cropped(to: PixelRect(x0: 120, y0: 60, x1: after.width, y1: after.height)).isEqual(to: before),
                      "the drawing moved to the bottom right, unchanged")
        XCTAssertEqual(after.color(atX: 10, y: 10), Color(r: 250, g: 240, b: 200), "the new part shows the background")
        XCTAssertEqual(canvas.content.drawing.stack.layers[0].pixels[10, 10] >> 24, 0, "the layer itself is transparent there")
    }

    func testCropsAndCanvasSizesComeBackAfterACrashAndTheHistoryGoesOnThroughThem() throws {
        drawSomething()
        let whole = canvas.renderArtwork()
        let format = try XCTUnwrap(canvas.document.format)
        canvas.setSelection(Rect(x: 40, y: 30, width: 500, height: 380))
        board.selectionCommands.cropToSelection()
        XCTAssertEqual(lastChange?.purpose, .crop)
        let cropped = canvas.renderArtwork()
        XCTAssertTrue(cropped.isEqual(to: whole.cropped(to: PixelRect(x0: 40, y0: 30, x1: 540, y1: 410))))
        // A stroke after the crop is in the cropped drawing's places.
        stroke(.black, [(20, 20), (200, 200)], width: 6)
        board.imageCommands.resizeCanvas(toWidth: 560, height: 400, anchor: (0, 0))
        let expected = canvas.renderArtwork()
        let items = canvas.document.items
        crash()
        start()
        XCTAssertEqual(canvas.document.items, items, "the same history, the crop and the canvas size in it")
        XCTAssertEqual(canvas.document.format?.pixelWidth, 560)
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: expected), "pixel for pixel")
        XCTAssertEqual(pictureFiles(), [], "nothing stored as a picture")
        board.undo() // the canvas size
        board.undo() // the stroke
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: cropped), "back through them one at a time")
        board.undo() // the crop
        XCTAssertEqual(canvas.document.format, format)
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: whole))
        XCTAssertTrue(board.statusLabel.text.contains("crop"), board.statusLabel.text)
        board.undo()
        XCTAssertEqual(canvas.document.items.count, 1, "and on back into the drawing's own history")
    }

    func testAnAutoCropIsOneItemSaidAsAnAutoCrop() throws {
        canvas.previewBackground(.color(Color(r: 200, g: 220, b: 250)))
        canvas.settleBackgroundPreview()
        stroke(.red, [(200, 150), (400, 300)])
        let before = canvas.renderArtwork()
        let area = try XCTUnwrap(ImageCommands.contentBounds(of: before))
        board.imageCommands.autoCrop()
        XCTAssertEqual(lastChange?.purpose, .autoCrop)
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: before.cropped(to: area)))
        board.undo()
        XCTAssertTrue(board.statusLabel.text.contains("auto crop"), board.statusLabel.text)
    }

    /// A journal record with sizes no tool makes is damage, not a canvas of a billion pixels.
    func testImpossibleSizesAreNotPlausible() {
        XCTAssertFalse(Document.Item.canvasSize(CanvasChange(oldWidth: 800, oldHeight: 600, width: 1_000_000_000, height: 2, dx: 0, dy: 0)).isPlausible)
        XCTAssertFalse(Document.Item.canvasSize(CanvasChange(oldWidth: 0, oldHeight: 600, width: 10, height: 10, dx: 0, dy: 0)).isPlausible)
        XCTAssertTrue(Document.Item.canvasSize(CanvasChange(oldWidth: 800, oldHeight: 600, width: 10, height: 10, dx: -5, dy: 7)).isPlausible)
    }

    /// A document's size before its items is read back through every canvas change and
    /// quarter turn among them (the journal writes it before the items; a replay starts there).
    func testTheSizeBeforeTheItemsIsReadBackThroughThem() {
        var document = Document(items: [], format: DocumentFormat(pixelWidth: 800, pixelHeight: 600))
        document.append(.canvasSize(CanvasChange(oldWidth: 800, oldHeight: 600, width: 300, height: 200, dx: -10, dy: -20)))
        document.append(.turnImage(.clockwise))
        document.append(.canvasSize(CanvasChange(oldWidth: 200, oldHeight: 300, width: 250, height: 310, dx: 0, dy: 0)))
        XCTAssertEqual(document.format?.pixelWidth, 250)
        XCTAssertEqual(document.format?.pixelHeight, 310)
        XCTAssertEqual(document.initialFormat, DocumentFormat(pixelWidth: 800, pixelHeight: 600))
        document.removeLast()
        XCTAssertEqual([document.format?.pixelWidth, document.format?.pixelHeight], [200, 300])
    }
}

/// Resize Image is one document item of its size and filter: its layers are worked beside
/// the UI thread and put in place, and replaying the item (after a crash, a redo) makes the
/// same pixels from the layers as they were.
final class ImageResizeItemTests: RestartingBoardTestCase {
    func stroke(_ color: Color, _ points: [(Double, Double)], width: Double = 18) {
        board.setColor(color)
        board.setStrokeWidth(width)
        driver.drag(points.map { w($0.0, $0.1) })
    }

    func testAResizeIsOneItemAndItsReplayMakesTheSamePixels() throws {
        stroke(.red, [(60, 60), (300, 120), (520, 380)])
        board.layerCommands.addLayer()
        stroke(Color(r: 20, g: 90, b: 200, a: 180), [(740, 40), (420, 300), (100, 420)], width: 10)
        let before = canvas.renderArtwork()
        let layerBefore = canvas.content.drawing.stack.layers[1].pixels.cropped(to: canvas.content.drawing.stack.layers[1].pixels.bounds)
        board.imageCommands.resize(toWidth: 300, height: 200, filter: .lanczos3)
        board.besideWork.waitUntilDone()
        guard case .resizeImage(let resize)? = canvas.document.items.last else { return XCTFail("one item") }
        XCTAssertEqual([resize.oldWidth, resize.oldHeight, resize.width, resize.height], [before.width, before.height, 300, 200])
        XCTAssertEqual(resize.filter, .lanczos3)
        let resized = canvas.renderArtwork()
        XCTAssertEqual([resized.width, resized.height], [300, 200])
        XCTAssertTrue(canvas.content.drawing.stack.layers[1].pixels.isEqual(to: Resampler.resample(layerBefore, width: 300, height: 200, filter: .lanczos3)),
                      "each layer resampled as the item says")
        XCTAssertFalse(board.documentController.canUndoCrop, "no whole drawing kept to take back")
        // Replayed from the document: the same bytes as the layers made beside the UI thread.
        let replay = DrawingLayer(width: before.width, height: before.height, scale: canvas.layerScale)
        replay.rebuild(from: canvas.document)
        XCTAssertTrue(replay.renderArtwork().isEqual(to: resized), "the item replayed makes the same pixels")
        board.undo()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: before), "Ctrl+Z: the drawing at its size")
        board.redo()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: resized), "redo resamples it again, the same")
        stroke(.black, [(10, 10), (250, 150)], width: 4)
        let drawnAfter = canvas.renderArtwork()
        crash()
        start()
        XCTAssertEqual(canvas.document.format?.pixelWidth, 300)
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: drawnAfter), "after a crash, pixel for pixel")
    }
}

extension ImageResizeItemTests {
    func testARotationByAnyAngleIsOneItemAndItsReplayMakesTheSamePixels() throws {
        stroke(.red, [(60, 60), (300, 120), (520, 380)])
        board.layerCommands.addLayer()
        stroke(.blue, [(740, 40), (420, 300), (100, 420)], width: 10)
        let before = canvas.renderArtwork()
        board.imageCommands.rotate(byDegrees: 30, grow: true)
        board.besideWork.waitUntilDone()
        guard case .rotateImage(let rotation)? = canvas.document.items.last else { return XCTFail("one item") }
        XCTAssertEqual(rotation, ImageRotation(degrees: 30, grow: true, oldWidth: before.width, oldHeight: before.height))
        let turned = canvas.renderArtwork()
        XCTAssertEqual([turned.width, turned.height], [rotation.size.width, rotation.size.height])
        XCTAssertGreaterThan(turned.width, before.width, "grown to hold the corners")
        XCTAssertEqual(turned.color(atX: 1, y: 1), .white, "a new corner shows the background")
        let replay = DrawingLayer(width: before.width, height: before.height, scale: canvas.layerScale)
        replay.rebuild(from: canvas.document)
        XCTAssertTrue(replay.renderArtwork().isEqual(to: turned), "the item replayed makes the same pixels")
        crash()
        start()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: turned), "after a crash, pixel for pixel")
        board.undo()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: before), "Ctrl+Z: the drawing upright")
    }
}
