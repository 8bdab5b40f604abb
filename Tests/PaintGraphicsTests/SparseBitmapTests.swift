import XCTest
@testable import PaintGraphics

/// Layers live in sparse memory: a copy writes only the pages that hold paint, clearing gives
/// the pages back, and the pixels read as they were written.
final class SparseBitmapTests: XCTestCase {
    func testASparseCopyWritesOnlyPaintedPagesAndKeepsEveryPixel() {
        let source = Bitmap(width: 3840, height: 2160)
        source.fill(PixelRect(x0: 100, y0: 100, x1: 140, y1: 110), with: 0xFF10_2030)
        source[3839, 2159] = 0x8000_0080
        let (copy, bytes) = source.sparseCopy()
        XCTAssertTrue(copy.isSparse)
        XCTAssertTrue(copy.isEqual(to: source))
        let page = PixelMemory.pageSize
        XCTAssertGreaterThanOrEqual(bytes, 11 * 40 * 4, "the painted rows")
        XCTAssertLessThanOrEqual(bytes, 12 * page, "ten rows' pages and the last pixel's, not the 33 MB canvas")
    }

    func testClearingASparseBitmapGivesItsPixelsBackAsTransparent() {
        let bitmap = Bitmap(sparseWidth: 500, height: 400)
        bitmap.fill(with: 0xFFFF_FFFF)
        bitmap.clear()
        XCTAssertTrue(bitmap.isEqual(to: Bitmap(width: 500, height: 400)))
        bitmap[10, 10] = 0xFF00_00FF
        XCTAssertEqual(bitmap[10, 10], 0xFF00_00FF, "still writable after its pages went back")
    }
}

/// A new drawing's layer comes from a fresh mapping and costs memory only where it is written
/// (an empty drawing's layer was once resident at start).
final class ZeroedBitmapTests: XCTestCase {
    /// Pages of the bitmap's memory the kernel has mapped, by mincore.
    private func residentPages(_ bitmap: Bitmap) -> Int {
        let page = PixelMemory.pageSize
        let length = (bitmap.width * bitmap.height * 4 + page - 1) / page * page
        var vector = [UInt8](repeating: 0, count: length / page)
        XCTAssertEqual(mincore(UnsafeMutableRawPointer(bitmap.pixels), length, &vector), 0)
        return vector.filter { $0 & 1 != 0 }.count
    }

    func testABigTransparentBitmapIsMappedOnlyWhereWritten() {
        let bitmap = Bitmap(zeroedWidth: 1280, height: 700)
        XCTAssertEqual(residentPages(bitmap), 0, "nothing written up front")
        XCTAssertEqual(bitmap[640, 350], 0, "and it reads transparent")
        bitmap[0, 0] = 0xFF00_FF00
        XCTAssertGreaterThan(residentPages(bitmap), 0)
        XCTAssertEqual(Int(bitPattern: UnsafeRawPointer(bitmap.pixels)) % PixelMemory.hugePageSize, 0, "aligned for huge pages")
        bitmap.clear()
        XCTAssertEqual(residentPages(bitmap), 0, "clearing gives the pages back")
        XCTAssertEqual(bitmap[0, 0], 0, "and reads transparent again")
        bitmap[5, 5] = 0x8040_2010
        XCTAssertEqual(bitmap[5, 5], 0x8040_2010, "still writable")
        let opaque = Bitmap(width: 1280, height: 700, fill: 0xFFFF_FFFF)
        XCTAssertEqual(opaque[1279, 699], 0xFFFF_FFFF, "a colour is written, as before")
    }
}

/// The history's checkpoints are kept packed: every pixel comes back exactly, transparent chunks
/// cost nothing, and what was painted costs far less than a copy.
final class PackedPixelsTests: XCTestCase {
    func testPackingKeepsEveryPixelAndStoresNothingForTransparentChunks() {
        // An odd size, so the last chunk is a partial one.
        let source = Bitmap(width: 1001, height: 777)
        var generator = SystemRandomNumberGenerator()
        source.fill(PixelRect(x0: 0, y0: 0, x1: 1001, y1: 40), with: 0xFF20_4060)
        // Noise in a band (compresses badly), and the very last pixel.
        for y in 300..<340 { for x in 0..<1001 { source[x, y] = UInt32.random(in: 0...UInt32.max, using: &generator) | 0xFF00_0000 } }
        source[1000, 776] = 0x8000_0080
        guard let packed = PackedPixels(packing: source) else { return XCTFail("Zstandard packs") }
        XCTAssertLessThan(packed.byteCount, 1001 * 60 * 4, "the flat band packs small; the noise stays its size")
        guard let unpacked = packed.unpack() else { return XCTFail("unpacks") }
        XCTAssertTrue(unpacked.isSparse)
        XCTAssertTrue(unpacked.isEqual(to: source), "every pixel back")

        guard let dense = packed.unpack(dense: true) else { return XCTFail("unpacks") }
        XCTAssertFalse(dense.isSparse)
        XCTAssertTrue(dense.isEqual(to: source))
        // Ordinary memory may be a freed buffer used again: the transparent chunks are written too.
        let used = Bitmap(width: 1001, height: 777, fill: 0xFFFF_FFFF)
        XCTAssertTrue(packed.write(into: used, zeroingTransparent: true))
        XCTAssertTrue(used.isEqual(to: source), "every pixel back over what was there, the transparent ones too")

        let empty = PackedPixels(packing: Bitmap(width: 400, height: 300))!
        XCTAssertEqual(empty.byteCount, 0, "a transparent layer keeps no bytes")
        XCTAssertTrue(empty.unpack()!.isEqual(to: Bitmap(width: 400, height: 300)))
    }
}
