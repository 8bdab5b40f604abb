import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// At least 200 malformed files, made here: truncated at every chunk or marker, bit-flipped,
/// with wrong CRCs, absurd dimensions, empty, directories, FIFOs, unreadable. Each goes
/// through the decoders and through the app's open path: an error message, never a crash,
/// never a hang, never a memory blow-up.
final class HostileFilesTests: XCTestCase {
    private var temp: TemporaryDirectory!

    override func setUp() { temp = TemporaryDirectory() }

    private func picture() -> Bitmap {
        let bitmap = Bitmap(width: 64, height: 48)
        for y in 0..<48 { for x in 0..<64 { bitmap[x, y] = Color(r: x * 4, g: y * 5, b: 90, a: 200).premultipliedPixel } }
        return bitmap
    }

    /// Offsets where PNG chunks begin.
    private func chunkBoundaries(_ png: [UInt8]) -> [Int] {
        var offsets: [Int] = []
        var at = 8
        while at + 8 <= png.count {
            offsets.append(at)
            let length = Int(png[at]) << 24 | Int(png[at + 1]) << 16 | Int(png[at + 2]) << 8 | Int(png[at + 3])
            at += 12 + length
        }
        return offsets
    }

    private func corpus() throws -> [(String, [UInt8])] {
        var files: [(String, [UInt8])] = []
        var random = SystemRandomNumberGenerator()
        let bases: [(String, [UInt8])] = [
            ("png", [UInt8](try PNGCodec.encode(picture()))),
            ("png-interlaced", [UInt8](try PNGCodec.encodeVariant(picture(), colorType: 6, bitDepth: 16, interlaced: true))),
            ("png-palette", [UInt8](try PNGCodec.encodeVariant(Bitmap(width: 30, height: 20, color: .red), colorType: 3, bitDepth: 8, interlaced: false))),
            ("jpeg", [UInt8](try JPEGCodec.encode(picture()))),
            ("jpeg-progressive", [UInt8](try JPEGCodec.encode(picture(), progressive: true))),
        ]
        for (name, bytes) in bases {
            if name.hasPrefix("png") {
                for (i, boundary) in chunkBoundaries(bytes).enumerated() {
                    files.append(("\(name)-cut-chunk-\(i)", Array(bytes.prefix(boundary))))
                    files.append(("\(name)-cut-inside-chunk-\(i)", Array(bytes.prefix(boundary + 6))))
                    // A wrong CRC on each chunk.
                    var wrong = bytes
                    let length = Int(bytes[boundary]) << 24 | Int(bytes[boundary + 1]) << 16 | Int(bytes[boundary + 2]) << 8 | Int(bytes[boundary + 3])
                    if boundary + 8 + length + 3 < wrong.count { wrong[boundary + 8 + length] ^= 0xFF; files.append(("\(name)-crc-\(i)", wrong)) }
                }
                // Absurd dimensions in the header (0, enormous, negative as signed).
                for (label, value) in [("zero", 0), ("huge", 0x7FFF_FFFF), ("wide", 1_000_000)] {
                    var absurd = bytes
                    absurd[16] = UInt8(value >> 24 & 0xFF); absurd[17] = UInt8(value >> 16 & 0xFF)
                    absurd[18] = UInt8(value >> 8 & 0xFF); absurd[19] = UInt8(value & 0xFF)
                    files.append(("\(name)-width-\(label)", absurd))
                }
            } else {
                for (i, at) in (0..<(bytes.count - 1)).filter({ bytes[$0] == 0xFF && bytes[$0 + 1] != 0 && bytes[$0 + 1] != 0xFF }).prefix(12).enumerated() {
                    files.append(("\(name)-cut-marker-\(i)", Array(bytes.prefix(at))))
                }
                if let sof = (0..<(bytes.count - 1)).first(where: { bytes[$0] == 0xFF && (bytes[$0 + 1] == 0xC0 || bytes[$0 + 1] == 0xC2) }) {
                    for (label, high, low) in [("zero", UInt8(0), UInt8(0)), ("huge", UInt8(0xFF), UInt8(0xFF))] {
                        var absurd = bytes
                        absurd[sof + 5] = high; absurd[sof + 6] = low; absurd[sof + 7] = high; absurd[sof + 8] = low
                        files.append(("\(name)-size-\(label)", absurd))
                    }
                }
            }
            for flip in 0..<30 {
                var flipped = bytes
                let position = Int.random(in: 0..<flipped.count, using: &random)
                flipped[position] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
                files.append(("\(name)-flip-\(flip)", flipped))
            }
        }
        files.append(("empty", []))
        files.append(("one-byte", [0x89]))
        files.append(("signature-only", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        files.append(("jpeg-start-only", [0xFF, 0xD8, 0xFF]))
        files.append(("text", Array("this is not a picture".utf8)))
        return files
    }

    func testMalformedFilesGiveErrorsNotCrashesHangsOrMemory() throws {
        let files = try corpus()
        let window = Window(size: Size(width: 640, height: 480), application: Application(clock: ManualClock()))
        let board = DrawingBoardViewController(store: MemoryArtworkStore(), picturesFolder: temp.path)
        window.rootViewController = board
        window.render()
        var paths: [String] = []
        for (name, bytes) in files {
            let path = temp.path + "/\(name).bin"
            FileManager.default.createFile(atPath: path, contents: Data(bytes))
            paths.append(path)
        }
        try FileManager.default.createDirectory(atPath: temp.path + "/a-folder.png", withIntermediateDirectories: true)
        paths.append(temp.path + "/a-folder.png")
        XCTAssertEqual(mkfifo(temp.path + "/fifo.png", 0o600), 0)
        paths.append(temp.path + "/fifo.png")
        FileManager.default.createFile(atPath: temp.path + "/locked.png", contents: Data([UInt8](try PNGCodec.encode(picture()))),
                                       attributes: [.posixPermissions: 0])
        paths.append(temp.path + "/locked.png") // root reads it anyway; others get a message
        XCTAssertGreaterThanOrEqual(paths.count, 200, "the corpus is big enough")

        let startMemory = residentMegabytes()
        var slowest = 0.0, errors = 0, opened = 0
        var unsaid: [String] = []
        for path in paths {
            let start = Date()
            board.showStatus("")
            board.openPhoto(path: path)
            board.finishOpening()
            if board.photoPlacement != nil {
                opened += 1
            } else {
                errors += 1
                // Refused: the user reads why, in the error's colour.
                if !(board.messageLine.isError && board.statusLabel.text.hasPrefix("Cannot open the photo: ")) {
                    unsaid.append("\((path as NSString).lastPathComponent): \(board.statusLabel.text)")
                }
            }
            board.cancelPhoto()
            // The decoders directly as well.
            if let data = FileManager.default.contents(atPath: path) { _ = try? PhotoDecoder.decode(data, name: "raw") }
            slowest = max(slowest, Date().timeIntervalSince(start))
        }
        print("hostile files: \(paths.count) files, \(errors) refused with a message, \(opened) still readable, slowest \(String(format: "%.3f", slowest)) s")
        XCTAssertLessThan(slowest, 2, "no file takes long")
        XCTAssertLessThan(residentMegabytes() - startMemory, 300, "no memory blow-up")
        XCTAssertGreaterThan(errors, 150, "most of them are refused")
        XCTAssertEqual(unsaid, [], "every file refused says why")
        XCTAssertTrue(board.canvas.document.isEmpty, "nothing changed the drawing")
    }

    private func residentMegabytes() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return 0 }
        return (Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
    }
}
