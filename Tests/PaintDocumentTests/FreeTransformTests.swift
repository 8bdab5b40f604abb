import Foundation
import XCTest
@testable import PaintDocument
@testable import PaintGraphics

/// Free transform: nothing moved changes nothing, a quarter turn through it is Rotate Right,
/// perspective matches Pillow's, a selection moves alone, and undo gives back every byte.
final class FreeTransformTests: XCTestCase {
    private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/transform")

    private func bytes(_ bitmap: Bitmap) -> [UInt32] { Array(UnsafeBufferPointer(start: bitmap.pixels, count: bitmap.width * bitmap.height)) }

    /// Random premultiplied pixels, some transparent, some partly so.
    private func noise(_ width: Int, _ height: Int, seed: UInt64) -> Bitmap {
        var state = seed
        let bitmap = Bitmap(width: width, height: height)
        for i in 0..<(width * height) {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let alpha = UInt32(state >> 56) | (i % 3 == 0 ? 0xFF : 0)
            let r = UInt32(state >> 40 & 0xFF) * alpha / 255, g = UInt32(state >> 32 & 0xFF) * alpha / 255, b = UInt32(state >> 24 & 0xFF) * alpha / 255
            bitmap.pixels[i] = i % 7 == 0 ? 0 : alpha << 24 | r << 16 | g << 8 | b
        }
        return bitmap
    }

    func testTheIdentityLeavesEveryPixelAsItWasWithEachFilter() {
        for filter in PerspectiveWarp.filters {
            let layer = noise(97, 61, seed: 3)
            let before = bytes(layer)
            FreeTransform(identityOf: Rect(x: 0, y: 0, width: 97, height: 61), filter: filter).apply(onto: layer, area: nil, atScale: 1)
            XCTAssertEqual(bytes(layer) == before, true, "\(filter): the whole layer")
            let area = SelectionArea(bounds: Rect(x: 10, y: 7, width: 40, height: 30))
            FreeTransform(identityOf: area.bounds, filter: filter).apply(onto: layer, area: area, atScale: 1)
            XCTAssertEqual(bytes(layer) == before, true, "\(filter): a selection")
        }
    }

    func testAQuarterTurnThroughTheTransformIsRotateRight() {
        for filter in PerspectiveWarp.filters {
            let layer = noise(64, 64, seed: 11)
            let turned = layer.reoriented(ImageTurn.clockwise.orientation)
            // The top-left corner goes to the top-right, and so on round.
            let transform = FreeTransform(source: Rect(x: 0, y: 0, width: 64, height: 64),
                                          corners: [Point(x: 64, y: 0), Point(x: 64, y: 64), Point(x: 0, y: 64), Point(x: 0, y: 0)], filter: filter)
            transform.apply(onto: layer, area: nil, atScale: 1)
            let differing = zip(bytes(layer), bytes(turned)).filter { $0 != $1 }.count
            XCTAssertEqual(differing, 0, "\(filter): the same pixels as Rotate Right")
        }
    }

    /// Pillow's `Image.transform(PERSPECTIVE, BICUBIC)` on the same picture and corners
    /// (scripts/make-transform-fixture.py): within 2 levels on average. Both use the cubic with
    /// a = −1; Pillow's edge is hard where ours is anti-aliased.
    func testPerspectiveMatchesPillowsWithinTwoLevels() throws {
        let source = try PNGCodec.decode(Data(contentsOf: fixtures.appendingPathComponent("source.png")))
        let pillow = try PNGCodec.decode(Data(contentsOf: fixtures.appendingPathComponent("pillow.png")))
        let numbers = try String(contentsOf: fixtures.appendingPathComponent("corners.txt"), encoding: .utf8)
            .split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        XCTAssertEqual(numbers.count, 8)
        let corners = stride(from: 0, to: 8, by: 2).map { Point(x: numbers[$0], y: numbers[$0 + 1]) }
        let transform = FreeTransform(source: Rect(x: 0, y: 0, width: Double(source.width), height: Double(source.height)), corners: corners, filter: .bicubic)
        XCTAssertTrue(transform.isPlausible)
        transform.apply(onto: source, area: nil, atScale: 1)
        var total = 0, largest = 0
        for (ours, theirs) in zip(bytes(source), bytes(pillow)) {
            for shift in stride(from: 0, through: 24, by: 8) {
                let difference = abs(Int(ours >> shift & 0xFF) - Int(theirs >> shift & 0xFF))
                total += difference
                largest = max(largest, difference)
            }
        }
        let mean = Double(total) / Double(source.width * source.height * 4)
        print("free transform: mean difference from Pillow's perspective \(mean) levels, largest \(largest)")
        XCTAssertLessThanOrEqual(mean, 2)
        XCTAssertGreaterThan(Set(bytes(source)).count, 1000, "a picture, not an empty layer")
    }

