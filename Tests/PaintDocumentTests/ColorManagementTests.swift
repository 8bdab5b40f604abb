import CImageCodecs
import Foundation
import XCTest
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport

/// Colour management: a picture carrying an Adobe RGB or Display P3 profile opens to
/// the sRGB values Little CMS's own tool (tificc) computes from it, whichever container carries
/// the profile (TIFF, PNG iCCP, WebP ICCP, JPEG APP2); a file that says sRGB opens to exactly its
/// numbers; what X11Paint saves says sRGB.
final class ColorManagementTests: XCTestCase {
    private let temp = TemporaryDirectory()
    private let adobeRGB = "/usr/share/color/icc/colord/AdobeRGB1998.icc"

    /// Saturated primaries (pure green among them, the colour Adobe RGB and sRGB differ on most), mid-tones and greys.
    private func swatches() -> Bitmap {
        let levels = [0, 40, 128, 200, 255]
        let bitmap = Bitmap(width: 25, height: 5)
        for (i, r) in levels.enumerated() {
            for (j, g) in levels.enumerated() {
                for (k, b) in levels.enumerated() {
                    bitmap[j * 5 + k, i] = Color(r: r, g: g, b: b).premultipliedPixel
                }
            }
        }
        return bitmap
    }

    private func profile(_ path: String) throws -> ColorProfile { ColorProfile(bytes: try Data(contentsOf: URL(fileURLWithPath: path))) }

