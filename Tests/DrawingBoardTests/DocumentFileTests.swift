import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// A picture opened as the document, at its own size, with the questions a desktop editor asks
/// before unsaved work would be replaced.
final class DocumentFileTests: XCTestCase {
    private var clock: ManualClock!
    private var window: Window!
    private var board: DrawingBoardViewController!
    private var store: MemoryArtworkStore!
    private var temp: TemporaryDirectory!

    override func setUp() {
        temp = TemporaryDirectory()
        store = MemoryArtworkStore()
        let session = BoardSession(store: store, pictures: temp.path)
        (clock, window, board) = (session.clock, session.window, session.board)
    }

    /// A 300x200 picture: a gradient, so every pixel differs, with a black square at (10, 10).
    private func writePicture(_ name: String = "picture.png") throws -> (String, Bitmap) {
        let bitmap = Bitmap(width: 300, height: 200)
        for y in 0..<200 { for x in 0..<300 { bitmap[x, y] = Color(r: x * 255 / 300, g: y * 255 / 200, b: 90).premultipliedPixel } }
        bitmap.fill(PixelRect(x0: 10, y0: 10, x1: 30, y1: 30), with: Color.black.premultipliedPixel)
        let path = temp.path + "/" + name
        try PNGCodec.encode(bitmap).write(to: URL(fileURLWithPath: path))
        return (path, bitmap)
    }

    private func open(_ path: String) {
        board.openDocument(path: path)
        board.finishOpening()
        window.render()
    }

    /// A drawing whose every change was undone is its file again: no star, nothing to ask at
    /// closing; Redo makes it changed again.
    func testUndoingEveryChangeIsSavedAgain() throws {
        let (path, _) = try writePicture("base.png")
        open(path)
        var driver = TouchDriver(window: window)
        let a = board.canvas.convert(board.canvas.viewport.viewPoint(Point(x: 50, y: 50)), to: nil)
        let b = board.canvas.convert(board.canvas.viewport.viewPoint(Point(x: 150, y: 90)), to: nil)
        driver.drag(TouchDriver.line(from: a, to: b, step: 10))
        board.layerCommands.addLayer()
        XCTAssertEqual(board.documentController.windowTitle, "*base.png - X11Paint")
        board.undo()
        board.undo()
        XCTAssertFalse(board.documentController.isModified)
        XCTAssertEqual(board.documentController.windowTitle, "base.png - X11Paint")
        var quit = false
        board.onQuit = { quit = true }
        board.requestClose()
        XCTAssertTrue(quit, "closed at once: nothing to ask")
        XCTAssertNil(board.presentedViewController)
        board.redo()
        XCTAssertTrue(board.documentController.isModified)
    }

    /// A TIFF of two pages opens at its first and says the other is not opened.
    func testATIFFOfTwoPagesOpensAtItsFirstAndSaysSo() throws {
        var pages: [String] = []
        for (index, value) in [200, 60].enumerated() {
            var ppm = Data("P6\n30 20\n255\n".utf8)
            for _ in 0..<(30 * 20) { ppm += Data([UInt8(value), 40, 90]) }
            let source = temp.path + "/page\(index).ppm", page = temp.path + "/page\(index).tif"
            try ppm.write(to: URL(fileURLWithPath: source))
            XCTAssertEqual(try ExternalCommand.run("/usr/bin/ppm2tiff", [source, page]).status, 0)
            pages.append(page)
        }
        let both = temp.path + "/scan.tif"
        XCTAssertEqual(try ExternalCommand.run("/usr/bin/tiffcp", pages + [both]).status, 0)
        open(both)
        XCTAssertEqual(board.canvas.document.format?.pixelWidth, 30)
        XCTAssertEqual(board.canvas.renderArtwork().color(atX: 5, y: 5), Color(r: 200, g: 40, b: 90), "the first page")
        XCTAssertTrue(board.statusLabel.text.contains("2 pages"), board.statusLabel.text)
    }

