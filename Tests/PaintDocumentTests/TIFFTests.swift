import Foundation
import XCTest
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport

/// TIFF: files made by libtiff's own tools (ppm2tiff, tiffcp) open to the pixels
/// they were made from; a file of several pages opens at its first; hostile and cut files are
/// refused with a message.
final class TIFFTests: XCTestCase {
    private let temp = TemporaryDirectory()
    private let width = 47, height = 29

    private func color(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        (UInt8(x * 255 / width), UInt8(y * 255 / height), UInt8((x / 5 + y / 3) % 2 * 180 + 20))
    }

    /// A PPM (or PGM) of the known pixels, made into a TIFF by libtiff's ppm2tiff.
    private func tiff(_ name: String, grey: Bool = false, compression: String) throws -> String {
        var bytes = Data((grey ? "P5\n\(width) \(height)\n255\n" : "P6\n\(width) \(height)\n255\n").utf8)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = color(x, y)
                bytes += grey ? Data([r]) : Data([r, g, b])
            }
        }
        let source = temp.path + "/\(name).pnm", path = temp.path + "/\(name).tif"
        try bytes.write(to: URL(fileURLWithPath: source))
        let (status, output) = try ExternalCommand.run("/usr/bin/ppm2tiff", ["-c", compression, source, path])
        XCTAssertEqual(status, 0, output)
        return path
    }

    func testFilesMadeByLibtiffsToolsOpenToTheirPixels() throws {
        for compression in ["none", "lzw", "zip", "packbits"] {
            let path = try tiff("rgb-\(compression)", compression: compression)
            let (bitmap, pages) = try TIFFCodec.decode(Data(contentsOf: URL(fileURLWithPath: path)))
            XCTAssertEqual([bitmap.width, bitmap.height, pages], [width, height, 1])
            var wrong = 0
            for y in 0..<height {
                for x in 0..<width {
                    let (r, g, b) = color(x, y)
                    if bitmap.color(atX: x, y: y) != Color(r: Int(r), g: Int(g), b: Int(b)) { wrong += 1 }
                }
            }
            XCTAssertEqual(wrong, 0, "\(compression): every pixel")
        }
        let grey = try TIFFCodec.decode(Data(contentsOf: URL(fileURLWithPath: try tiff("grey", grey: true, compression: "lzw")))).bitmap
        let (r, _, _) = color(20, 10)
        XCTAssertEqual(grey.color(atX: 20, y: 10), Color(r: Int(r), g: Int(r), b: Int(r)), "greyscale")
    }

    /// A scanner's 16-bit file: each sample to 8 bits within a level of value * 255 / 65535.
    func testA16BitFileOpens() throws {
        var bytes = Data("P6\n\(width) \(height)\n65535\n".utf8)
        func sample(_ x: Int, _ y: Int, _ channel: Int) -> Int { [x * 65535 / width, y * 65535 / height, (x * 997 + y * 31) % 65536][channel] }
        for y in 0..<height {
            for x in 0..<width {
                for channel in 0..<3 { bytes += Data([UInt8(sample(x, y, channel) >> 8), UInt8(sample(x, y, channel) & 0xFF)]) }
            }
        }
        let source = temp.path + "/deep.ppm", path = temp.path + "/deep.tif"
        try bytes.write(to: URL(fileURLWithPath: source))
        let (status, output) = try ExternalCommand.run("/usr/bin/ppm2tiff", ["-c", "zip", source, path])
        XCTAssertEqual(status, 0, output)
        let (tiffInfoStatus, info) = try ExternalCommand.run("/usr/bin/tiffinfo", [path])
        XCTAssertEqual(tiffInfoStatus, 0)
        XCTAssertTrue(info.contains("Bits/Sample: 16"), info)
        let bitmap = try TIFFCodec.decode(Data(contentsOf: URL(fileURLWithPath: path))).bitmap
        var worst = 0.0
        for y in 0..<height {
            for x in 0..<width {
                let got = bitmap.color(atX: x, y: y)
                for (channel, value) in [got.red, got.green, got.blue].enumerated() {
                    worst = max(worst, abs(value * 255 - Double(sample(x, y, channel)) * 255 / 65535))
                }
            }
        }
        XCTAssertLessThanOrEqual(worst, 1, "16 bits to 8")
    }

    func testSeveralPagesOpenAtTheFirstAndTheBytesDecide() throws {
        let first = try tiff("first", compression: "lzw"), second = try tiff("second", grey: true, compression: "none")
        let both = temp.path + "/both.tif"
        let (status, output) = try ExternalCommand.run("/usr/bin/tiffcp", [first, second, both])
        XCTAssertEqual(status, 0, output)
        let data = try Data(contentsOf: URL(fileURLWithPath: both))
        let (bitmap, pages) = try TIFFCodec.decode(data)
        XCTAssertEqual(pages, 2)
        let (r, g, b) = color(3, 4)
        XCTAssertEqual(bitmap.color(atX: 3, y: 4), Color(r: Int(r), g: Int(g), b: Int(b)), "the first page, in colour")
        let photo = try PhotoDecoder.decode(data, name: "scan.png")
        XCTAssertEqual(photo.asset.image.width, width, "a TIFF named .png opens as the TIFF it is")
    }

    func testHostileAndCutFilesAreRefusedWithAMessage() throws {
        // A little-endian TIFF whose one page claims 100 x 2^31 - 1 greyscale pixels.
        func entry(_ tag: UInt16, _ type: UInt16, _ value: UInt32) -> Data {
            var bytes = Data()
            for v in [UInt32(tag) | UInt32(type) << 16, 1, value] { withUnsafeBytes(of: v.littleEndian) { bytes += Data($0) } }
            return bytes
        }
        var bomb = Data([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0, 8, 0])
        bomb += entry(256, 4, 100) + entry(257, 4, 0x7FFF_FFFF) + entry(258, 3, 8) + entry(262, 3, 1)
        bomb += entry(273, 4, 8) + entry(277, 3, 1) + entry(278, 4, 0x7FFF_FFFF) + entry(279, 4, 1)
        bomb += Data([0, 0, 0, 0])
        XCTAssertTrue(TIFFCodec.isTIFF(bomb))
        XCTAssertThrowsError(try TIFFCodec.decode(bomb)) { error in
            XCTAssertTrue("\(error)".contains("more than"), "\(error)")
        }
        let good = try Data(contentsOf: URL(fileURLWithPath: try tiff("cut", compression: "lzw")))
        for cut in [4, 16, good.count / 2] {
            XCTAssertThrowsError(try TIFFCodec.decode(good.prefix(cut)), "cut at \(cut)")
        }
    }
}
