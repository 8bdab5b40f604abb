import Foundation
import XCTest
@testable import PaintGraphics

/// Decoding reduces while it reads, stops at the end of the image data, reports progress and
/// can be cancelled.
final class ReducedDecodingTests: XCTestCase {
    /// Stripes and a translucent corner, so averaging and alpha both show.
    private func picture(width: Int, height: Int) -> Bitmap {
        let bitmap = Bitmap(width: width, height: height, color: .blue)
        for y in 0..<height where y % 10 < 5 { bitmap.fill(PixelRect(x0: 0, y0: y, x1: width, y1: y + 1), with: Color.red.premultipliedPixel) }
        bitmap.fill(PixelRect(x0: 0, y0: 0, x1: width / 4, y1: height / 4), with: Color(r: 0, g: 200, b: 0, a: 128).premultipliedPixel)
        return bitmap
    }

    private func assertClose(_ a: Bitmap, _ b: Bitmap, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.width, b.width, file: file, line: line)
        XCTAssertEqual(a.height, b.height, file: file, line: line)
        guard a.width == b.width, a.height == b.height else { return }
        var worst = 0
        for i in 0..<(a.width * a.height) {
            for shift in stride(from: 0, to: 32, by: 8) {
                worst = max(worst, abs(Int((a.pixels[i] >> UInt32(shift)) & 0xFF) - Int((b.pixels[i] >> UInt32(shift)) & 0xFF)))
            }
        }
        XCTAssertLessThanOrEqual(worst, 2, "channels within rounding", file: file, line: line)
    }

    func testAReducedDecodeMatchesBoxAveragingTheWholePictureForEveryLayout() throws {
        let source = picture(width: 301, height: 203)
        let expected = BoxDownscaler.downscale(source, by: 3)
        for (colorType, interlaced) in [(6, false), (6, true), (2, false), (3, false), (3, true)] {
            let data = try PNGCodec.encodeVariant(source, colorType: colorType, bitDepth: 8, interlaced: interlaced)
            let reduced = try PNGCodec.decode(data, maximumPixels: 101 * 68, job: nil)
            XCTAssertEqual(reduced.sourceWidth, 301)
            XCTAssertEqual(reduced.sourceHeight, 203)
            let full = try PNGCodec.decode(data)
            assertClose(reduced.bitmap, BoxDownscaler.downscale(full, by: 3))
            if colorType == 6 { assertClose(reduced.bitmap, expected) }
        }
    }

    /// A PNG whose image data inflates to far more than its rows need (the hostile "2 MB PNG
    /// with 2 GB of surplus image data", at 1/40 the size): red rows, then zeros.
    private func pngWithSurplus(width: Int, height: Int, surplus: Int) throws -> Data {
        var rows = [UInt8](repeating: 0, count: height * (1 + width * 3))
        for y in 0..<height { for x in 0..<width { rows[y * (1 + width * 3) + 1 + x * 3] = 200 } }
        return try XCTUnwrap(RawPNGWriter.png(width: width, height: height, colorType: 2, scanlines: rows, surplus: surplus))
    }

    func testDecodingStopsAtTheLastRowAndNeverReadsTheSurplus() throws {
        let data = try pngWithSurplus(width: 64, height: 64, surplus: 50_000_000)
        XCTAssertGreaterThan(data.count, 40_000, "50 MB of surplus compresses to about 50 KB")
        let job = DecodeJob()
        let decoded = try PNGCodec.decode(data, maximumPixels: nil, job: job)
        XCTAssertEqual(decoded.bitmap.width, 64)
        XCTAssertEqual(decoded.bitmap.color(atX: 63, y: 63), Color(r: 200, g: 0, b: 0))
        XCTAssertEqual(job.progress, 1)
        XCTAssertLessThan(job.bytesRead, 20_000, "the decoder stopped within a piece of the last row, of \(data.count) bytes")
    }

    func testACancelledDecodeStopsWithCancelled() throws {
        let data = try PNGCodec.encode(picture(width: 400, height: 300))
        let job = DecodeJob()
        job.cancel()
        XCTAssertThrowsError(try PNGCodec.decode(data, maximumPixels: nil, job: job)) { error in
            XCTAssertEqual("\(error)", "cancelled")
        }
        let jpeg = try JPEGCodec.encode(picture(width: 400, height: 300))
        XCTAssertThrowsError(try JPEGCodec.decode(jpeg, job: job)) { XCTAssertEqual("\($0)", "cancelled") }
    }
}
