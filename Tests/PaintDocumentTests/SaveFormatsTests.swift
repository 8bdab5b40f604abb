import Foundation
import XCTest
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport

/// Saving: Save As writes the format its name's ending says (PNG, JPEG, WebP lossless
/// or lossy, TIFF, BMP, OpenRaster), each read back by the app and by the format library's own
/// tool; the file says sRGB.
final class SaveFormatsTests: XCTestCase {
    private let temp = TemporaryDirectory()

    private func drawing() -> Bitmap {
        let bitmap = Bitmap(width: 64, height: 40)
        for y in 0..<40 { for x in 0..<64 { bitmap[x, y] = Color(r: x * 4, g: y * 6, b: (x / 8 + y / 8) % 2 * 220).premultipliedPixel } }
        return bitmap
    }

    /// A photo's worth of fine detail: what lossy formats are for.
    private func photo() -> Bitmap {
        var seed: UInt32 = 7
        let bitmap = Bitmap(width: 64, height: 40)
        for y in 0..<40 {
            for x in 0..<64 {
                seed = seed &* 1_103_515_245 &+ 12345
                let noise = Int(seed >> 27)
                let r = 100 + x + noise, g = 80 + y * 2 + noise, b = 140 - x + noise
                bitmap[x, y] = Color(r: r, g: g, b: b).premultipliedPixel
            }
        }
        return bitmap
    }

    private func save(_ name: String, quality: Int = 90, lossyWebP: Bool = false, picture: Bitmap? = nil) throws -> (SaveAsTarget, Data) {
        let target = try XCTUnwrap(SaveAsTarget(path: temp.path + "/" + name, jpegQuality: quality, lossyWebP: lossyWebP), name)
        let snapshot = ArtworkSnapshot(background: 0, backgroundImage: picture ?? drawing(), layers: [], names: [], locked: [], width: 64, height: 40)
        let path = try target.write(snapshot)
        return (target, try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    private func meanDifference(_ a: Bitmap, _ b: Bitmap) -> Double {
        var total = 0
        for i in 0..<(a.width * a.height) {
            for shift: UInt32 in [0, 8, 16] {
                total += abs(Int(a.pixels[i] >> shift & 0xFF) - Int(b.pixels[i] >> shift & 0xFF))
            }
        }
        return Double(total) / Double(a.width * a.height * 3)
    }

    func testEveryFormatIsWrittenAsItsEndingSaysAndReadsBack() throws {
        for name in ["a.png", "a.webp", "a.tif", "a.tiff", "a.bmp"] {
            let (target, data) = try save(name)
            XCTAssertFalse(target.isLossy, name)
            let opened = try PhotoDecoder.decode(data, name: name).asset.image.bitmap
            XCTAssertTrue(opened.isEqual(to: drawing()), "\(name): every pixel")
        }
        XCTAssertEqual(try save("a.tif").0.format, .tiff)
        XCTAssertTrue(TIFFCodec.isTIFF(try save("b.TIFF").1))
        XCTAssertEqual(try save("a.bmp").0.format, .bmp)

        let (lossy, lossyData) = try save("lossy.webp", quality: 60, lossyWebP: true, picture: photo())
        XCTAssertEqual(lossy.format, .webp(quality: 60))
        XCTAssertTrue(lossy.isLossy)
        XCTAssertLessThan(lossyData.count, try save("lossless.webp", picture: photo()).1.count, "lossy is smaller")
        XCTAssertLessThan(meanDifference(try WebPCodec.decode(lossyData).bitmap, photo()), 6, "and close to the photo")
        XCTAssertTrue(try save("a.jpg").0.isLossy)
        XCTAssertNil(SaveAsTarget(path: temp.path + "/a.heic"), "HEIC is opened, not written")
        XCTAssertNil(SaveAsTarget(path: temp.path + "/a.gif"))
    }

    /// libtiff's tiffinfo reads what we write: Deflate, the predictor, the sRGB profile.
    func testLibtiffReadsTheTIFFWeWrite() throws {
        let (target, data) = try save("check.tif")
        XCTAssertEqual(ColorProfile.embedded(in: try save("check.webp").1), .sRGB)
        let (status, info) = try ExternalCommand.run("/usr/bin/tiffinfo", [target.path])
        XCTAssertEqual(status, 0, info)
        XCTAssertTrue(info.contains("AdobeDeflate") || info.contains("Deflate"), info)
        XCTAssertTrue(info.contains("ICC Profile"), info)
        XCTAssertTrue(info.contains("Image Width: 64 Image Length: 40"), info)
        XCTAssertGreaterThan(data.count, 100)
    }

    /// PNG's sRGB chunk, before the pixels, from every writer the app saves with (the parallel
    /// one for opaque drawings, libpng's for translucent ones and one thread); libpng reads it.
    func testSavedPNGsSaySRGB() throws {
        let translucent = drawing()
        translucent[0, 0] = 0x8000_0000
        let oneThread = PNGCodec.Options(filters: 0, level: 6, strategy: 0, threads: 1)
        for (what, data) in [("opaque", try save("opaque.png").1), ("translucent", try PNGCodec.encode(translucent)),
                             ("one thread", try PNGCodec.encode(drawing(), options: oneThread))] {
            let chunk = try XCTUnwrap(data.range(of: Data("sRGB".utf8)), what)
            XCTAssertLessThan(chunk.lowerBound, try XCTUnwrap(data.range(of: Data("IDAT".utf8))).lowerBound, what)
            XCTAssertEqual(data[chunk.upperBound], 0, "\(what): perceptual")
            XCTAssertTrue(try PNGCodec.decode(data).width == 64, "\(what): libpng reads it")
        }
    }

    func testFormatsKnowTheirEndingsAndTypes() {
        XCTAssertEqual(PictureFormat(path: "/x/Photo.HEIC"), .heic)
        XCTAssertEqual(PictureFormat(path: "a.jpeg")?.mimeType, "image/jpeg")
        XCTAssertEqual(RecentlyUsed.mimeType(of: "a.avif"), "image/avif")
        XCTAssertEqual(RecentlyUsed.mimeType(of: "a.xcf"), "application/octet-stream")
        XCTAssertTrue(PhotoLibrary.pictureExtensions.isSuperset(of: ["heic", "avif", "gif", "bmp", "webp", "tif", "svg"]))
        XCTAssertEqual(PictureFormat.savedEndings, ".png, .jpg, .jpeg, .webp, .tif, .tiff, .bmp, .ora")
    }
}
