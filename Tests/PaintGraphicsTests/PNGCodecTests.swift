import XCTest
@testable import PaintGraphics

final class PNGCodecTests: XCTestCase {
    func testOpaqueBitmapRoundTripsExactly() throws {
        let bitmap = Bitmap(width: 37, height: 21, color: .white)
        for y in 0..<21 { for x in 0..<37 { bitmap[x, y] = Color(r: x * 6, g: y * 12, b: (x * y) % 256).premultipliedPixel } }
        let data = try PNGCodec.encode(bitmap)
        XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG signature")
        let decoded = try PNGCodec.decode(data)
        XCTAssertTrue(decoded.isEqual(to: bitmap))
    }

    func testTranslucentPixelsKeepTheirAlpha() throws {
        let bitmap = Bitmap(width: 4, height: 1)
        bitmap[0, 0] = Color(r: 255, g: 0, b: 0, a: 128).premultipliedPixel
        bitmap[1, 0] = Color.clear.premultipliedPixel
        bitmap[2, 0] = Color(r: 0, g: 0, b: 255, a: 255).premultipliedPixel
        bitmap[3, 0] = Color(r: 10, g: 200, b: 90, a: 64).premultipliedPixel
        let decoded = try PNGCodec.decode(try PNGCodec.encode(bitmap))
        for x in 0..<4 {
            let a = bitmap.color(atX: x, y: 0), b = decoded.color(atX: x, y: 0)
            XCTAssertEqual(a.alpha, b.alpha, accuracy: 0.5 / 255, "alpha at \(x)")
            XCTAssertEqual(a.red, b.red, accuracy: 0.02, "red at \(x)")
            XCTAssertEqual(a.green, b.green, accuracy: 0.02, "green at \(x)")
        }
    }

    func testGarbageAndTruncatedFilesGiveErrorsNotCrashes() throws {
        XCTAssertThrowsError(try PNGCodec.decode(Data())) { XCTAssertTrue("\($0)".contains("not a PNG")) }
        XCTAssertThrowsError(try PNGCodec.decode(Data("hello, world".utf8)))
        let valid = try PNGCodec.encode(Bitmap(width: 50, height: 50, color: .red))
        for length in [8, 16, 33, valid.count / 2, valid.count - 13] {
            XCTAssertThrowsError(try PNGCodec.decode(valid.prefix(length)), "truncated at \(length)")
        }
    }

    func testHugeHeaderIsRefusedBeforeAllocating() throws {
        let valid = try PNGCodec.encode(Bitmap(width: 100, height: 100, color: .red))
        XCTAssertThrowsError(try PNGCodec.decode(valid, pixelLimit: 9_999)) { error in
            XCTAssertTrue("\(error)".contains("too large"), "\(error)")
        }
        XCTAssertNoThrow(try PNGCodec.decode(valid, pixelLimit: 10_000))
    }
}

final class PNGWriterTests: XCTestCase {
    /// The parallel writer splits the rows into bands; every band boundary must survive libpng's
    /// decoder (CRCs, the combined Adler-32, the deflate blocks).
    func testEveryThreadCountWritesTheSamePixels() throws {
        let bitmap = Bitmap(width: 173, height: 59, color: .white)
        for y in 0..<59 { for x in 0..<173 where (x * 7 + y * 3) % 11 < 4 { bitmap[x, y] = Color(r: x, g: y * 4, b: 90).premultipliedPixel } }
        for threads in 1...5 {
            var options = PNGCodec.Options.drawing
            options.threads = threads
            let decoded = try PNGCodec.decode(try PNGCodec.encode(bitmap, options: options))
            XCTAssertTrue(decoded.isEqual(to: bitmap), "\(threads) threads")
        }
    }
}
