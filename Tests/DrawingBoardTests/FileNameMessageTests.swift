import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// Messages about files name the real cause and keep it in view, and a file whose
/// name is not UTF-8 still opens (names are bytes on Linux).
final class FileNameMessageTests: XCTestCase {
    private var temp: TemporaryDirectory!
    private var session: BoardSession!

    override func setUp() {
        temp = TemporaryDirectory()
        session = BoardSession(pictures: temp.path)
    }

    private func writePicture(atBytes name: [UInt8]) throws -> String {
        let path = SystemPath.string(fromBytes: Array(temp.path.utf8) + [UInt8(ascii: "/")] + name)
        let png = try PNGCodec.encode(Bitmap(width: 64, height: 48, color: .blue))
        let fd = SystemPath.withCString(path) { open($0, O_WRONLY | O_CREAT | O_EXCL, 0o600) }
        XCTAssertGreaterThanOrEqual(fd, 0, "made the file by its bytes")
        _ = png.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        return path
    }

    func testAFileWhoseNameIsNotUTF8Opens() throws {
        // "café.png" in Latin-1, as an old disk or a camera writes it.
        let name = Array("caf".utf8) + [0xE9] + Array(".png".utf8)
        let path = try writePicture(atBytes: name)
        XCTAssertEqual(SystemPath.bytes(of: path), Array(temp.path.utf8) + [UInt8(ascii: "/")] + name, "the bytes survive the String")
        session.board.openDocument(path: path)
        session.board.finishOpening()
        XCTAssertEqual(session.board.canvas.document.format?.pixelWidth, 64, session.board.statusLabel.text)
        XCTAssertEqual(session.board.documentName, "caf\u{FFFD}.png", "shown with a replacement character")
        // And the command line's bytes come through whole.
        var argument = (Array("x11paint".utf8) + [0]).map { CChar(bitPattern: $0) }
        var file = (Array(path.utf8.prefix(0)) + SystemPath.bytes(of: path) + [0]).map { CChar(bitPattern: $0) }
        argument.withUnsafeMutableBufferPointer { first in
            file.withUnsafeMutableBufferPointer { second in
                var argv: [UnsafeMutablePointer<CChar>?] = [first.baseAddress, second.baseAddress, nil]
                let arguments = argv.withUnsafeMutableBufferPointer { SystemPath.arguments(argc: 2, argv: $0.baseAddress!) }
                XCTAssertEqual(arguments.last, path)
            }
        }
        XCTAssertEqual(SystemPath.string(fromBytes: Array("Plain 照片.png".utf8)), "Plain 照片.png", "UTF-8 names are as they were")
    }

    func testASymlinkLoopSaysSoNotThatTheFileIsMissing() throws {
        let loop = temp.path + "/loop.png"
        XCTAssertEqual(symlink(loop, loop), 0)
        session.board.openDocument(path: loop)
        session.board.finishOpening()
        let status = session.board.statusLabel.text
        XCTAssertTrue(status.contains("symbolic link that leads round in a loop"), status)
        XCTAssertFalse(status.contains("does not exist"), status)
        session.board.openDocument(path: temp.path + "/missing.png")
        session.board.finishOpening()
        XCTAssertTrue(session.board.statusLabel.text.contains("does not exist"), session.board.statusLabel.text)
    }

    func testALongFileNameIsShortenedInTheMiddleAndTheReasonStays() throws {
        // A name is at most 255 bytes: a long folder and a long name, over 300 bytes together.
        let folder = temp.path + "/" + String(repeating: "folder-", count: 20)
        let name = String(repeating: "very-long-name-", count: 10) + ".png"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/" + name
        XCTAssertGreaterThan(path.utf8.count, 300)
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: path))
        session.board.openDocument(path: path)
        session.board.finishOpening()
        let status = session.board.statusLabel.text
        XCTAssertLessThan(status.count, 200, status)
        XCTAssertTrue(status.contains("…"), status)
        XCTAssertTrue(status.hasSuffix("name-.png is not a PNG, JPEG, WebP, HEIC, AVIF, TIFF, GIF, BMP or SVG picture"), "the reason stays whole at the end: \(status)")
        XCTAssertEqual(DisplayPath.short("/a/short/path.png"), "/a/short/path.png")
        let short = DisplayPath.short("/home/ann/" + name)
        XCTAssertEqual(short.count, DisplayPath.limit)
        XCTAssertTrue(short.hasPrefix("/home/ann/") && short.hasSuffix("name-.png"), short)
    }
}
