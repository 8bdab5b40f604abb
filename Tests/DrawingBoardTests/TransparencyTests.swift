import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// A drawing can have no background: a picture with transparency opens and saves with it, New
/// and the Background panel offer Transparent, the canvas shows a checkerboard there, and the
/// formats without alpha say so and put the picture over white.
final class TransparencyTests: XCTestCase {
    private var clock: ManualClock!
    private var window: Window!
    private var board: DrawingBoardViewController!
    private var temp: TemporaryDirectory!
    private var driver: TouchDriver!
    private var store: MemoryArtworkStore!

    override func setUp() {
        temp = TemporaryDirectory()
        store = MemoryArtworkStore()
        let session = BoardSession(store: store, pictures: temp.path)
        (clock, window, board) = (session.clock, session.window, session.board)
        driver = TouchDriver(window: window)
    }

    /// A 40x30 icon: a transparent field, a half-transparent red square, an opaque blue one and
    /// a row of every alpha from 0 to 255 in green.
    private func icon() -> Bitmap {
        let bitmap = Bitmap(width: 40, height: 30)
        bitmap.fill(PixelRect(x0: 2, y0: 2, x1: 12, y1: 12), with: Color(r: 255, g: 0, b: 0, a: 128).premultipliedPixel)
        bitmap.fill(PixelRect(x0: 20, y0: 2, x1: 30, y1: 12), with: Color(r: 0, g: 0, b: 255).premultipliedPixel)
        for x in 0..<40 { bitmap[x, 20] = Color(r: 0, g: 200, b: 0, a: x * 255 / 39).premultipliedPixel }
        return bitmap
    }

    private func openIcon(named name: String = "icon.png") throws -> String {
        let path = temp.path + "/" + name
        try PNGCodec.encode(icon()).write(to: URL(fileURLWithPath: path))
        board.openDocument(path: path)
        board.finishOpening()
        window.render()
        return path
    }

    /// Straight RGBA of a premultiplied pixel, as a file holds it.
    private func rgba(_ pixel: UInt32) -> [Int] {
        let c = Color(premultipliedPixel: pixel)
        return [c.red, c.green, c.blue, c.alpha].map { Int(($0 * 255).rounded()) }
    }

    private func assertSamePicture(_ saved: Bitmap, _ expected: Bitmap, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual([saved.width, saved.height], [expected.width, expected.height], what, file: file, line: line)
        for y in 0..<expected.height {
            for x in 0..<expected.width {
                let a = rgba(saved[x, y]), b = rgba(expected[x, y])
                XCTAssertEqual(a[3], b[3], "\(what): alpha at \(x),\(y)", file: file, line: line)
                // Stored premultiplied, a translucent pixel's colour comes back within a level.
                if b[3] > 0, zip(a, b).contains(where: { abs($0 - $1) > 1 }) {
                    return XCTFail("\(what): \(a) at \(x),\(y), expected \(b)", file: file, line: line)
                }
            }
        }
    }