    /// An SVG opened as the drawing asks at what size to draw it (its own offered);
    /// drawn at twice that, it is sharp at twice the pixels; Cancel opens nothing.
    func testAnSVGAsksAtWhatSizeToDrawIt() throws {
        let path = temp.path + "/badge.svg"
        try Data("""
        <svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"><rect x="0" y="0" width="60" height="80" fill="#ff0000"/>\
        <rect x="60" y="0" width="60" height="80" fill="#0000ff"/></svg>
        """.utf8).write(to: URL(fileURLWithPath: path))
        let widthBefore = board.canvas.document.format?.pixelWidth
        board.openDocument(path: path)
        let dialog = try XCTUnwrap(board.presentedViewController as? SVGSizeViewController, "asked first")
        XCTAssertEqual([dialog.form.widthField.text, dialog.form.heightField.text], ["120", "80"], "its own size offered")
        dialog.form.percentField.text = "200"
        dialog.form.percentField.sendActions(for: .valueChanged)
        XCTAssertEqual(dialog.form.heightField.text, "160", "the shape kept")
        dialog.finish()
        board.finishOpening()
        window.render()
        XCTAssertNil(board.presentedViewController)
        XCTAssertEqual([board.canvas.document.format?.pixelWidth, board.canvas.document.format?.pixelHeight], [240, 160])
        let artwork = board.canvas.renderArtwork()
        XCTAssertEqual(artwork.color(atX: 119, y: 80), Color(r: 255, g: 0, b: 0), "drawn at the size, not scaled up: the edge is sharp")
        XCTAssertEqual(artwork.color(atX: 120, y: 80), Color(r: 0, g: 0, b: 255))
        XCTAssertTrue(board.statusLabel.text.contains("240x160"), board.statusLabel.text)
        // Cancel: nothing opens.
        board.openDocument(path: path)
        let again = try XCTUnwrap(board.presentedViewController as? SVGSizeViewController)
        again.onCancel?()
        board.finishOpening()
        XCTAssertNil(board.presentedViewController)
        XCTAssertEqual(board.canvas.document.format?.pixelWidth, 240, "the drawing stays")
        XCTAssertNotEqual(widthBefore, 240)
    }

    func testAPNGOpensAsTheDocumentAtItsOwnSizeWithEveryPixel() throws {
        let (path, original) = try writePicture()
        open(path)
        XCTAssertEqual(board.canvas.document.format?.pixelWidth, 300)
        XCTAssertEqual(board.canvas.document.format?.pixelHeight, 200)
        XCTAssertTrue(board.canvas.renderArtwork().isEqual(to: original), "pixel for pixel")
        XCTAssertEqual(board.canvas.zoom, 1, "100%, since it fits")
        XCTAssertEqual(window.title, "picture.png - X11Paint")
        XCTAssertTrue(board.statusLabel.text.contains("Opened picture.png (300x200)"), board.statusLabel.text)
        // Its history starts at the file: nothing to undo yet.
        XCTAssertFalse(board.undoButton.isEnabled)
        board.undo()
        XCTAssertTrue(board.canvas.renderArtwork().isEqual(to: original))
        // The eraser erases the picture's own pixels (to the white background).
        board.selectTool(at: DrawingBoardViewController.eraserIndex)
        board.setStrokeWidth(10)
        let from = board.canvas.convert(board.canvas.viewport.viewPoint(Point(x: 100, y: 100)), to: nil)
        let to = board.canvas.convert(board.canvas.viewport.viewPoint(Point(x: 200, y: 100)), to: nil)
        var driver = TouchDriver(window: window)
        driver.drag(TouchDriver.line(from: from, to: to))
        XCTAssertEqual(board.canvas.renderArtwork().color(atX: 150, y: 100), .white)
        XCTAssertEqual(window.title, "*picture.png - X11Paint", "unsaved changes are marked")
        // Save writes that same file (the erasure is in it now), Pictures gains nothing, and
        // the mark goes.
        XCTAssertEqual(board.saveAndWait(), path)
        XCTAssertTrue(store.saved.isEmpty, "no new file")
        let written = try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertEqual(written.width, 300)
        XCTAssertEqual(written.color(atX: 150, y: 100), .white)
        XCTAssertEqual(window.title, "picture.png - X11Paint")
        // Nothing changed since: Ctrl+S writes nothing, and says so.
        let fingerprint = FileFingerprint.of(path)
        board.save()
        board.finishSaves()
        XCTAssertEqual(FileFingerprint.of(path), fingerprint, "the file was not written again")
        XCTAssertTrue(board.statusLabel.text.contains("Nothing to save"), board.statusLabel.text)
        board.undo()
        XCTAssertTrue(board.canvas.renderArtwork().isEqual(to: original), "undo back to the file, not past it")
    }

