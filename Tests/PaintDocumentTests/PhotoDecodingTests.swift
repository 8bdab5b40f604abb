import Foundation
import XCTest
@testable import PaintDocument
import TestSupport

/// A corpus of PNG and JPEG variants made by the tests themselves, through libpng and
/// libjpeg-turbo, and hostile files that must give errors, never crashes.
final class PhotoDecodingTests: XCTestCase {
    private let red = Color(r: 255, g: 0, b: 0), blue = Color(r: 0, g: 0, b: 255)

    /// An upright test picture: a 16 px red marker block at the top-left on blue.
    private func upright(width: Int = 64, height: Int = 48) -> Bitmap {
        let bitmap = Bitmap(width: width, height: height, color: blue)
        bitmap.fill(PixelRect(x0: 0, y0: 0, x1: 16, y1: 16), with: red.premultipliedPixel)
        return bitmap
    }

    private func isClose(_ a: Color, _ b: Color, tolerance: Double) -> Bool {
        abs(a.red - b.red) <= tolerance && abs(a.green - b.green) <= tolerance && abs(a.blue - b.blue) <= tolerance
    }

    func testEveryPNGColourTypeBitDepthAndInterlacingDecodes() throws {
        let source = Bitmap(width: 23, height: 17)
        for y in 0..<17 { for x in 0..<23 { source[x, y] = Color(r: x * 11, g: y * 15, b: (x + y) * 6, a: 255 - x * 3).premultipliedPixel } }
        let opaqueGray = Bitmap(width: 23, height: 17)
        for y in 0..<17 { for x in 0..<23 { let v = (x * 11) % 256; opaqueGray[x, y] = Color(r: v, g: v, b: v).premultipliedPixel } }
        let few = Bitmap(width: 23, height: 17)
        for y in 0..<17 { for x in 0..<23 { few[x, y] = [red, blue, Color(r: 0, g: 200, b: 0, a: 128), .clear][(x + y) % 4].premultipliedPixel } }
        let cases: [(String, Bitmap, Int, Int)] = [
            ("gray 8", opaqueGray, 0, 8), ("gray 16", opaqueGray, 0, 16), ("gray+alpha 8", opaqueGray, 4, 8),
            ("rgb 8", source, 2, 8), ("rgb 16", source, 2, 16), ("rgba 8", source, 6, 8), ("rgba 16", source, 6, 16),
            ("palette with transparency", few, 3, 8),
        ]
        for (name, bitmap, colorType, depth) in cases {
            for interlaced in [false, true] {
                let data = try PNGCodec.encodeVariant(bitmap, colorType: colorType, bitDepth: depth, interlaced: interlaced)
                let photo = try PhotoDecoder.decode(data, name: name)
                let decoded = photo.asset.image.bitmap
                XCTAssertEqual(decoded.width, 23, name)
                for (x, y) in [(0, 0), (22, 16), (11, 8), (5, 13)] {
                    let expected = bitmap.color(atX: x, y: y), actual = decoded.color(atX: x, y: y)
                    let alphaMatters = colorType == 4 || colorType == 6 || colorType == 3
                    XCTAssertTrue(isClose(expected, actual, tolerance: 2.0 / 255) || expected.alpha == 0,
                                  "\(name) interlaced \(interlaced) at \(x),\(y): \(actual) vs \(expected)")
                    if alphaMatters { XCTAssertEqual(expected.alpha, actual.alpha, accuracy: 1.5 / 255, name) }
                }
            }
        }
    }

    func testJPEGVariantsDecode() throws {
        let picture = upright()
        for (name, data) in [("baseline", try JPEGCodec.encode(picture)),
                             ("progressive", try JPEGCodec.encode(picture, progressive: true))] {
            let decoded = try PhotoDecoder.decode(data, name: name).asset.image.bitmap
            XCTAssertTrue(isClose(decoded.color(atX: 4, y: 4), red, tolerance: 0.1), name)
            XCTAssertTrue(isClose(decoded.color(atX: 40, y: 30), blue, tolerance: 0.1), name)
        }
        let gray = try PhotoDecoder.decode(try JPEGCodec.encode(picture, grayscale: true), name: "gray").asset.image.bitmap
        let g = gray.color(atX: 4, y: 4)
        XCTAssertEqual(g.red, 1, accuracy: 0.1, "the red channel became white-ish gray")
        XCTAssertEqual(g.red, g.green, accuracy: 0.01, "gray stays gray in RGB")
        let cmyk = try PhotoDecoder.decode(try JPEGCodec.encode(picture, cmyk: true), name: "cmyk").asset.image.bitmap
        XCTAssertTrue(isClose(cmyk.color(atX: 4, y: 4), red, tolerance: 0.15), "CMYK red: \(cmyk.color(atX: 4, y: 4))")
        XCTAssertTrue(isClose(cmyk.color(atX: 40, y: 30), blue, tolerance: 0.15), "CMYK blue")
    }

