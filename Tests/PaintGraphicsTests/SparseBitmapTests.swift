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