    /// Another program (or another window) changed the file since it was opened: Save asks
    /// before writing over it, and Overwrite writes.
    func testSavingOverAFileChangedOnDiskAsksFirst() throws {
        let (path, _) = try writePicture()
        open(path)
        board.clear()
        // The file is replaced behind the app's back (another size, another inode).
        try PNGCodec.encode(Bitmap(width: 10, height: 10, color: .green)).write(to: URL(fileURLWithPath: path + ".new"))
        XCTAssertEqual(rename(path + ".new", path), 0)
        board.save()
        board.finishSaves()
        let alert = try XCTUnwrap(board.presentedAlert, "a question, not a silent overwrite")
        XCTAssertEqual(alert.title, "picture.png changed on disk")
        XCTAssertEqual(try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: path))).width, 10, "nothing written yet")
        alert.answer(tr("Overwrite"))
        board.finishSaves()
        XCTAssertEqual(try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: path))).width, 300, "the drawing, once asked")
        XCTAssertFalse(board.isModified)
    }

    /// An untitled drawing's first Save makes a new file in Pictures; from then on the document
    /// is that file, and later Saves replace it instead of adding files.
    func testAnUntitledDrawingBecomesTheFileItsFirstSaveMade() throws {
        let (boardWindow, disk) = (window!, temp.path + "/Pictures")
        let session = BoardSession(store: PicturesArtworkStore(environment: ["HOME": temp.path, "XDG_CONFIG_HOME": temp.path + "/none"]),
                                   pictures: disk)
        var driver = TouchDriver(window: session.window)
        driver.drag(TouchDriver.line(from: Point(x: 100, y: 200), to: Point(x: 300, y: 200)))
        let first = try XCTUnwrap(session.board.saveAndWait())
        XCTAssertEqual(session.window.title, (first as NSString).lastPathComponent + " - X11Paint")
        driver.drag(TouchDriver.line(from: Point(x: 100, y: 300), to: Point(x: 300, y: 300)))
        XCTAssertEqual(session.board.saveAndWait(), first, "the same file")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: disk).filter { $0.hasSuffix(".png") }.count, 1)
        _ = boardWindow
    }

    /// Export (Ctrl+Shift+E) writes a copy; the document stays the file it is, as edited as it was.
    func testExportWritesACopyAndTheDocumentStaysItsFile() throws {
        let (path, _) = try writePicture()
        open(path)
        board.clear()
        window.send(KeyEvent(.character("e"), modifiers: [.control, .shift]))
        XCTAssertEqual((board.presentedViewController as? FileChooserViewController)?.mode, .save, "the Export question")
        board.dismiss(animated: false)
        let copy = temp.path + "/copy.png"
        board.export(to: try XCTUnwrap(SaveAsTarget(path: copy)))
        board.finishSaves()
        XCTAssertEqual(try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: copy))).color(atX: 20, y: 20), .white, "the cleared drawing")
        XCTAssertEqual(window.title, "*picture.png - X11Paint", "still that file, still unsaved")
        XCTAssertEqual(board.saveAndWait(), path, "Save still writes it")
        // Into Pictures, which is not there yet: made, as the first Save makes it.
        let pictures = temp.path + "/NewPictures"
        board.picturesFolder = pictures
        board.export(to: try XCTUnwrap(SaveAsTarget(path: pictures + "/copy.png")))
        board.finishSaves()
        XCTAssertTrue(FileManager.default.fileExists(atPath: pictures + "/copy.png"), board.statusLabel.text)
    }

    /// Revert (F5) goes back to the file as it is on disk, after asking.
    func testRevertGoesBackToTheFileAfterAsking() throws {
        let (path, original) = try writePicture()
        open(path)
        board.clear()
        window.send(KeyEvent(.function(5)))
        let alert = try XCTUnwrap(board.presentedAlert)
        XCTAssertEqual(alert.title, "Revert to the saved picture.png?")
        alert.answer(tr("Revert"))
        board.finishOpening()
        XCTAssertTrue(board.canvas.renderArtwork().isEqual(to: original), "the file's pixels")
        XCTAssertFalse(board.isModified)
        XCTAssertEqual(window.title, "picture.png - X11Paint")
        // Untitled: nothing to revert to, and it says so.
        board.newDocument(width: 100, height: 100)
        board.revert()
        XCTAssertNil(board.presentedAlert)
        XCTAssertTrue(board.statusLabel.text.contains("Nothing to revert to"), board.statusLabel.text)
        _ = path
    }

    /// Saving into JPEG says once per document that JPEG loses detail.
    func testAJPEGSaveSaysOnceThatItLosesDetail() throws {
        let path = temp.path + "/photo.jpg"
        try JPEGCodec.encode(Bitmap(width: 80, height: 60, color: .white), quality: 90).write(to: URL(fileURLWithPath: path))
        open(path)
        board.clear()
        board.canvas.commit(.clear)
        XCTAssertEqual(board.saveAndWait(), path)
        XCTAssertTrue(board.statusLabel.text.contains("JPEG loses a little detail"), board.statusLabel.text)
        board.canvas.commit(.background(.color(.blue)))
        XCTAssertEqual(board.saveAndWait(), path)
        XCTAssertFalse(board.statusLabel.text.contains("JPEG"), "said once: \(board.statusLabel.text)")
    }

    /// Overwriting a JPEG again and again, through Save As's Replace or after another program
    /// changed it, still says only once that JPEG loses detail.
    func testTheJPEGNoteIsSaidOnceWhicheverWayTheFileIsOverwritten() throws {
        let path = temp.path + "/photo.jpg"
        try JPEGCodec.encode(Bitmap(width: 80, height: 60, color: .white), quality: 90).write(to: URL(fileURLWithPath: path))
        open(path)
        var said = 0
        for round in 0..<4 {
            board.canvas.commit(.background(.color(Color(r: 10 * round, g: 90, b: 200))))
            switch round % 2 {
            case 0:
                board.saveAs(try XCTUnwrap(SaveAsTarget(path: path)))
                try XCTUnwrap(board.presentedAlert, "asks before replacing").answer(tr("Replace"))
            default:
                // Another program touched the file: Save asks, and Overwrite replaces it.
                try JPEGCodec.encode(Bitmap(width: 80, height: 60, color: .black), quality: 90).write(to: URL(fileURLWithPath: path))
                board.save()
                try XCTUnwrap(board.presentedAlert, "changed on disk").answer(tr("Overwrite"))
            }
            board.finishSaves()
            XCTAssertTrue(board.statusLabel.text.contains("Saved to"), board.statusLabel.text)
            if board.statusLabel.text.contains("JPEG loses a little detail") { said += 1 }
        }
        XCTAssertEqual(said, 1, "once for the document")
    }

    /// The file replaced by a folder: the save says why, and nothing is lost.
    func testAFileReplacedByAFolderGivesAMessageAndKeepsTheDrawing() throws {
        let (path, _) = try writePicture()
        open(path)
        board.clear()
        let drawn = board.canvas.renderArtwork()
        XCTAssertEqual(unlink(path), 0)
        XCTAssertEqual(mkdir(path, 0o700), 0)
        XCTAssertNil(board.saveAndWait())
        XCTAssertTrue(board.statusLabel.text.contains("Ctrl+Shift+S"), board.statusLabel.text)
        XCTAssertTrue(board.isModified)
        XCTAssertTrue(board.canvas.renderArtwork().isEqual(to: drawn))
    }

    /// A photo being placed is in the exported copy, as it is in a saved file: the copy holds
    /// what the user sees.
    func testExportAddsAPhotoBeingPlacedFirstAsSaveDoes() throws {
        let (path, _) = try writePicture()
        open(path)
        board.placePhoto(Photo(asset: ImageAsset(bitmap: Bitmap(width: 300, height: 200, color: .green), name: "green")))
        let copy = temp.path + "/with-photo.png"
        board.export(to: try XCTUnwrap(SaveAsTarget(path: copy)))
        board.finishSaves()
        XCTAssertNil(board.photoPlacement, "baked")
        let exported = try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: copy)))
        XCTAssertEqual(exported.color(atX: 150, y: 100), Color.green.roundedTo8Bit, "the photo is in the copy")
        XCTAssertTrue(board.canvas.renderArtwork().isEqual(to: exported), "the copy is what the canvas shows")
    }

    func testAJPEGOpensUprightByItsEXIFOrientation() throws {
        let stored = Bitmap(width: 40, height: 80, color: .blue)
        stored.fill(PixelRect(x0: 0, y0: 0, x1: 40, y1: 40), with: Color.red.premultipliedPixel)
        let path = temp.path + "/turned.jpg"
        try JPEGCodec.encode(stored, orientation: 6).write(to: URL(fileURLWithPath: path))
        open(path)
        XCTAssertEqual(board.canvas.document.format?.pixelWidth, 80, "turned: 80 wide")
        XCTAssertEqual(board.canvas.document.format?.pixelHeight, 40)
        let art = board.canvas.renderArtwork()
        XCTAssertGreaterThan(art.color(atX: 70, y: 20).red, 0.8, "the top of the stored picture is on the right")
        XCTAssertGreaterThan(art.color(atX: 10, y: 20).blue, 0.8)
    }

    func testOpeningOverUnsavedWorkAsksFirst() throws {
        let (path, original) = try writePicture()
        BoardSession(window: window, board: board).drag(y: 100)
        board.openDocument(path: path)
        let alert = try XCTUnwrap(board.presentedAlert, "asked: Save / Don't save / Cancel")
        XCTAssertEqual(alert.actions.map(\.title), ["Save", "Don't save", "Cancel"])
        alert.answer("Cancel")
        board.finishOpening()
        XCTAssertNil(board.presentedAlert)
        XCTAssertEqual(board.canvas.document.items.count, 1, "Cancel keeps the drawing")
        XCTAssertEqual(board.canvas.document.format?.pixelWidth, 800)
        // Save: the drawing is saved, then the picture opens.
        board.openDocument(path: path)
        try XCTUnwrap(board.presentedAlert).answer("Save")
        // The picture is opened once the save has worked (not before: it might fail).
        board.finishSaves()
        board.finishOpening()
        XCTAssertEqual(store.saved.count, 1)
        XCTAssertEqual(store.saved.last?.width, 800, "the drawing as it was")
        XCTAssertTrue(board.canvas.renderArtwork().isEqual(to: original))
        // Nothing unsaved now: no question.
        open(path)
        XCTAssertNil(board.presentedAlert)
    }

    /// A "Save" answer whose save fails keeps the drawing and cancels the open.
    func testAFailedSaveBeforeOpeningKeepsTheDrawingAndOpensNothing() throws {
        let (path, _) = try writePicture()
        let state = temp.path + "/state"
        board.restore(fromStateFolder: state)
        board.finishRestoring()
        BoardSession(window: window, board: board).drag(y: 100)
        let drawing = board.canvas.renderArtwork()
        store.failure = "Could not save: Read-only file system"
        board.openDocument(path: path)
        try XCTUnwrap(board.presentedAlert).answer("Save")
        board.finishSaves()
        board.finishOpening()
        XCTAssertTrue(board.statusLabel.text.contains("Read-only file system"), board.statusLabel.text)
        XCTAssertEqual(board.canvas.document.items.count, 1, "the drawing stays")
        XCTAssertEqual(board.canvas.document.format?.pixelWidth, 800, "the picture did not replace it")
        XCTAssertTrue(board.canvas.renderArtwork().isEqual(to: drawing))
        XCTAssertTrue(board.isModified, "still unsaved")
        // And the journal still holds the drawing, not the picture.
        board.flushJournal()
        XCTAssertEqual(DocumentJournal.recover(folder: state).document.items.count, 1)
        XCTAssertEqual(DocumentJournal.recover(folder: state).document.format?.pixelWidth, 800)
        // When the save works, the picture opens.
        store.failure = nil
        board.openDocument(path: path)
        try XCTUnwrap(board.presentedAlert).answer("Save")
        board.finishSaves()
        board.finishOpening()
        XCTAssertEqual(board.canvas.document.format?.pixelWidth, 300)
    }

    func testADroppedFileAsksWhetherToOpenOrPlaceIt() throws {
        let (path, _) = try writePicture()
        board.openDroppedFiles([path])
        try XCTUnwrap(board.presentedAlert).answer("Place as photo")
        board.finishOpening()
        XCTAssertNotNil(board.photoPlacement)
        XCTAssertEqual(board.canvas.document.format?.pixelWidth, 800, "placed over the drawing")
        board.cancelPhoto()
        board.openDroppedFiles([path])
        try XCTUnwrap(board.presentedAlert).answer("Open")
        board.finishOpening()
        XCTAssertEqual(board.canvas.document.format?.pixelWidth, 300)
    }

    func testAnOpenedDocumentComesBackAfterACrashAtItsSizeWithItsHistory() throws {
        let (path, _) = try writePicture()
        let state = temp.path + "/state"
        board.restore(fromStateFolder: state)
        board.finishRestoring()
        open(path)
        board.setStrokeWidth(8)
        BoardSession(window: window, board: board).drag(y: 50)
        let expected = board.canvas.renderArtwork()
        board.flushJournal()
        board.journal?.close()
        let other = BoardSession(pictures: temp.path, stateFolder: state)
        XCTAssertEqual(other.board.canvas.document.format, board.canvas.document.format)
        XCTAssertTrue(other.board.canvas.renderArtwork().isEqual(to: expected))
        other.board.undo()
        other.board.undo()
        XCTAssertEqual(other.board.canvas.document.items.count, 1, "the history still starts at the file")
    }
}

