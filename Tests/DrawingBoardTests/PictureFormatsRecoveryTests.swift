import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// A HEIC, an AVIF saying Display P3, an Adobe RGB TIFF and a BMP opened as the drawing, drawn
/// on, come back after a kill -9 as they were on screen (the journal keeps the picture as
/// opened: upright, in sRGB), and Ctrl+Z takes the stroke back.
final class PictureFormatsRecoveryTests: RestartingBoardTestCase {
    private func picture() -> Bitmap {
        let bitmap = Bitmap(width: 160, height: 100)
        for y in 0..<100 { for x in 0..<160 { bitmap[x, y] = Color(r: 40 + x, g: 60 + y, b: 200 - x).premultipliedPixel } }
        return bitmap
    }

    private func made(_ name: String, _ tool: String, _ arguments: (String, String) -> [String]) throws -> String {
        let source = temp.path + "/source-\(name).png", path = temp.path + "/" + name
        try PNGCodec.encode(picture()).write(to: URL(fileURLWithPath: source))
        let (status, output) = try ExternalCommand.run(tool, arguments(source, path))
        XCTAssertEqual(status, 0, output)
        return path
    }

    func testPicturesOfEveryNewFormatComeBackAfterACrash() throws {
        let bmp = temp.path + "/old.bmp", tiff = temp.path + "/adobe.tif"
        try BMPCodec.encode(picture()).write(to: URL(fileURLWithPath: bmp))
        let adobe = ColorProfile(bytes: try Data(contentsOf: URL(fileURLWithPath: "/usr/share/color/icc/colord/AdobeRGB1998.icc")))
        try TIFFCodec.encode(picture(), profile: adobe).write(to: URL(fileURLWithPath: tiff))
        let files = [try made("phone.heic", "/usr/bin/heif-enc") { ["-q", "85", $0, "-o", $1] },
                     try made("p3.avif", "/usr/bin/avifenc") { ["-s", "8", "--cicp", "12/13/6", $0, $1] },
                     tiff, bmp]
        for path in files {
            // Each picture in a fresh app (the last one's unsaved stroke would be asked about).
            crash()
            try? FileManager.default.removeItem(atPath: state)
            start()
            board.openDocument(path: path)
            board.finishOpening()
            aMomentPasses() // the opened picture is stored beside the journal
            XCTAssertEqual(canvas.document.format?.pixelWidth, 160, path)
            let opened = canvas.renderArtwork()
            board.setColor(.red)
            board.setStrokeWidth(10)
            // Document points to the window's (the picture is shown where the viewport puts it).
            let from = canvas.convert(canvas.viewport.viewPoint(Point(x: 20, y: 30)), to: nil)
            let to = canvas.convert(canvas.viewport.viewPoint(Point(x: 120, y: 60)), to: nil)
            driver.drag(TouchDriver.line(from: from, to: to))
            let drawn = canvas.renderArtwork()
            XCTAssertFalse(drawn.isEqual(to: opened), path)
            crash()
            start()
            XCTAssertTrue(canvas.renderArtwork().isEqual(to: drawn), "\(path): as it was on screen")
            board.undo()
            XCTAssertTrue(canvas.renderArtwork().isEqual(to: opened), "\(path): the picture as opened")
        }
    }

    /// An SVG drawn at the size asked for is the drawing the journal keeps: after a kill -9 it
    /// comes back at that size, as it was on screen.
    func testAnSVGDrawnAtTheSizeAskedForComesBackAfterACrash() throws {
        let path = temp.path + "/badge.svg"
        try Data("""
        <svg xmlns="http://www.w3.org/2000/svg" width="80" height="50"><circle cx="25" cy="25" r="20" fill="#2a6"/></svg>
        """.utf8).write(to: URL(fileURLWithPath: path))
        board.openDocument(path: path)
        let dialog = try XCTUnwrap(board.presentedViewController as? SVGSizeViewController)
        dialog.form.percentField.text = "300"
        dialog.form.percentField.sendActions(for: .valueChanged)
        dialog.finish()
        board.finishOpening()
        XCTAssertEqual([canvas.document.format?.pixelWidth, canvas.document.format?.pixelHeight], [240, 150])
        let opened = canvas.renderArtwork()
        aMomentPasses() // the drawn picture is stored beside the journal
        crash()
        start()
        XCTAssertEqual(canvas.document.format?.pixelWidth, 240)
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: opened), "the SVG at three times its size, as it was on screen")
    }
}