    func testEveryEXIFOrientationPutsTheMarkerTopLeft() throws {
        let shown = upright()
        for orientation in 1...8 {
            // Store the picture so that, turned by its orientation, it shows `shown`.
            let storedWidth = orientation >= 5 ? shown.height : shown.width
            let storedHeight = orientation >= 5 ? shown.width : shown.height
            let probe = Photo(asset: ImageAsset(bitmap: Bitmap(width: storedWidth, height: storedHeight), name: "probe"),
                              orientation: orientation)
            let toUpright = probe.orientationTransform
            let stored = Bitmap(width: storedWidth, height: storedHeight)
            for y in 0..<storedHeight {
                for x in 0..<storedWidth {
                    let p = toUpright.apply(to: Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                    stored[x, y] = shown[Int(p.x), Int(p.y)]
                }
            }
            let photo = try PhotoDecoder.decode(try JPEGCodec.encode(stored, orientation: orientation), name: "o\(orientation)")
            XCTAssertEqual(photo.orientation, orientation)
            XCTAssertEqual(photo.size, Size(width: 64, height: 48), "orientation \(orientation): upright size")
            let drawn = Bitmap(width: 64, height: 48, color: .white)
            GraphicsContext(bitmap: drawn).draw(photo.asset.image, transform: photo.orientationTransform)
            XCTAssertTrue(isClose(drawn.color(atX: 5, y: 5), red, tolerance: 0.12), "orientation \(orientation): marker top-left")
            XCTAssertTrue(isClose(drawn.color(atX: 58, y: 5), blue, tolerance: 0.12), "orientation \(orientation): top-right is blue")
            XCTAssertTrue(isClose(drawn.color(atX: 5, y: 42), blue, tolerance: 0.12), "orientation \(orientation): bottom-left is blue")
        }
    }

    func testThumbnailsOfLargeJPEGsAreDecodedSmall() throws {
        let temp = TemporaryDirectory()
        let big = Bitmap(width: 1600, height: 1200, color: blue)
        try JPEGCodec.encode(big).write(to: URL(fileURLWithPath: temp.path + "/big.jpg"))
        let thumbnail = try PhotoDecoder.thumbnail(path: temp.path + "/big.jpg", maximumDimension: 112)
        XCTAssertEqual(thumbnail.asset.image.width, 200, "1/8 scale in the decoder, not a full decode")
    }

    // MARK: - Hostile files

    private func expectError(_ path: String, contains text: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try PhotoDecoder.load(path: path), file: file, line: line) { error in
            XCTAssertFalse("\(error)".isEmpty, file: file, line: line)
            if !text.isEmpty { XCTAssertTrue("\(error)".contains(text), "\(error)", file: file, line: line) }
        }
    }

    func testBrokenFilesGiveClearErrors() throws {
        let temp = TemporaryDirectory()
        let png = try PNGCodec.encode(upright())
        let jpeg = try JPEGCodec.encode(upright())
        for (index, length) in [0, 1, 7, 20, 40, png.count / 2, png.count - 20].enumerated() {
            try png.prefix(length).write(to: URL(fileURLWithPath: temp.path + "/t\(index).png"))
            expectError(temp.path + "/t\(index).png", contains: length == 0 ? "empty" : "")
        }
        // Cut inside IEND, after every row arrived: the picture is whole, so it opens (the
        // decoder stops at the last row and never reads on).
        try png.prefix(png.count - 5).write(to: URL(fileURLWithPath: temp.path + "/cut-end.png"))
        XCTAssertTrue(try PhotoDecoder.load(path: temp.path + "/cut-end.png").asset.image.bitmap.isEqual(to: upright()))
        for (index, length) in [2, 10, 100, jpeg.count / 3].enumerated() {
            try jpeg.prefix(length).write(to: URL(fileURLWithPath: temp.path + "/t\(index).jpg"))
            XCTAssertThrowsError(try PhotoDecoder.load(path: temp.path + "/t\(index).jpg"), "JPEG truncated at \(length)")
        }
        try Data("not a picture at all".utf8).write(to: URL(fileURLWithPath: temp.path + "/text.png"))
        expectError(temp.path + "/text.png", contains: "not a PNG, JPEG, WebP, HEIC, AVIF, TIFF, GIF, BMP or SVG")
        expectError(temp.path, contains: "folder")
        expectError(temp.path + "/missing.jpg", contains: "does not exist")
        XCTAssertEqual(mkfifo(temp.path + "/fifo", 0o600), 0)
        expectError(temp.path + "/fifo", contains: "not a regular file")
    }