/// New (Ctrl+N): a white document of a chosen size, asking first about unsaved work.
final class NewDocumentTests: XCTestCase {
    func testNewMakesAWhiteDocumentOfTheChosenSizeAfterAsking() throws {
        let clock = ManualClock()
        let window = Window(size: Size(width: 800, height: 600), application: Application(clock: clock))
        let store = MemoryArtworkStore()
        let board = DrawingBoardViewController(store: store, picturesFolder: TemporaryDirectory().path)
        board.screenPixelSize = (1600, 1000)
        window.rootViewController = board
        window.render()
        BoardSession(window: window, board: board).drag(y: 100)
        XCTAssertTrue(window.send(KeyEvent(.character("n"), modifiers: .control)))
        let chooser = try XCTUnwrap(board.presentedViewController as? NewDocumentViewController)
        XCTAssertEqual(chooser.presets.map(\.name), ["Screen", "Full HD", "4K", "A4, 150 dpi"])
        XCTAssertEqual(chooser.widthField.text, "1600", "the screen's size first")
        chooser.choose(chooser.presets[3])
        XCTAssertEqual(chooser.heightField.text, "1754")
        chooser.widthField.text = "0"
        chooser.create()
        XCTAssertTrue(chooser.messageLabel.text.contains("The width 0 is not from 1 to 16384"), "a bad size says what is wrong: \(chooser.messageLabel.text)")
        XCTAssertTrue(board.presentedViewController === chooser)
        chooser.widthField.text = "1240"
        chooser.create()
        // Unsaved work: asked first.
        let alert = try XCTUnwrap(board.presentedAlert)
        alert.answer("Don't save")
        XCTAssertEqual(board.canvas.document.format, DocumentFormat(pixelWidth: 1240, pixelHeight: 1754))
        XCTAssertTrue(board.canvas.document.isEmpty)
        XCTAssertLessThan(board.canvas.zoom, 1, "the whole page in view")
        board.saveAndWait()
        XCTAssertEqual(store.saved.last?.width, 1240)
        XCTAssertEqual(store.saved.last?.height, 1754)
        XCTAssertEqual(store.saved.last?.color(atX: 600, y: 900), .white)
    }

