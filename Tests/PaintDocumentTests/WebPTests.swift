import Foundation
import XCTest
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport

/// WebP: pictures made by libwebp's own tools (cwebp, img2webp) open to the pixels
/// its reference decoder (dwebp) gives; what X11Paint writes dwebp reads back exactly; hostile
/// and damaged files are refused with a message.
final class WebPTests: XCTestCase {
    private let temp = TemporaryDirectory()

    /// A picture with gradients, hard edges and every level of alpha.
    private func picture(width: Int = 61, height: Int = 37) -> Bitmap {
        let bitmap = Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let color = Color(r: x * 255 / width, g: y * 255 / height, b: (x / 7 + y / 5) % 2 * 200, a: (x * 13 + y * 7) % 256)
                bitmap[x, y] = color.premultipliedPixel
            }
        }
        return bitmap
    }

    /// The straight RGBA dwebp (libwebp's reference decoder) makes of a file, from its PAM output.
    private func referencePixels(of webp: String) throws -> (width: Int, height: Int, rgba: [UInt8]) {
        let pam = temp.path + "/reference.pam"
        let (status, output) = try ExternalCommand.run("/usr/bin/dwebp", [webp, "-pam", "-o", pam])
        XCTAssertEqual(status, 0, output)
        let data = try Data(contentsOf: URL(fileURLWithPath: pam))
        let header = String(decoding: data.prefix(200), as: UTF8.self)
        let end = try XCTUnwrap(header.range(of: "ENDHDR\n"))
        var width = 0, height = 0
        for line in header[..<end.lowerBound].split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.first == "WIDTH" { width = Int(parts[1])! }
            if parts.first == "HEIGHT" { height = Int(parts[1])! }
        }
        let offset = header.utf8.distance(from: header.utf8.startIndex, to: end.upperBound)
        return (width, height, [UInt8](data.dropFirst(offset)))
    }

    private func straight(_ bitmap: Bitmap) -> [UInt8] { RGBAConversion.rgba(from: bitmap) }

    func testWhatX11PaintWritesLosslessDwebpReadsBackExactly() throws {
        let original = picture()
        let data = try WebPCodec.encode(original, lossless: true)
        let path = temp.path + "/ours.webp"
        try data.write(to: URL(fileURLWithPath: path))
        let reference = try referencePixels(of: path)
        XCTAssertEqual(reference.width, original.width)
        XCTAssertEqual(reference.rgba, straight(original), "every pixel, alpha too")
        let decoded = try WebPCodec.decode(data).bitmap
        XCTAssertTrue(decoded.isEqual(to: original), "and we read back the same pixels")
        XCTAssertEqual(WebPCodec.info(data), WebPCodec.Info(width: 61, height: 37, hasAlpha: true, frameCount: 1))
    }

    func testFilesMadeByCwebpOpenToDwebpsPixels() throws {
        let png = temp.path + "/source.png"
        try PNGCodec.encode(picture(width: 120, height: 80)).write(to: URL(fileURLWithPath: png))
        for (name, options) in [("lossy", ["-q", "80"]), ("lossy-alpha", ["-q", "50", "-alpha_q", "70"]), ("lossless", ["-lossless"])] {
            let path = temp.path + "/\(name).webp"
            let (status, output) = try ExternalCommand.run("/usr/bin/cwebp", ["-quiet"] + options + [png, "-o", path])
            XCTAssertEqual(status, 0, output)
            let ours = try WebPCodec.decode(Data(contentsOf: URL(fileURLWithPath: path))).bitmap
            let reference = try referencePixels(of: path)
            XCTAssertEqual([ours.width, ours.height], [reference.width, reference.height])
            // The same library decodes both: exact, but for our premultiplied storage, which
            // brings a colour under alpha a back within 255 / 2a + 0.5 of itself.
            let got = straight(ours)
            var mismatches = 0
            for pixel in 0..<(ours.width * ours.height) {
                let alpha = Int(reference.rgba[pixel * 4 + 3])
                if Int(got[pixel * 4 + 3]) != alpha { mismatches += 1; continue }
                guard alpha > 0 else { continue }
                let tolerance = 255.0 / Double(2 * alpha) + 0.5
                for channel in 0..<3 where Double(abs(Int(got[pixel * 4 + channel]) - Int(reference.rgba[pixel * 4 + channel]))) > tolerance {
                    mismatches += 1
                }
            }
            XCTAssertEqual(mismatches, 0, "\(name): dwebp's pixels")
        }
    }

    func testAnAnimationOpensAtItsFirstFrame() throws {
        var frames: [String] = []
        for (index, color) in [Color(r: 200, g: 30, b: 30), Color(r: 30, g: 30, b: 200)].enumerated() {
            let path = temp.path + "/frame\(index).png"
            try PNGCodec.encode(Bitmap(width: 40, height: 30, color: color)).write(to: URL(fileURLWithPath: path))
            frames.append(path)
        }
        let animation = temp.path + "/animation.webp"
        let (status, output) = try ExternalCommand.run("/usr/bin/img2webp", ["-lossless"] + frames + ["-o", animation])
        XCTAssertEqual(status, 0, output)
        let data = try Data(contentsOf: URL(fileURLWithPath: animation))
        XCTAssertEqual(WebPCodec.info(data)?.frameCount, 2)
        let first = try WebPCodec.decode(data).bitmap
        XCTAssertEqual(try WebPCodec.decode(data).pages, 2, "decoding says how many frames there are")
        XCTAssertEqual(first.color(atX: 20, y: 15), Color(r: 200, g: 30, b: 30), "the first frame")
    }

    func testHostileAndDamagedFilesAreRefusedWithAMessage() throws {
        // A VP8X header claiming a 30000x30000 canvas (900 megapixels) and no picture.
        var bomb = Data("RIFF".utf8) + Data([22, 0, 0, 0]) + Data("WEBPVP8X".utf8) + Data([10, 0, 0, 0, 0, 0, 0, 0])
        let side = 30000 - 1
        bomb += Data([UInt8(side & 0xFF), UInt8((side >> 8) & 0xFF), UInt8(side >> 16)])
        bomb += Data([UInt8(side & 0xFF), UInt8((side >> 8) & 0xFF), UInt8(side >> 16)])
        XCTAssertEqual(WebPCodec.info(bomb)?.width, 30000)
        XCTAssertThrowsError(try WebPCodec.decode(bomb)) { error in
            XCTAssertTrue("\(error)".contains("30000x30000"), "\(error)")
        }
        let good = try WebPCodec.encode(picture(), lossless: false, quality: 80)
        for cut in [12, 30, good.count / 2, good.count - 1] {
            XCTAssertThrowsError(try WebPCodec.decode(good.prefix(cut)), "cut at \(cut)")
        }
        var garbage = good
        for i in stride(from: 40, to: garbage.count, by: 3) { garbage[i] ^= 0x5A }
        // Damaged inside its data: libwebp either says so (the user reads why) or, its lossy
        // data being tolerant, draws a picture of the size the file declares; never a crash.
        do {
            let damaged = try WebPCodec.decode(garbage).bitmap
            let expected = picture()
            XCTAssertEqual([damaged.width, damaged.height], [expected.width, expected.height], "a picture of the declared size")
        } catch {
            XCTAssertTrue("\(error)".hasPrefix("could not read the image: "), "a message the user can read: \(error)")
            XCTAssertGreaterThan("\(error)".count, "could not read the image: ".count, "with the reason")
        }
        XCTAssertThrowsError(try PhotoDecoder.decode(Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPjunk".utf8), name: "junk.webp")) { error in
            XCTAssertFalse("\(error)".isEmpty)
        }
    }

    func testTheBytesDecideNotTheNameAndSaveAsWritesWebP() throws {
        let original = picture()
        let webpNamedPNG = try PhotoDecoder.decode(try WebPCodec.encode(original), name: "actually-webp.png")
        XCTAssertTrue(webpNamedPNG.asset.image.bitmap.isEqual(to: original))
        let pngNamedWebP = try PhotoDecoder.decode(try PNGCodec.encode(original), name: "actually-png.webp")
        XCTAssertEqual(pngNamedWebP.asset.image.width, original.width)
        // Save As .webp: lossless, so it reads back to the same pixels.
        let target = try XCTUnwrap(SaveAsTarget(path: temp.path + "/saved.webp"))
        XCTAssertEqual(target.format, .webp(quality: nil))
        let opaque = Bitmap(width: 40, height: 20, color: Color(r: 12, g: 150, b: 77))
        let snapshot = ArtworkSnapshot(background: 0, backgroundImage: opaque, layers: [], names: [], locked: [], width: 40, height: 20)
        let written = try target.write(snapshot)
        XCTAssertTrue(try WebPCodec.decode(Data(contentsOf: URL(fileURLWithPath: written))).bitmap.isEqual(to: opaque))
    }
}
