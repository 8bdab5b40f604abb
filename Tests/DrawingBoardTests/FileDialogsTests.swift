import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// Open, Place a Photo, Save As, Export and the background's Choose… ask the desktop's file
/// dialog when the platform has one, and the app's own chooser when it does not answer.
final class FileDialogsTests: XCTestCase {
    /// A desktop dialog the test answers by hand.
    private final class FakeDesktopChooser: FileChooser {
        var requests: [FileChooserRequest] = []
        var answers: [(FileChooserAnswer) -> Void] = []
        func choose(_ request: FileChooserRequest, answer: @escaping (FileChooserAnswer) -> Void) {
            requests.append(request)
            answers.append(answer)
        }
    }

    private let temp = TemporaryDirectory()
    private let desktop = FakeDesktopChooser()

    private func session() -> BoardSession {
        let session = BoardSession(pictures: temp.path)
        session.board.fileDialogs.desktop = desktop
        return session
    }

    private func picture(_ name: String, _ color: Color, width: Int = 40) throws -> String {
        let path = temp.path + "/" + name
        try PNGCodec.encode(Bitmap(width: width, height: 30, color: color)).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testOpenTakesTheFileTheDesktopDialogChose() throws {
        let session = session()
        let path = try picture("field.png", .green, width: 64)
        session.board.chooseDocument()
        XCTAssertNil(session.board.presentedViewController, "the desktop's dialog, not the app's picker")
        let request = try XCTUnwrap(desktop.requests.first)
        XCTAssertEqual(request.kind, .open)
        XCTAssertEqual(request.filters.first?.name, "Pictures")
        XCTAssertTrue(request.filters.first?.patterns.contains("*.png") ?? false)
        session.board.chooseDocument()
        XCTAssertEqual(desktop.requests.count, 1, "one question at a time")
        desktop.answers[0](.chosen(path: path, filter: nil))
        session.board.finishOpening()
        XCTAssertEqual(session.board.documentName, "field.png")
        XCTAssertEqual(session.board.canvas.document.format?.pixelWidth, 64)
    }

    func testCancellingDoesNothingAndNoAnswerShowsTheAppsOwnPicker() throws {
        let session = session()
        session.board.choosePhoto()
        desktop.answers[0](.cancelled)
        XCTAssertNil(session.board.presentedViewController)
        XCTAssertNil(session.board.photoPlacement)
        session.board.choosePhoto()
        desktop.answers[1](.unavailable("no portal"))
        XCTAssertTrue(session.board.presentedViewController is PhotoPickerViewController, "the app's own picker instead")
    }

    func testAnAnswerTheAppCannotUseIsSaid() throws {
        let session = session()
        session.board.chooseDocument()
        desktop.answers[0](.unusable("The chosen file is not on this computer"))
        XCTAssertEqual(session.board.statusLabel.text, "The chosen file is not on this computer")
        XCTAssertNil(session.board.presentedViewController)
    }

    func testSaveAsOffersTheNameAndTheFilterNamesAFileWithoutAnEnding() throws {
        let session = session()
        session.drag(y: 100)
        session.board.chooseSaveAs()
        let request = try XCTUnwrap(desktop.requests.first)
        XCTAssertEqual(request.kind, .save)
        XCTAssertEqual(request.currentName, "Drawing.png")
        XCTAssertEqual(request.currentFolder, temp.path)
        XCTAssertEqual(request.filters.map(\.name), ["PNG image", "JPEG image", "WebP image", "TIFF image", "BMP image", "OpenRaster image"])
        desktop.answers[0](.chosen(path: temp.path + "/sunset", filter: "JPEG image"))
        session.board.finishSaves()
        XCTAssertTrue(FileManager.default.fileExists(atPath: temp.path + "/sunset.jpg"), "JPEG chosen: .jpg added")
        XCTAssertEqual(session.board.documentName, "sunset.jpg")
        // The WebP filter: .webp added, and the file is a WebP.
        session.board.chooseSaveAs()
        desktop.answers[1](.chosen(path: temp.path + "/dusk", filter: "WebP image"))
        session.board.finishSaves()
        XCTAssertTrue(WebPCodec.isWebP(try Data(contentsOf: URL(fileURLWithPath: temp.path + "/dusk.webp"))), "WebP chosen: .webp added")
        // TIFF and BMP likewise.
        session.board.chooseSaveAs()
        desktop.answers[2](.chosen(path: temp.path + "/scan", filter: "TIFF image"))
        session.board.finishSaves()
        session.board.chooseSaveAs()
        desktop.answers[3](.chosen(path: temp.path + "/old", filter: "BMP image"))
        session.board.finishSaves()
        XCTAssertTrue(TIFFCodec.isTIFF(try Data(contentsOf: URL(fileURLWithPath: temp.path + "/scan.tif"))), "TIFF chosen: .tif added")
        XCTAssertTrue(BMPCodec.isBMP(try Data(contentsOf: URL(fileURLWithPath: temp.path + "/old.bmp"))), "BMP chosen: .bmp added")
    }

    func testAFileTheDesktopDialogAlreadyAskedToReplaceIsNotAskedAbout() throws {
        let session = session()
        session.drag(y: 100)
        let path = try picture("old.png", .blue)
        session.board.chooseExport()
        XCTAssertEqual(desktop.requests.first?.currentName, "Drawing (copy).png")
        desktop.answers[0](.chosen(path: path, filter: "PNG image"))
        session.board.finishSaves()
        XCTAssertNil(session.board.presentedAlert, "the desktop's dialog asked already")
        XCTAssertNotEqual(try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: path))).width, 40, "the drawing replaced it")
    }

    func testTheBackgroundsChooseButtonAsksToo() throws {
        let session = session()
        let path = try picture("paper.png", Color(r: 250, g: 240, b: 200))
        session.board.showBackgroundSettings()
        session.board.backgroundSettings.chooseButton.sendActions(for: .touchUpInside)
        XCTAssertEqual(desktop.requests.first?.title, "Choose a Background")
        desktop.answers[0](.chosen(path: path, filter: nil))
        session.board.finishOpeningBackground()
        XCTAssertEqual(session.board.backgroundSettings.messageLabel.text, "Background: paper.png", "previewed until the panel closes")
    }
}

/// The pickers' thumbnails come from the desktop's thumbnail cache and go into it.
final class ThumbnailLoaderCacheTests: XCTestCase {
    private let temp = TemporaryDirectory()

    func testAFreshEntryIsUsedAndAMissingOneIsMade() throws {
        let cache = ThumbnailCache(folder: temp.path + "/thumbnails/normal")
        let path = temp.path + "/big.png"
        try PNGCodec.encode(Bitmap(width: 400, height: 200, color: .blue)).write(to: URL(fileURLWithPath: path))
        let first = try ThumbnailLoader.thumbnail(for: path, cache: cache)
        XCTAssertEqual(first.width, ThumbnailLoader.size, "fitted to the tile")
        let made = try XCTUnwrap(cache.thumbnail(for: path), "the decoded thumbnail was kept for the file manager")
        XCTAssertEqual(made.width, ThumbnailCache.normalSize)
        XCTAssertEqual(made.height, 64)
        // An entry the file manager made (here: green, so it shows which was used) is taken as is.
        try cache.store(Bitmap(width: 128, height: 64, color: .green), for: path)
        let reused = try ThumbnailLoader.thumbnail(for: path, cache: cache)
        XCTAssertEqual(reused.bitmap.color(atX: 50, y: 20), .green)
    }
}