    func testASelectionMovesAloneAndUndoGivesBackEveryByte() {
        let content = DocumentContent()
        content.adoptFormatIfNone(DocumentFormat(pixelWidth: 120, pixelHeight: 80))
        _ = content.matchLayerToFormat()
        content.append(.stroke(Stroke(points: [Point(x: 5, y: 5), Point(x: 110, y: 70)], color: .red, width: 14, blendMode: .sourceOver)))
        content.append(.stroke(Stroke(points: [Point(x: 5, y: 70), Point(x: 110, y: 8)], color: .blue, width: 6, blendMode: .sourceOver)))
        let before = bytes(content.drawing.renderArtwork())
        let area = SelectionArea(bounds: Rect(x: 40, y: 20, width: 40, height: 40))
        // Shrunk into the top-left corner, a little in perspective.
        let transform = FreeTransform(source: area.bounds, corners: [Point(x: 2, y: 2), Point(x: 30, y: 4), Point(x: 28, y: 24), Point(x: 4, y: 22)], filter: .bilinear)
        content.append(.transform(transform, area: area))
        let after = content.drawing.renderArtwork()
        XCTAssertNotEqual(bytes(after), before)
        let source = content.drawing.stack.pixels(of: 0)!
        XCTAssertEqual(source[60, 40], 0, "the selection's place is left transparent")
        let unchangedFar = zip(bytes(after), before).enumerated().filter { i, pair in
            let x = i % 120, y = i / 120
            return (x >= 90 || y >= 65) && pair.0 != pair.1
        }.count
        XCTAssertEqual(unchangedFar, 0, "pixels away from the selection and where it went are as they were")
        XCTAssertTrue(content.undo())
        XCTAssertEqual(bytes(content.drawing.renderArtwork()) == before, true, "undo gives back every byte")
        XCTAssertTrue(content.redo())
        XCTAssertEqual(bytes(content.drawing.renderArtwork()) == bytes(after), true, "redo makes the same pixels")
    }

    func testACrossedOrFlatQuadrilateralIsNotReplayed() {
        let rect = Rect(x: 0, y: 0, width: 10, height: 10)
        XCTAssertFalse(FreeTransform(source: rect, corners: [Point(x: 0, y: 0), Point(x: 10, y: 10), Point(x: 10, y: 0), Point(x: 0, y: 10)], filter: .bicubic).isPlausible, "a bow tie")
        XCTAssertFalse(FreeTransform(source: rect, corners: [Point(x: 0, y: 0), Point(x: 5, y: 0), Point(x: 10, y: 0), Point(x: 0, y: 10)], filter: .bicubic).isPlausible, "three on a line")
        XCTAssertFalse(FreeTransform(source: rect, corners: [Point(x: .nan, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10), Point(x: 0, y: 10)], filter: .bicubic).isPlausible)
        XCTAssertFalse(FreeTransform(identityOf: rect, filter: .lanczos3).isPlausible, "a warp's filters only")
        XCTAssertTrue(FreeTransform(identityOf: rect).isPlausible)
    }
}
