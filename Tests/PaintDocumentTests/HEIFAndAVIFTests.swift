import Foundation
import XCTest
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport

/// Phone pictures: HEIC made by libheif's heif-enc and AVIF made by libavif's avifenc
/// open to the pixels their reference decoders (heif-convert, avifdec) give; their colour
/// descriptions (an ICC profile, an nclx box saying Display P3) are converted to sRGB; AVIF's
/// rotation and mirroring are applied; hostile and cut files are refused with a message.
final class HEIFAndAVIFTests: XCTestCase {
    private let temp = TemporaryDirectory()

    /// Gradients and hard edges, wider than tall so a turn shows; alpha when asked.
    private func picture(width: Int = 96, height: Int = 64, alpha: Bool = false) -> Bitmap {
        let bitmap = Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let a = alpha ? (x * 4 + y) % 256 : 255
                bitmap[x, y] = Color(r: x * 255 / width, g: y * 255 / height, b: (x / 8 + y / 8) % 2 * 200 + 30, a: a).premultipliedPixel
            }
        }
        return bitmap
    }

    private func png(_ bitmap: Bitmap, _ name: String) throws -> String {
        let path = temp.path + "/" + name
        try PNGCodec.encode(bitmap).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func run(_ tool: String, _ arguments: [String]) throws {
        let (status, output) = try ExternalCommand.run(tool, arguments)
        XCTAssertEqual(status, 0, "\(tool) \(arguments): \(output)")
    }

    private func data(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    /// The reference decoder's pixels, by way of the PNG it writes.
    private func reference(_ tool: String, _ file: String) throws -> Bitmap {
        let output = temp.path + "/reference-\((file as NSString).lastPathComponent).png"
        try run(tool, [file, output])
        return try PNGCodec.decode(data(output))
    }

    private func largestDifference(_ a: Bitmap, _ b: Bitmap) -> Int {
        XCTAssertEqual([a.width, a.height], [b.width, b.height])
        guard a.width == b.width, a.height == b.height else { return .max }
        var largest = 0
        for i in 0..<(a.width * a.height) {
            for shift: UInt32 in [0, 8, 16, 24] {
                largest = max(largest, abs(Int(a.pixels[i] >> shift & 0xFF) - Int(b.pixels[i] >> shift & 0xFF)))
            }
        }
        return largest
    }

    func testHEICMadeByHeifEncOpensToHeifConvertsPixels() throws {
        let source = try png(picture(), "source.png")
        for (name, options) in [("lossy.heic", ["-q", "80"]), ("lossless.heic", ["-L", "-p", "chroma=444"])] {
            let heic = temp.path + "/" + name
            try run("/usr/bin/heif-enc", options + [source, "-o", heic])
            XCTAssertTrue(HEIFCodec.isHEIF(try data(heic)))
            XCTAssertFalse(AVIFCodec.isAVIF(try data(heic)))
            let (bitmap, pages) = try HEIFCodec.decode(data(heic))
            XCTAssertEqual(pages, 1)
            XCTAssertLessThanOrEqual(largestDifference(bitmap, try reference("/usr/bin/heif-convert", heic)), 1, name)
        }
        // Lossless (4:4:4) keeps the picture within a level of its source (libheif's RGB→YCbCr→RGB).
        let lossless = try HEIFCodec.decode(data(temp.path + "/lossless.heic")).bitmap
        XCTAssertLessThanOrEqual(largestDifference(lossless, picture()), 2)
    }

    func testAVIFMadeByAvifencOpensToAvifdecsPixelsAlphaToo() throws {
        let source = try png(picture(alpha: true), "alpha.png")
        for (name, options) in [("lossy.avif", ["-s", "8", "--min", "10", "--max", "20"]), ("lossless.avif", ["-s", "8", "-l"])] {
            let avif = temp.path + "/" + name
            try run("/usr/bin/avifenc", options + [source, avif])
            XCTAssertTrue(AVIFCodec.isAVIF(try data(avif)))
            XCTAssertFalse(HEIFCodec.isHEIF(try data(avif)))
            let (bitmap, pages) = try AVIFCodec.decode(data(avif))
            XCTAssertEqual(pages, 1)
            XCTAssertLessThanOrEqual(largestDifference(bitmap, try reference("/usr/bin/avifdec", avif)), 1, name)
        }
        let lossless = try AVIFCodec.decode(data(temp.path + "/lossless.avif")).bitmap
        XCTAssertLessThanOrEqual(largestDifference(lossless, picture(alpha: true)), 1, "lossless: the source, premultiplied")
    }

    func testAVIFTurnsAndMirrorsAsItsPropertiesSay() throws {
        let source = try png(picture(), "upright.png")
        let plain = temp.path + "/plain.avif", turned = temp.path + "/turned.avif"
        try run("/usr/bin/avifenc", ["-s", "8", "-l", source, plain])
        try run("/usr/bin/avifenc", ["-s", "8", "-l", "--irot", "1", "--imir", "1", source, turned])
        let upright = try AVIFCodec.decode(data(plain)).bitmap, shown = try AVIFCodec.decode(data(turned)).bitmap
        XCTAssertEqual([shown.width, shown.height], [64, 96], "a quarter turn")
        // A quarter turn anticlockwise puts the top-right corner at the top left; the mirror
        // (left to right) then puts it at the top right.
        XCTAssertEqual(shown[63, 0], upright[95, 0])
        XCTAssertEqual(shown[0, 95], upright[0, 63])
        XCTAssertTrue(shown.isEqual(to: upright.reoriented(8).reoriented(2)))
    }

    func testColourDescriptionsAreConvertedToSRGB() throws {
        let source = try png(picture(), "colours.png")
        // nclx: Display P3 primaries (12), sRGB's curve (13), BT.601 matrix (6).
        let untagged = temp.path + "/untagged.avif", p3 = temp.path + "/p3.avif"
        try run("/usr/bin/avifenc", ["-s", "8", "-l", source, untagged])
        try run("/usr/bin/avifenc", ["-s", "8", "-l", "--cicp", "12/13/0", source, p3])
        let expected = try AVIFCodec.decode(data(untagged)).bitmap
        XCTAssertEqual(try XCTUnwrap(ColorProfile.displayP3).convertToSRGB(expected), .converted)
        let opened = try AVIFCodec.decode(data(p3)).bitmap
        XCTAssertLessThanOrEqual(largestDifference(opened, expected), 1, "AVIF nclx Display P3: converted as the P3 profile converts")
        XCTAssertGreaterThan(largestDifference(opened, try AVIFCodec.decode(data(untagged)).bitmap), 8, "and the colours did change")
        // HEIC with an ICC profile (heif-enc takes the source PNG's): as the profile converts.
        let adobe = ColorProfile(bytes: try data("/usr/share/color/icc/colord/AdobeRGB1998.icc"))
        let tagged = temp.path + "/tagged.png"
        try ColorManagementTests.png(picture(), profile: adobe).write(to: URL(fileURLWithPath: tagged))
        let heic = temp.path + "/adobe.heic", plainHEIC = temp.path + "/plain.heic"
        try run("/usr/bin/heif-enc", ["-L", "-p", "chroma=444", tagged, "-o", heic])
        try run("/usr/bin/heif-enc", ["-L", "-p", "chroma=444", source, "-o", plainHEIC])
        let converted = try HEIFCodec.decode(data(plainHEIC)).bitmap
        adobe.convertToSRGB(converted)
        XCTAssertLessThanOrEqual(largestDifference(try HEIFCodec.decode(data(heic)).bitmap, converted), 0, "HEIC ICC: converted")
    }

    func testSeveralPicturesAndHostileFiles() throws {
        let first = try png(picture(), "one.png"), second = try png(picture(width: 40, height: 40), "two.png")
        let both = temp.path + "/both.heic"
        try run("/usr/bin/heif-enc", ["-q", "70", first, second, "-o", both])
        XCTAssertEqual(try HEIFCodec.decode(data(both)).pages, 2)
        let opened = try PhotoDecoder.open(data(both), name: "both.heic", maximumPixels: 1 << 24, job: nil)
        XCTAssertEqual([opened.pages, opened.photo.asset.image.width], [2, 96], "the primary (first) picture, and the count")

        let heic = try data(both), avifPath = temp.path + "/x.avif"
        try run("/usr/bin/avifenc", ["-s", "8", first, avifPath])
        let avif = try data(avifPath)
        for (name, bytes) in [("heic", heic), ("avif", avif)] {
            // A header claiming 60000x60000 (its ispe box) is refused before anything is decoded.
            var huge = bytes
            let ispe = try XCTUnwrap(huge.range(of: Data("ispe".utf8)))
            huge.replaceSubrange(ispe.upperBound + 4..<ispe.upperBound + 12, with: [0, 0, 0xEA, 0x60, 0, 0, 0xEA, 0x60])
            XCTAssertThrowsError(try PhotoDecoder.decode(huge, name: "huge.\(name)"), name) { error in
                XCTAssertTrue("\(error)".contains("pixels") || "\(error)".contains("large") || "\(error)".contains("could not"), "\(error)")
            }
            for cut in [bytes.count / 2, 40, 12] {
                XCTAssertThrowsError(try PhotoDecoder.decode(bytes.prefix(cut), name: "cut.\(name)"), "\(name) cut at \(cut)")
            }
            XCTAssertThrowsError(try PhotoDecoder.decode(bytes, name: "small.\(name)", pixelLimit: 1000), "over the pixel limit")
        }
    }
}