    private func write(_ data: Data, _ name: String) throws -> String {
        let path = temp.path + "/" + name
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// What Little CMS's tificc makes of a TIFF with an embedded profile: sRGB, perceptual.
    private func tificcReference(_ tiff: String) throws -> Bitmap {
        let output = temp.path + "/reference.tif"
        let (status, text) = try ExternalCommand.run("/usr/bin/tificc", ["-t0", tiff, output])
        XCTAssertEqual(status, 0, text)
        return try TIFFCodec.decode(Data(contentsOf: URL(fileURLWithPath: output))).bitmap
    }

    /// The largest difference of any channel of any pixel.
    private func largestDifference(_ a: Bitmap, _ b: Bitmap) -> Int {
        var largest = 0
        for i in 0..<(a.width * a.height) {
            for shift in [0, 8, 16, 24] {
                largest = max(largest, abs(Int(a.pixels[i] >> UInt32(shift) & 0xFF) - Int(b.pixels[i] >> UInt32(shift) & 0xFF)))
            }
        }
        return largest
    }

    /// A PNG made by libpng with an iCCP chunk (the profile deflated) put after its header.
    static func png(_ bitmap: Bitmap, profile: ColorProfile) throws -> Data {
        let plain = try PNGCodec.encodeVariant(bitmap, colorType: 2, bitDepth: 8, interlaced: false)
        var compressed = codecs_buffer()
        defer { codecs_free_buffer(&compressed) }
        let status = profile.bytes.withUnsafeBytes { codecs_zlib_compress($0.bindMemory(to: UInt8.self).baseAddress, $0.count, 0, 9, &compressed) }
        XCTAssertEqual(status, 0)
        var body = Data("iCCP".utf8) + Data("ICC profile".utf8) + Data([0, 0])
        body += Data(bytes: compressed.bytes!, count: compressed.length)
        var chunk = withUnsafeBytes(of: UInt32(body.count - 4).bigEndian) { Data($0) } + body
        let crc = body.withUnsafeBytes { codecs_crc32($0.bindMemory(to: UInt8.self).baseAddress, $0.count) }
        chunk += withUnsafeBytes(of: crc.bigEndian) { Data($0) }
        return plain.prefix(33) + chunk + plain.dropFirst(33)
    }

    func testAdobeRGBOpensToTheValuesLittleCMSComputesInEveryContainer() throws {
        let source = swatches(), adobe = try profile(adobeRGB)
        let tiff = try write(TIFFCodec.encode(source, profile: adobe), "adobe.tif")
        let reference = try tificcReference(tiff)
        let opened = try TIFFCodec.decode(Data(contentsOf: URL(fileURLWithPath: tiff))).bitmap
        XCTAssertLessThanOrEqual(largestDifference(opened, reference), 1, "TIFF: within 1/255 of tificc")
        // The numbers did change: Adobe RGB's mid-tones are not sRGB's (a conversion skipped would fail here).
        XCTAssertGreaterThan(largestDifference(opened, source), 8)
        // Pure green, and a mid green, against tificc.
        for x in [j(g: 255), j(g: 128)] {
            XCTAssertLessThanOrEqual(largestDifference(crop(opened, x, 0), crop(reference, x, 0)), 1)
        }
        // The same profile in the other containers gives the same colours.
        let webp = try WebPCodec.decode(WebPCodec.encode(source, lossless: true, profile: adobe)).bitmap
        XCTAssertTrue(webp.isEqual(to: opened), "WebP ICCP: as the TIFF")
        let pngData = try Self.png(source, profile: adobe)
        XCTAssertNotNil(ColorProfile.embedded(in: pngData))
        XCTAssertTrue(try PNGCodec.decode(pngData).isEqual(to: opened), "PNG iCCP: as the TIFF")
        let jpeg = try JPEGCodec.decode(JPEGCodec.encode(source, quality: 100, profile: adobe)).bitmap
        let jpegPlain = try JPEGCodec.decode(JPEGCodec.encode(source, quality: 100, profile: nil)).bitmap
        XCTAssertGreaterThan(largestDifference(jpeg, jpegPlain), 8, "JPEG APP2: converted")
        // The same JPEG's numbers, converted as the TIFF's were (the codec's loss is the same in both).
        XCTAssertEqual(adobe.convertToSRGB(jpegPlain), .converted)
        XCTAssertTrue(jpeg.isEqual(to: jpegPlain), "JPEG APP2: the profile applied")
    }

    /// A translucent picture goes through Little CMS premultiplied: each pixel as its opaque
    /// colour converted, then premultiplied (within the rounding of a level), alpha kept.
    func testTranslucentPixelsAreConvertedAsTheirColours() throws {
        let adobe = try profile(adobeRGB)
        let opaque = swatches(), translucent = swatches()
        for i in 0..<(translucent.width * translucent.height) {
            translucent.pixels[i] = Color(premultipliedPixel: opaque.pixels[i]).withAlpha(0.5).premultipliedPixel
        }
        XCTAssertEqual(adobe.convertToSRGB(opaque), .converted)
        XCTAssertEqual(adobe.convertToSRGB(translucent), .converted)
        for i in 0..<(opaque.width * opaque.height) {
            let expected = Color(premultipliedPixel: opaque.pixels[i]).withAlpha(0.5).premultipliedPixel
            for shift: UInt32 in [0, 8, 16, 24] {
                XCTAssertLessThanOrEqual(abs(Int(translucent.pixels[i] >> shift & 0xFF) - Int(expected >> shift & 0xFF)), 2, "pixel \(i)")
            }
        }
    }

    func testDisplayP3OpensToTheValuesLittleCMSComputes() throws {
        let p3 = try XCTUnwrap(ColorProfile.displayP3)
        let source = swatches()
        let tiff = try write(TIFFCodec.encode(source, profile: p3), "p3.tif")
        let opened = try TIFFCodec.decode(Data(contentsOf: URL(fileURLWithPath: tiff))).bitmap
        XCTAssertLessThanOrEqual(largestDifference(opened, try tificcReference(tiff)), 1, "within 1/255 of tificc")
        // And the profile is Display P3: an in-gamut colour against the published P3-to-sRGB
        // matrix (both D65, sRGB's curve), computed here in doubles.
        func linear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        func encoded(_ v: Double) -> Double { v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055 }
        let matrix = [[1.2249401, -0.2249404, 0.0], [-0.0420569, 1.0420571, 0.0], [-0.0196376, -0.0786361, 1.0982735]]
        let p3Color = [200.0, 128.0, 128.0].map { linear($0 / 255) }
        let expected = matrix.map { row in Int((encoded(zip(row, p3Color).map(*).reduce(0, +)) * 255).rounded()) }
        let got = opened.color(atX: j(g: 128, b: 128), y: 3)
        for (channel, value) in [got.red, got.green, got.blue].enumerated() {
            XCTAssertLessThanOrEqual(abs(Int((value * 255).rounded()) - expected[channel]), 1, "channel \(channel): \(got) against \(expected)")
        }
    }

    func testFilesThatSaySRGBOpenToTheirNumbersAndSavedFilesSaySRGB() throws {
        let source = swatches()
        XCTAssertEqual(ColorProfile.sRGB.convertToSRGB(Bitmap(width: 1, height: 1)), .unchanged, "Little CMS's own sRGB")
        XCTAssertEqual(try profile("/usr/share/color/icc/colord/sRGB.icc").convertToSRGB(source.cropped(to: PixelRect(x0: 0, y0: 0, x1: 25, y1: 5))), .unchanged, "colord's sRGB")
        let webpData = try WebPCodec.encode(source, lossless: true)
        XCTAssertEqual(ColorProfile.embedded(in: webpData), .sRGB, "a saved WebP says sRGB")
        XCTAssertTrue(try WebPCodec.decode(webpData).bitmap.isEqual(to: source), "and opens to its numbers")
        let tiffData = try TIFFCodec.encode(source)
        XCTAssertTrue(try TIFFCodec.decode(tiffData).bitmap.isEqual(to: source))
        XCTAssertNotNil(ColorProfile.embedded(in: try JPEGCodec.encode(source)), "a saved JPEG says sRGB")
        XCTAssertEqual(ColorProfile(bytes: Data(repeating: 7, count: 300)).convertToSRGB(source.cropped(to: PixelRect(x0: 0, y0: 0, x1: 25, y1: 5))), .unusable, "damaged: left as it is")
    }

    /// The column of the swatch with these green and blue levels.
    private func j(g: Int, b: Int = 0) -> Int { [0, 40, 128, 200, 255].firstIndex(of: g)! * 5 + [0, 40, 128, 200, 255].firstIndex(of: b)! }

    private func crop(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> Bitmap {
        let one = Bitmap(width: 1, height: 1)
        one.pixels[0] = bitmap[x, y]
        return one
    }
}
