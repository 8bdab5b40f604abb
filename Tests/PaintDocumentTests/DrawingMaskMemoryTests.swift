import XCTest
@testable import PaintDocument
@testable import PaintGraphics

/// A drawing's two document-sized coverage masks (the stroke in progress, replays) come from
/// fresh mappings: an empty drawing's were zeroed and resident at start, and a stroke costs
/// only the pages it reaches.
final class DrawingMaskMemoryTests: XCTestCase {
    /// Pages of the mask's memory the kernel has mapped, by mincore.
    private func residentPages(_ mask: CoverageMask) -> Int {
        let page = PixelMemory.pageSize
        // From the page the mask starts in (ordinary memory need not start on one).
        let address = Int(bitPattern: UnsafeRawPointer(mask.values)), start = address / page * page
        let length = (address - start + mask.width * mask.height + page - 1) / page * page
        var vector = [UInt8](repeating: 0, count: length / page)
        XCTAssertEqual(mincore(UnsafeMutableRawPointer(bitPattern: start), length, &vector), 0)
        return vector.filter { $0 & 1 != 0 }.count
    }

    func testANewDrawingsMasksCostNothingUntilAStrokeReachesThem() {
        let drawing = DrawingLayer(width: 1280, height: 659)
        XCTAssertEqual(residentPages(drawing.activeMask), 0, "nothing written up front")
        XCTAssertEqual(residentPages(drawing.scratch), 0)

        // A stroke along the top rows.
        let stroke = Stroke(points: [Point(x: 20, y: 12)], color: .red, width: 6, blendMode: .sourceOver)
        _ = drawing.begin(stroke)
        for x in stride(from: 40.0, through: 600, by: 20) { _ = drawing.extend(to: Point(x: x, y: 12)) }
        let pages = residentPages(drawing.activeMask)
        XCTAssertGreaterThan(pages, 0, "the stroke's rows are written")
        XCTAssertLessThan(pages, 16, "and only they: 6 rows of 1280 pixels, not the 206 pages of the whole mask")
        _ = drawing.commit()
        // (Read only now: reading an unwritten page maps the kernel's zero page, which mincore counts.)
        XCTAssertTrue((0..<659).allSatisfy { drawing.activeMask[$0 % 1280, $0] == 0 }, "the mask reads empty after the stroke")

        let layer = drawing.stack.pixels(of: 0)!
        XCTAssertEqual(layer[300, 12] >> 24, 0xFF, "the stroke is on the layer, opaque")
        XCTAssertEqual(layer[300, 300], 0, "and nothing else")
        XCTAssertTrue((0..<30).allSatisfy { y in (0..<1280).allSatisfy { drawing.activeMask[$0, y] == 0 } }, "the mask is empty again")
    }

    func testAZeroedMaskTooBigForOrdinaryPagesIsOnHugePagesAndClearsItsTouchedRows() {
        let mask = CoverageMask(zeroedWidth: 3840, height: 2160)
        XCTAssertEqual(residentPages(mask), 0)
        XCTAssertEqual(Int(bitPattern: UnsafeRawPointer(mask.values)) % PixelMemory.hugePageSize, 0, "aligned for huge pages")
        for x in 100..<200 { mask.values[1000 * 3840 + x] = 200 }
        mask.markTouched(PixelRect(x0: 100, y0: 1000, x1: 200, y1: 1001))
        XCTAssertEqual(mask[150, 1000], 200)
        mask.clear()
        XCTAssertEqual(mask[150, 1000], 0, "cleared where it was touched")
        XCTAssertEqual(mask[3839, 2159], 0)
    }
}
