import Foundation
import XCTest
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport

/// SVG: opened through librsvg at its own size (to the pixels its own rsvg-convert
/// draws), drawn smaller when it claims a huge size, a message for a damaged one.
final class SVGTests: XCTestCase {
    private let temp = TemporaryDirectory()
    private let drawing = """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="120" height="80" viewBox="0 0 120 80">
          <rect x="10" y="10" width="50" height="40" fill="#e02020"/>
          <circle cx="85" cy="45" r="25" fill="#2040e0" fill-opacity="0.6"/>
        </svg>
        """

    func testAnSVGOpensAtItsOwnSizeToTheRsvgConvertPixels() throws {
        let data = Data(drawing.utf8)
        XCTAssertTrue(SVGCodec.isSVG(data))
        let photo = try PhotoDecoder.decode(data, name: "shapes.svg")
        let ours = photo.asset.image.bitmap
        XCTAssertEqual([ours.width, ours.height], [120, 80])
        let svg = temp.path + "/shapes.svg", png = temp.path + "/reference.png"
        try data.write(to: URL(fileURLWithPath: svg))
        let (status, output) = try ExternalCommand.run("/usr/bin/rsvg-convert", [svg, "-o", png])
        XCTAssertEqual(status, 0, output)
        let reference = try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: png)))
        XCTAssertEqual([reference.width, reference.height], [120, 80])
        var worst = 0
        for i in 0..<(120 * 80) {
            for shift in [0, 8, 16, 24] as [UInt32] {
                worst = max(worst, abs(Int((ours.pixels[i] >> shift) & 0xFF) - Int((reference.pixels[i] >> shift) & 0xFF)))
            }
        }
        XCTAssertLessThanOrEqual(worst, 1, "librsvg's own drawing, within a level of rounding")
        XCTAssertEqual(ours.color(atX: 30, y: 30), Color(r: 0xE0, g: 0x20, b: 0x20), "the red rectangle")
    }

    func testAHugeClaimedSizeIsDrawnWithinTheLimitAndADamagedOneIsAMessage() throws {
        let huge = Data(drawing.replacingOccurrences(of: "width=\"120\" height=\"80\"", with: "width=\"120000\" height=\"80000\"").utf8)
        let photo = try PhotoDecoder.decode(huge, name: "huge.svg")
        let bitmap = photo.asset.image.bitmap
        XCTAssertLessThanOrEqual(bitmap.width * bitmap.height, PhotoDecoder.svgPixels)
        XCTAssertEqual(Double(bitmap.width) / Double(bitmap.height), 1.5, accuracy: 0.01, "its shape kept")
        let opened = try PhotoDecoder.open(huge, name: "huge.svg", maximumPixels: 1_000_000, job: nil)
        XCTAssertLessThanOrEqual(opened.photo.asset.image.width * opened.photo.asset.image.height, 1_000_000)
        XCTAssertThrowsError(try PhotoDecoder.decode(Data("<svg xmlns=\"http://www.w3.org/2000/svg\"><rect".utf8), name: "cut.svg")) { error in
            XCTAssertTrue("\(error)".contains("SVG"), "\(error)")
        }
        XCTAssertThrowsError(try PhotoDecoder.decode(Data("plain text".utf8), name: "notes.svg")) { error in
            XCTAssertTrue("\(error)".contains("not a PNG, JPEG, WebP, HEIC, AVIF, TIFF, GIF, BMP or SVG picture"), "\(error)")
        }
    }

    /// A hostile SVG reads nothing outside itself: an image of /etc/passwd or /dev/zero, an
    /// image that is a FIFO nobody writes to (a read would never end), an XInclude of a system
    /// file, a picture beside it in its own folder. Each is drawn, within a second, without
    /// them: the document's bytes are all librsvg is given (no base file to resolve against).
    func testAnSVGReadsNothingBesideOrOutsideItself() throws {
        let secret = temp.path + "/secret.png"
        try PNGCodec.encode(Bitmap(width: 20, height: 20, color: Color(r: 0, g: 255, b: 0))).write(to: URL(fileURLWithPath: secret))
        let fifo = temp.path + "/fifo"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let references = [("file:///etc/passwd", "an absolute file URL"), ("/dev/zero", "a device"), (fifo, "a FIFO"),
                          ("fifo", "a FIFO beside it"), ("secret.png", "a picture beside it"), ("file://" + secret, "a picture by its URL")]
        for (href, what) in references {
            let svg = """
                <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:xi="http://www.w3.org/2001/XInclude" width="40" height="40">
                <image href="\(href)" width="40" height="40"/><image xlink:href="\(href)" width="40" height="40"/>
                <text x="0" y="20" font-size="12"><xi:include href="\(href)" parse="text"/></text></svg>
                """
            let path = temp.path + "/hostile.svg"
            try Data(svg.utf8).write(to: URL(fileURLWithPath: path))
            let started = Date()
            let photo = try PhotoDecoder.decode(try PhotoDecoder.read(path), name: "hostile.svg")
            XCTAssertLessThan(Date().timeIntervalSince(started), 1, "\(what): no read that waits")
            let pixels = photo.asset.image.bitmap
            let painted = (0..<(pixels.width * pixels.height)).filter { pixels.pixels[$0] >> 24 != 0 }.count
            XCTAssertEqual(painted, 0, "\(what): nothing of it drawn")
        }
        // The same picture carried inside the SVG (a data: URL) is drawn: what the check above
        // counts is what an image reference would have drawn.
        let inline = "data:image/png;base64," + (try Data(contentsOf: URL(fileURLWithPath: secret))).base64EncodedString()
        let carried = Data("""
            <svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><image href="\(inline)" width="40" height="40"/></svg>
            """.utf8)
        let drawn = try PhotoDecoder.decode(carried, name: "carried.svg").asset.image.bitmap
        XCTAssertEqual(drawn.color(atX: 20, y: 20), Color(r: 0, g: 255, b: 0))
    }

    func testExportTurnsAnSVGIntoAPNG() throws {
        let svg = temp.path + "/shapes.svg", png = temp.path + "/shapes.png"
        try Data(drawing.utf8).write(to: URL(fileURLWithPath: svg))
        try DocumentExport.export(svg, to: png)
        let exported = try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: png)))
        XCTAssertEqual([exported.width, exported.height], [120, 80])
        XCTAssertEqual(exported.color(atX: 30, y: 30), Color(r: 0xE0, g: 0x20, b: 0x20))
    }

    /// What kind of file it is, from its head: a big file is not read whole to find out.
    func testTheHeadOfAFileIsReadAloneAndFromAnyFile() throws {
        let path = NSTemporaryDirectory() + "x11paint-head-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(repeating: 7, count: 4096).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try FileReader.read(path, head: 1024).count, 1024)
        XCTAssertEqual(try FileReader.read(path, limit: 100, head: 16).count, 16, "a file over the limit still has a head")
        XCTAssertThrowsError(try FileReader.read(path, limit: 100), "but is not read whole")
        XCTAssertEqual(try FileReader.read(path, head: 10_000).count, 4096, "a short file: all of it")
    }
}
