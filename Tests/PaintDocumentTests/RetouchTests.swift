import Foundation
import XCTest
@testable import PaintDocument
@testable import PaintGraphics

/// Clone Stamp and Recolor as document items: the clone copies the pixels from its offset under
/// the brush, Recolor turns only the pixels within the tolerance, and undo gives back every byte.
final class RetouchTests: XCTestCase {
    private func bytes(_ bitmap: Bitmap) -> [UInt32] { Array(UnsafeBufferPointer(start: bitmap.pixels, count: bitmap.width * bitmap.height)) }

    func testTheCloneCopiesThePixelsFromItsOffsetUnderTheBrush() {
        let layer = Bitmap(width: 120, height: 80)
        // A picture to copy: a different colour in every pixel of a patch.
        for y in 10..<40 { for x in 10..<40 { layer[x, y] = 0xFF00_0000 | UInt32(x * 6) << 16 | UInt32(y * 6) << 8 | 0x40 } }
        let before = layer.cropped(to: layer.bounds)
        let clone = Retouch(kind: .clone(offset: Point(x: -60, y: 0)), points: [Point(x: 75, y: 25), Point(x: 85, y: 25)], width: 12)
        clone.apply(onto: layer, atScale: 1)
        // Well inside the brush: the very pixels 60 to the left.
        for (x, y) in [(75, 25), (80, 23), (85, 27)] {
            XCTAssertEqual(layer[x, y], before[x - 60, y], "(\(x), \(y)) copied from (\(x - 60), \(y))")
        }
        XCTAssertEqual(layer[75, 45], 0, "outside the brush nothing")
        XCTAssertEqual(bytes(layer.cropped(to: PixelRect(x0: 0, y0: 0, x1: 60, y1: 80))), bytes(before.cropped(to: PixelRect(x0: 0, y0: 0, x1: 60, y1: 80))),
                       "the source is left as it was")
    }

    func testRecolorTurnsOnlyThePixelsWithinTheTolerance() {
        let layer = Bitmap(width: 60, height: 20)
        let blue = Color(r: 30, g: 60, b: 220), nearBlue = Color(r: 40, g: 70, b: 210), green = Color(r: 30, g: 200, b: 60)
        layer.fill(PixelRect(x0: 0, y0: 0, x1: 20, y1: 20), with: blue.premultipliedPixel)
        layer.fill(PixelRect(x0: 20, y0: 0, x1: 40, y1: 20), with: nearBlue.premultipliedPixel)
        layer.fill(PixelRect(x0: 40, y0: 0, x1: 60, y1: 20), with: green.premultipliedPixel)
        let recolor = Retouch(kind: .recolor(from: blue, to: .red, tolerance: 0.3), points: [Point(x: 0, y: 10), Point(x: 60, y: 10)], width: 8)
        recolor.apply(onto: layer, atScale: 1, over: StrokeRenderer.Underlay(pixel: 0, image: nil))
        XCTAssertEqual(layer[10, 10], Color.red.premultipliedPixel, "the colour itself")
        XCTAssertEqual(layer[30, 10], Color.red.premultipliedPixel, "a colour within the tolerance")
        XCTAssertEqual(layer[50, 10], green.premultipliedPixel, "another colour is left")
        XCTAssertEqual(layer[10, 2], blue.premultipliedPixel, "outside the brush nothing")
        let strict = Bitmap(width: 60, height: 20)
        strict.fill(PixelRect(x0: 20, y0: 0, x1: 40, y1: 20), with: nearBlue.premultipliedPixel)
        Retouch(kind: .recolor(from: blue, to: .red, tolerance: 0), points: [Point(x: 0, y: 10), Point(x: 60, y: 10)], width: 8)
            .apply(onto: strict, atScale: 1, over: StrokeRenderer.Underlay(pixel: 0, image: nil))
        XCTAssertEqual(strict[30, 10], nearBlue.premultipliedPixel, "no tolerance: only the colour itself")
    }

    func testRecolorReadsThePageUnderAnEmptyLayerAndUndoGivesEveryByteBack() {
        let content = DocumentContent()
        content.adoptFormatIfNone(DocumentFormat(pixelWidth: 100, pixelHeight: 60))
        _ = content.matchLayerToFormat()
        content.append(.stroke(Stroke(points: [Point(x: 10, y: 30), Point(x: 90, y: 30)], color: .blue, width: 10, blendMode: .sourceOver)))
        let before = bytes(content.drawing.renderArtwork())
        // White (the page) becomes green along a line crossing the blue one.
        content.append(.retouch(Retouch(kind: .recolor(from: .white, to: .green, tolerance: 0.1), points: [Point(x: 50, y: 5), Point(x: 50, y: 55)], width: 6)))
        let after = content.drawing.renderArtwork()
        XCTAssertEqual(after[50, 10], Color.green.premultipliedPixel, "the page under the empty layer turned")
        XCTAssertEqual(after[50, 30], Color.blue.premultipliedPixel, "the blue line is not white: left")
        XCTAssertTrue(content.undo())
        XCTAssertEqual(bytes(content.drawing.renderArtwork()) == before, true)
        XCTAssertTrue(content.redo())
        XCTAssertTrue(content.drawing.renderArtwork().isEqual(to: after))
    }

    func testAnImplausibleRecordIsNotReplayed() {
        XCTAssertFalse(Retouch(kind: .clone(offset: Point(x: .nan, y: 0)), points: [Point(x: 1, y: 1)], width: 4).isPlausible)
        XCTAssertFalse(Retouch(kind: .recolor(from: .white, to: .red, tolerance: 3), points: [Point(x: 1, y: 1)], width: 4).isPlausible)
        XCTAssertFalse(Retouch(kind: .clone(offset: .zero), points: [], width: 4).isPlausible)
        XCTAssertTrue(Retouch(kind: .clone(offset: .zero), points: [Point(x: 1, y: 1)], width: 4).isPlausible)
    }
}