    func testAnIconWithTransparencyOpensOverNoBackgroundAndSavesWithItsAlpha() throws {
        let path = try openIcon()
        XCTAssertTrue(board.canvas.canvasBackground.isTransparent, "opened over no background, not white")
        XCTAssertEqual(board.canvas.renderArtwork()[0, 0] >> 24, 0, "a transparent pixel stays transparent")
        XCTAssertFalse(board.documentController.isModified, "opening is not a change")
        XCTAssertFalse(board.undoButton.isEnabled, "the history starts at the file")
        // One pixel changed with the pencil, then Ctrl+S over the file.
        board.canvas.strokeColor = Color(r: 0, g: 0, b: 0)
        board.canvas.strokeWidth = 1
        let point = board.canvas.viewport.viewPoint(Point(x: 35.5, y: 27.5))
        driver.drag([board.canvas.convert(point, to: nil), board.canvas.convert(Point(x: point.x + 0.1, y: point.y), to: nil)])
        XCTAssertTrue(board.documentController.isModified)
        XCTAssertEqual(board.saveAndWait(), path)
        let saved = try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: path)))
        let expected = icon()
        expected.copy(PixelRect(x0: 30, y0: 22, x1: 40, y1: 30), from: saved, toX: 0, y: 0)
        assertSamePicture(saved, expected, "the saved PNG")
        XCTAssertGreaterThan(saved[35, 27] >> 24, 0, "the pencil's pixel is in it")
        XCTAssertTrue(board.statusLabel.text.hasPrefix("Saved to"), board.statusLabel.text)
        XCTAssertFalse(board.statusLabel.text.contains("transparency"), "PNG keeps it: nothing to say")
    }

    func testWebPTIFFAndOpenRasterKeepTheAlphaAndOpenItAgain() throws {
        _ = try openIcon()
        for name in ["icon.webp", "icon.tif", "icon.ora"] {
            let path = temp.path + "/" + name
            board.saveAs(try XCTUnwrap(SaveAsTarget(path: path)))
            board.finishSaves()
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let saved: Bitmap
            switch name {
            case "icon.webp": saved = try WebPCodec.decode(data).bitmap
            case "icon.tif": saved = try TIFFCodec.decode(data).bitmap
            default:
                let stack = try OpenRaster.read(data, name: name, maximumPixels: 1 << 20)
                XCTAssertEqual(stack.layers.count, 1, "no opaque Background layer under the picture")
                saved = stack.flattened(background: 0)
            }
            assertSamePicture(saved, icon(), name)
            // Opened again, it is the same transparent drawing.
            board.openDocument(path: path)
            board.finishOpening()
            XCTAssertTrue(board.canvas.canvasBackground.isTransparent, "\(name) opens over no background")
            assertSamePicture(board.canvas.renderArtwork(), icon(), "\(name) opened again")
        }
    }

    func testJPEGAndBMPSaySoAndPutThePictureOverWhite() throws {
        _ = try openIcon()
        for name in ["icon.bmp", "icon.jpg"] {
            let path = temp.path + "/" + name
            board.saveAs(try XCTUnwrap(SaveAsTarget(path: path, jpegQuality: 100)))
            board.finishSaves()
            XCTAssertTrue(board.statusLabel.text.contains("keeps no transparency"), board.statusLabel.text)
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let saved = name.hasSuffix("bmp") ? try BMPCodec.decode(data) : try JPEGCodec.decode(data).bitmap
            let white = Color(premultipliedPixel: saved[35, 25])
            XCTAssertEqual([white.red, white.green, white.blue].map { Int(($0 * 255).rounded()) }, [255, 255, 255],
                           "\(name): the transparent field is white, not black")
            let pink = rgba(saved[7, 7])
            XCTAssertEqual(pink[0], 255, "\(name): half-transparent red over white is pink")
            XCTAssertLessThan(abs(pink[1] - 127), 6, "\(name): \(pink)")
            XCTAssertLessThan(abs(pink[2] - 127), 6, "\(name): \(pink)")
        }
        XCTAssertTrue(board.canvas.canvasBackground.isTransparent, "the drawing keeps its transparency")
    }

    func testTheCanvasShowsACheckerboardWhereTheDrawingIsTransparent() throws {
        _ = try openIcon()
        board.canvas.setZoom(1)
        window.render()
        func screen(_ x: Double, _ y: Double) -> Color {
            let p = board.canvas.convert(board.canvas.viewport.viewPoint(Point(x: x, y: y)), to: nil)
            return window.backbuffer.color(atX: Int(p.x), y: Int(p.y))
        }
        // The transparent field: light squares and darker ones, never black.
        var shades = Set<Int>()
        for x in stride(from: 0.5, to: 40, by: 1) { shades.insert(Int((screen(x, 27.5).red * 255).rounded())) }
        XCTAssertEqual(shades, [204, 255], "two greys of squares: \(shades)")
        XCTAssertEqual(screen(25, 7), Color(r: 0, g: 0, b: 255), "an opaque pixel shows as it is")
        let over = screen(7, 7)
        XCTAssertEqual(over.red, 1, accuracy: 0.01, "half-transparent red over the squares")
        XCTAssertGreaterThan(over.green, 0.35)
        // A white background shows no squares.
        board.canvas.previewBackground(.color(.white))
        board.canvas.settleBackgroundPreview()
        window.render()
        XCTAssertEqual(screen(30, 27), .white)
    }

    func testNewOffersWhiteTheSecondaryColourOrTransparent() throws {
        board.canvas.secondaryColor = Color(r: 250, g: 240, b: 200)
        for (choice, expected) in [(2, Background.transparent), (1, .color(Color(r: 250, g: 240, b: 200))), (0, .color(.white))] {
            board.chooseNewDocument()
            let dialog = try XCTUnwrap(board.presentedViewController as? NewDocumentViewController)
            dialog.widthField.text = "64"
            dialog.heightField.text = "48"
            dialog.backgroundPicker.selectedSegmentIndex = choice
            dialog.create()
            window.render()
            XCTAssertEqual(board.canvas.canvasBackground, expected)
            XCTAssertEqual(board.canvas.document.format?.pixelWidth, 64)
            XCTAssertFalse(board.undoButton.isEnabled, "the background is where the history starts")
            XCTAssertFalse(board.documentController.isModified)
        }
    }

    func testATransparentNewDrawingErasesToTransparencyAndSavesIt() throws {
        board.newDocument(width: 200, height: 100, background: .transparent)
        window.render()
        board.canvas.strokeColor = Color(r: 0, g: 0, b: 0)
        board.canvas.strokeWidth = 20
        let a = board.canvas.convert(board.canvas.viewport.viewPoint(Point(x: 20, y: 50)), to: nil)
        let b = board.canvas.convert(board.canvas.viewport.viewPoint(Point(x: 180, y: 50)), to: nil)
        driver.drag(TouchDriver.line(from: a, to: b, step: 10))
        XCTAssertEqual(board.canvas.renderArtwork()[100, 50], 0xFF00_0000, "the pencil drew first")
        board.selectTool(at: DrawingBoardViewController.eraserIndex)
        let top = board.canvas.convert(board.canvas.viewport.viewPoint(Point(x: 100, y: 20)), to: nil)
        let bottom = board.canvas.convert(board.canvas.viewport.viewPoint(Point(x: 100, y: 80)), to: nil)
        driver.drag(TouchDriver.line(from: top, to: bottom, step: 5))
        XCTAssertEqual(board.canvas.renderArtwork()[100, 50] >> 24, 0, "the eraser leaves transparency, not white")
        XCTAssertNotNil(board.saveAndWait())
        // The first save of a new drawing is a PNG in Pictures: what it encodes keeps the alpha.
        let saved = try PNGCodec.decode(PNGCodec.encode(try XCTUnwrap(store.saved.last)))
        XCTAssertEqual(saved[100, 50] >> 24, 0)
        XCTAssertEqual(saved[5, 5] >> 24, 0, "nothing drawn there: transparent")
        XCTAssertEqual(saved[40, 50], 0xFF00_0000)
    }

    func testTheBackgroundPanelOffersTransparentAsOneUndoableChange() throws {
        board.showBackgroundSettings()
        clock.advance(by: 0.3)
        window.application.tick()
        window.render()
        driver.tap(board.backgroundSettings.transparentButton)
        XCTAssertTrue(board.backgroundSettings.messageLabel.text.contains("transparent"), board.backgroundSettings.messageLabel.text)
        XCTAssertEqual(board.canvas.renderArtwork()[10, 10] >> 24, 0, "previewed at once")
        driver.tap(board.backgroundPanel.doneButton)
        clock.advance(by: 0.3)
        window.application.tick()
        XCTAssertEqual(board.canvas.document.items.last, .background(.transparent))
        board.undo()
        XCTAssertEqual(board.canvas.canvasBackground, .color(.white), "Ctrl+Z brings the white back")
    }

    func testTurningAndCroppingATransparentDrawingKeepItTransparent() throws {
        _ = try openIcon()
        board.imageCommands.turn(.halfTurn)
        XCTAssertTrue(board.canvas.canvasBackground.isTransparent, "turned")
        assertSamePicture(board.canvas.renderArtwork(), icon().reoriented(3), "turned half a turn")
        board.selectAll()
        board.cropToSelection()
        XCTAssertTrue(board.canvas.canvasBackground.isTransparent, "cropped")
    }

    func testTheCommandLineExportKeepsTheAlpha() throws {
        let input = temp.path + "/in.png"
        try PNGCodec.encode(icon()).write(to: URL(fileURLWithPath: input))
        let previous = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(temp.path)
        defer { FileManager.default.changeCurrentDirectoryPath(previous) }
        // A bare name, as README writes it: the current folder.
        try DocumentExport.export("in.png", to: "out.png")
        assertSamePicture(try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: temp.path + "/out.png"))), icon(), "--export")
        try DocumentExport.export("in.png", to: "out.tif")
        assertSamePicture(try TIFFCodec.decode(Data(contentsOf: URL(fileURLWithPath: temp.path + "/out.tif"))).bitmap, icon(), "--export tif")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/out.png"))
    }
}
