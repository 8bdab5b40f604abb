import Foundation
import XCTest
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport

/// Old formats: GIFs made by giflib's own tools (gif2rgb, gifbuild) open to the
/// pixels gif2rgb reads back, transparency, interlacing and frames placed at an offset
/// included, an animation at its first frame; BMPs open (24-bit, palette) and save as 24-bit; hostile and cut files are refused with a message.
final class GIFAndBMPTests: XCTestCase {
    private let temp = TemporaryDirectory()

    private func run(_ tool: String, _ arguments: [String]) throws -> String {
        let (status, output) = try ExternalCommand.run(tool, arguments)
        XCTAssertEqual(status, 0, "\(tool) \(arguments): \(output)")
        return output
    }

    private func data(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    func testAGIFMadeByGif2rgbOpensToThePixelsGif2rgbReadsBack() throws {
        let width = 40, height = 24
        var rgb = Data()
        for y in 0..<height { for x in 0..<width { rgb += Data([UInt8(x * 6), UInt8(y * 10), UInt8((x + y) % 2 * 200)]) } }
        let raw = temp.path + "/source.rgb", gif = temp.path + "/made.gif", back = temp.path + "/back.rgb"
        try rgb.write(to: URL(fileURLWithPath: raw))
        // gif2rgb -s makes a GIF of raw RGB (quantising to 256 colours) on its standard output.
        _ = try run("/bin/sh", ["-c", "/usr/bin/gif2rgb -1 -s \(width) \(height) \(raw) > \(gif)"])
        _ = try run("/usr/bin/gif2rgb", ["-1", "-o", back, gif])
        let reference = [UInt8](try data(back))
        let (bitmap, pages) = try GIFCodec.decode(data(gif))
        XCTAssertEqual([bitmap.width, bitmap.height, pages], [width, height, 1])
        var wrong = 0
        for i in 0..<(width * height) where bitmap.pixels[i] != 0xFF00_0000 | UInt32(reference[i * 3]) << 16 | UInt32(reference[i * 3 + 1]) << 8 | UInt32(reference[i * 3 + 2]) {
            wrong += 1
        }
        XCTAssertEqual(wrong, 0, "every pixel as giflib's own reader gives it")
    }

    /// A GIF described in gifbuild's language: a 6x4 screen, a 4x2 first frame at (1, 1),
    /// interlaced, with colour 2 transparent, and a second frame.
    private func animatedGIF() throws -> Data {
        let text = """
        screen width 6
        screen height 4
        screen colors 4
        screen background 0
        pixel aspect byte 0

        screen map
        \trgb 255 000 000
        \trgb 000 255 000
        \trgb 000 000 255
        \trgb 255 255 255
        end

        graphics control
        \tdisposal mode 0
        \tdelay 10
        \ttransparent index 2
        end

        image # 1
        image left 1
        image top 1
        image interlaced
        image bits 4 by 2 hex
        01010000
        00010200

        image # 2
        image left 0
        image top 0
        image bits 6 by 4 hex
        010101010101
        010101010101
        010101010101
        010101010101

        """
        // Pixels as two hex digits each, rows in display order (gifbuild interlaces them).
        let source = temp.path + "/anim.txt", gif = temp.path + "/anim.gif"
        try text.replacingOccurrences(of: "\n        ", with: "\n").write(toFile: source, atomically: true, encoding: .utf8)
        _ = try run("/bin/sh", ["-c", "/usr/bin/gifbuild \(source) > \(gif)"])
        let bytes = try data(gif)
        XCTAssertGreaterThan(bytes.count, 30, "gifbuild made the file")
        return bytes
    }

    func testTransparencyInterlaceOffsetsAndTheFirstFrameOfAnAnimation() throws {
        let (bitmap, pages) = try GIFCodec.decode(animatedGIF())
        XCTAssertEqual([bitmap.width, bitmap.height, pages], [6, 4, 2], "the screen's size; two frames")
        let red: UInt32 = 0xFFFF_0000, green: UInt32 = 0xFF00_FF00
        XCTAssertEqual(bitmap[0, 0], 0, "outside the first frame: transparent")
        XCTAssertEqual([bitmap[1, 1], bitmap[2, 1], bitmap[3, 1], bitmap[4, 1]], [green, green, red, red])
        XCTAssertEqual([bitmap[1, 2], bitmap[2, 2], bitmap[3, 2], bitmap[4, 2]], [red, green, 0, red], "colour 2 is transparent")
        let opened = try PhotoDecoder.open(animatedGIF(), name: "anim.gif", maximumPixels: 1 << 20, job: nil)
        XCTAssertEqual(opened.pages, 2, "the open says there are more frames")
    }

    func testBMPsOpenAndSave() throws {
        let width = 33, height = 17
        let picture = Bitmap(width: width, height: height)
        for y in 0..<height { for x in 0..<width { picture[x, y] = Color(r: x * 7, g: y * 15, b: (x * y) % 256).premultipliedPixel } }
        let saved = try BMPCodec.encode(picture)
        XCTAssertTrue(BMPCodec.isBMP(saved))
        XCTAssertEqual(BMPCodec.size(of: saved)?.width, width)
        XCTAssertTrue(try BMPCodec.decode(saved).isEqual(to: picture), "24-bit: every pixel back")
        // A translucent pixel is saved over white.
        let translucent = Bitmap(width: 1, height: 1)
        translucent.pixels[0] = Color(r: 0, g: 0, b: 255, a: 128).premultipliedPixel
        let overWhite = try BMPCodec.decode(BMPCodec.encode(translucent))
        XCTAssertEqual(overWhite[0, 0], 0xFF7F_7FFF)
        // A file not written by GdkPixbuf: an 8-bit palette BMP built here byte by byte.
        let palette = try BMPCodec.decode(paletteBMP())
        XCTAssertEqual((0..<4).map { palette[$0, 0] }, [0xFFFF_0000, 0xFF00_00FF, 0xFF00_00FF, 0xFFFF_0000], "the top row")
        XCTAssertEqual((0..<4).map { palette[$0, 1] }, [UInt32](repeating: 0xFF00_00FF, count: 4), "the bottom row, stored first")
        let opened = try PhotoDecoder.decode(paletteBMP(), name: "named.png")
        XCTAssertEqual(opened.asset.image.width, 4, "the bytes decide, not the name")
    }

    /// A 4x2 8-bit palette BMP (two colours), bottom-up as BMPs are.
    private func paletteBMP() -> Data {
        func le32(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)] }
        let palette: [UInt8] = [0, 0, 255, 0, 255, 0, 0, 0] // blue-green-red-0: red, then blue
        let rows: [UInt8] = [1, 1, 1, 1] + [0, 1, 1, 0] // bottom row first
        let offset = 14 + 40 + palette.count
        var bytes: [UInt8] = [0x42, 0x4D] + le32(offset + rows.count) + le32(0) + le32(offset)
        bytes += le32(40) + le32(4) + le32(2) + [1, 0, 8, 0] + le32(0) + le32(rows.count) + le32(2835) + le32(2835) + le32(2) + le32(0)
        return Data(bytes + palette + rows)
    }

    func testHostileAndCutFiles() throws {
        var huge = try animatedGIF()
        huge.replaceSubrange(6..<10, with: [0x60, 0xEA, 0x60, 0xEA]) // a 60000x60000 screen
        XCTAssertThrowsError(try PhotoDecoder.decode(huge, name: "huge.gif")) { XCTAssertTrue("\($0)".contains("pixels allowed"), "\($0)") }
        let gif = try animatedGIF()
        for cut in [gif.count - 30, 20, 8] {
            XCTAssertThrowsError(try PhotoDecoder.decode(gif.prefix(cut), name: "cut.gif"), "GIF cut at \(cut)")
        }
        var bmp = paletteBMP()
        bmp.replaceSubrange(18..<26, with: [0x60, 0xEA, 0, 0, 0x60, 0xEA, 0, 0])
        XCTAssertThrowsError(try PhotoDecoder.decode(bmp, name: "huge.bmp")) { XCTAssertTrue("\($0)".contains("pixels allowed"), "\($0)") }
        // What the fuzzer found making GdkPixbuf ask for gigabytes: a header size of 0xFFFFFFD7
        // with 64264 bits a pixel, a palette of 4278190080 colours, pixels 4 GB into a 33-byte file.
        for found in ["Qk1GAAAAAAAAAAAAwv/X////+QAAAAIAAAABAAj7/////+8AAAATCwAAEwsAAAIAAAAAAAAAAAD/AP8AAAABAQEBAAEBAA==",
                      "Qk1GAAAAAAAAAD4AAAAoAAAABAAAAAIAAAABAAgAAQAAAAgAAEYACwAAEwIAAAAAAP8A/wAAAAAAAQEBAQB6AQA=",
                      "Qk1GAAAAAACJPgAAAP4MAAAABgAMAJEBEAC4AEAAYm0B"] {
            XCTAssertThrowsError(try PhotoDecoder.decode(try XCTUnwrap(Data(base64Encoded: found)), name: "found.bmp"), found)
        }
        for cut in [paletteBMP().count - 3, 40, 27] {
            XCTAssertThrowsError(try PhotoDecoder.decode(paletteBMP().prefix(cut), name: "cut.bmp"), "BMP cut at \(cut)")
        }
    }
}