    func testEscapeWhileTypingASizeClosesTheNewDialog() throws {
        let window = Window(size: Size(width: 800, height: 600), application: Application(clock: ManualClock()))
        let board = DrawingBoardViewController(store: MemoryArtworkStore(), picturesFolder: TemporaryDirectory().path)
        window.rootViewController = board
        window.render()
        let before = board.canvas.document.format
        XCTAssertTrue(window.send(KeyEvent(.character("n"), modifiers: .control)))
        let chooser = try XCTUnwrap(board.presentedViewController as? NewDocumentViewController)
        chooser.widthField.beginEditing()
        chooser.widthField.text = "300"
        XCTAssertTrue(chooser.widthField.isEditing)
        XCTAssertTrue(window.send(KeyEvent(.escape)))
        XCTAssertNil(board.presentedViewController, "one Escape ends the typing and the dialog")
        XCTAssertEqual(board.canvas.document.format, before, "nothing created")
    }
}

/// Save As (Ctrl+Shift+S): a named file, PNG or JPEG, replaced only when the user says so.
final class SaveAsTests: XCTestCase {
    func testSaveAsWritesTheNamedFileAndAsksBeforeReplacingOne() throws {
        let temp = TemporaryDirectory()
        let clock = ManualClock()
        let window = Window(size: Size(width: 800, height: 600), application: Application(clock: clock))
        let board = DrawingBoardViewController(store: MemoryArtworkStore(), picturesFolder: temp.path)
        window.rootViewController = board
        window.render()
        BoardSession(window: window, board: board).drag(y: 100)
        XCTAssertTrue(window.send(KeyEvent(.character("s"), modifiers: [.control, .shift])))
        let chooser = try XCTUnwrap(board.presentedViewController as? FileChooserViewController)
        XCTAssertEqual(chooser.folder, temp.path)
        XCTAssertEqual(chooser.locationField.text, "Drawing.png")
        chooser.locationField.text = temp.path + "/sketch.gif"
        chooser.submit()
        XCTAssertTrue(chooser.messageLabel.text.contains(".png, .jpg, .jpeg, .webp, .tif, .tiff, .bmp, .ora"), chooser.messageLabel.text)
        XCTAssertTrue(board.presentedViewController === chooser, "the chooser stays up to say so")
        chooser.locationField.text = "sketch.png"
        chooser.submit()
        board.finishSaves()
        let png = try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: temp.path + "/sketch.png")))
        XCTAssertTrue(png.isEqual(to: board.canvas.renderArtwork()), "the whole drawing, losslessly")
        XCTAssertEqual(window.title, "sketch.png - X11Paint", "the document takes the name")
        var info = stat()
        XCTAssertEqual(stat(temp.path + "/sketch.png", &info), 0)
        XCTAssertNotEqual(info.st_mode & 0o044, 0, "readable like any picture, not private to the app")
        // The same name again: asked, and Cancel leaves the file alone.
        BoardSession(window: window, board: board).drag(y: 300)
        board.saveAs(try XCTUnwrap(SaveAsTarget(path: temp.path + "/sketch.png")))
        let alert = try XCTUnwrap(board.presentedAlert)
        XCTAssertEqual(alert.actions.map(\.title), ["Replace", "Cancel"])
        alert.answer("Cancel")
        board.finishSaves()
        XCTAssertTrue(try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: temp.path + "/sketch.png"))).isEqual(to: png))
        board.saveAs(try XCTUnwrap(SaveAsTarget(path: temp.path + "/sketch.png")))
        try XCTUnwrap(board.presentedAlert).answer("Replace")
        board.finishSaves()
        XCTAssertFalse(try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: temp.path + "/sketch.png"))).isEqual(to: png), "replaced")
        // JPEG by the name's ending, at the quality asked.
        board.saveAs(try XCTUnwrap(SaveAsTarget(path: temp.path + "/sketch.jpg", jpegQuality: 80)))
        board.finishSaves()
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: temp.path + "/sketch.jpg"))
        XCTAssertEqual(Array(jpeg.prefix(2)), [0xFF, 0xD8], "a JPEG")
        XCTAssertEqual(try PhotoDecoder.decode(jpeg, name: "sketch.jpg").asset.image.width, 800)
        // A folder that is not there is a message, and nothing is lost.
        board.saveAs(try XCTUnwrap(SaveAsTarget(path: temp.path + "/missing/sketch.png")))
        board.finishSaves()
        XCTAssertTrue(board.statusLabel.text.contains("does not exist"), board.statusLabel.text)
        XCTAssertEqual(board.canvas.document.items.count, 2)
    }
}