    func testAChunkClaimingGigabytesIsRefusedNotAllocated() throws {
        // Found by the fuzzer: an 8x6 PNG whose tEXt chunk declares 1.9 GB, in a 132-byte file.
        // libpng allocated and cleared the declared length before reading it (1.9 GB and 2 s
        // here); the decoder now refuses a chunk longer than the rest of the file. The peak
        // resident memory (VmHWM) shows whether the allocation happened.
        let seed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/seeds/text-chunk-claiming-2gb.png")
        let data = try Data(contentsOf: seed)
        XCTAssertEqual(data.count, 132)
        let peakBefore = try peakResidentMegabytes()
        XCTAssertThrowsError(try PhotoDecoder.decode(data, name: "text-chunk-claiming-2gb.png")) { error in
            XCTAssertTrue("\(error)".contains("ends early"), "\(error)")
        }
        XCTAssertLessThan(try peakResidentMegabytes() - peakBefore, 100, "the chunk's declared length was not allocated")
    }

    private func peakResidentMegabytes() throws -> Double {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return (Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
    }

    func testAnEXIFOffsetNearFourGigabytesIsNotFollowed() throws {
        // Found by the fuzzer: an EXIF block whose first-IFD offset is 0xFFFFFFFF. In 32-bit
        // arithmetic offset + 2 wrapped to 1, passed the bounds check, and the orientation
        // reader read 4 GB past the marker (a segmentation fault in the app). It must give an
        // error (the file is broken in other ways too) or a picture, never a crash.
        let seed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/seeds/exif-offset-wrapping-past-4gb.jpg")
        let data = try Data(contentsOf: seed)
        XCTAssertEqual(Array(data[0x72..<0x76]), [0xFF, 0xFF, 0xFF, 0xFF], "the IFD offset in the file")
        XCTAssertThrowsError(try PhotoDecoder.decode(data, name: "exif-offset-wrapping-past-4gb.jpg"))
    }

    func testAProgressiveJPEGWithEndlessScansIsRefused() throws {
        // Every scan of a progressive JPEG is a pass over the whole picture; repeating the last
        // scan 600 times makes a file libjpeg would decode (warning about the bogus progression)
        // for as long as there are scans. The decoder stops at 100.
        let jpeg = [UInt8](try JPEGCodec.encode(upright(), progressive: true))
        let scans = (0..<(jpeg.count - 1)).filter { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA }
        XCTAssertGreaterThan(scans.count, 1, "progressive")
        XCTAssertNoThrow(try PhotoDecoder.decode(Data(jpeg), name: "progressive.jpg"), "the file as written decodes")
        let lastScan = try XCTUnwrap(scans.last), end = jpeg.count - 2 // EOI
        let endless = Array(jpeg[..<end]) + Array(repeating: Array(jpeg[lastScan..<end]), count: 600).flatMap { $0 } + [0xFF, 0xD9]
        XCTAssertThrowsError(try PhotoDecoder.decode(Data(endless), name: "endless.jpg")) { error in
            XCTAssertTrue("\(error)".contains("more than 100 scans"), "\(error)")
        }
    }

    func testHugeDimensionsAreRefusedBeforeAllocating() throws {
        // A real PNG whose header claims 100,000 x 100,000 pixels (the CRC fixed up).
        var png = [UInt8](try PNGCodec.encode(Bitmap(width: 4, height: 4, color: red)))
        for (offset, value) in [(16, 100_000), (20, 100_000)] {
            png[offset] = UInt8(value >> 24 & 0xFF); png[offset + 1] = UInt8(value >> 16 & 0xFF)
            png[offset + 2] = UInt8(value >> 8 & 0xFF); png[offset + 3] = UInt8(value & 0xFF)
        }
        let crc = CRC32.checksum(png[12..<29])
        png[29] = UInt8(crc >> 24 & 0xFF); png[30] = UInt8(crc >> 16 & 0xFF); png[31] = UInt8(crc >> 8 & 0xFF); png[32] = UInt8(crc & 0xFF)
        XCTAssertThrowsError(try PhotoDecoder.decode(Data(png), name: "huge.png")) { XCTAssertTrue("\($0)".contains("too large"), "\($0)") }
        // A JPEG whose frame header claims 60,000 x 60,000.
        var jpeg = [UInt8](try JPEGCodec.encode(Bitmap(width: 8, height: 8, color: red)))
        let sof = try XCTUnwrap((0..<(jpeg.count - 1)).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
        jpeg[sof + 5] = 0xEA; jpeg[sof + 6] = 0x60; jpeg[sof + 7] = 0xEA; jpeg[sof + 8] = 0x60
        XCTAssertThrowsError(try PhotoDecoder.decode(Data(jpeg), name: "huge.jpg")) { XCTAssertTrue("\($0)".contains("too large"), "\($0)") }
    }
}

/// The PNG chunk checksum, for crafting test files.
enum CRC32 {
    static func checksum<C: Collection>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }
}
