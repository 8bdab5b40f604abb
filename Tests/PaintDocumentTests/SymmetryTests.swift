import Foundation
import XCTest
@testable import PaintDocument
@testable import PaintGraphics

/// Symmetry painting: a stroke with a symmetry is drawn with its mirrored or turned copies, so
/// the layer it leaves is itself symmetric; MyPaint's brushes take libmypaint's own symmetry.
final class SymmetryTests: XCTestCase {
    private func bytes(_ bitmap: Bitmap) -> [UInt32] { Array(UnsafeBufferPointer(start: bitmap.pixels, count: bitmap.width * bitmap.height)) }

    /// Pixels more than `levels` apart in some channel.
    private func differing(_ a: Bitmap, _ b: Bitmap, levels: Int) -> Int {
        var count = 0
        for (p, q) in zip(bytes(a), bytes(b)) where p != q {
            for shift: UInt32 in [0, 8, 16, 24] where abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF)) > levels {
                count += 1
                break
            }
        }
        return count
    }

    private func render(_ stroke: Stroke, size: Int) -> Bitmap {
        let layer = Bitmap(width: size, height: size)
        StrokeRenderer().render(stroke, onto: layer, scratch: CoverageMask(width: size, height: size))
        return layer
    }

    func testAVerticalMirrorsStrokeIsTheSameFlippedLeftToRight() {
        var stroke = Stroke(points: [Point(x: 10, y: 20), Point(x: 40, y: 70), Point(x: 55, y: 30)], color: .red, width: 7, blendMode: .sourceOver)
        stroke.symmetry = Symmetry(kind: .vertical, centre: Point(x: 64, y: 64))
        let layer = render(stroke, size: 128)
        XCTAssertEqual(differing(layer, layer.reoriented(ImageTurn.flipHorizontal.orientation), levels: 1), 0, "mirror-symmetric")
        XCTAssertGreaterThan(layer[128 - 40, 70] >> 24, 200, "the copy is there")
        var single = stroke
        single.symmetry = nil
        XCTAssertEqual(render(single, size: 128)[128 - 40, 70] >> 24, 0, "and not without the symmetry")
    }

    func testAFourFoldStrokeIsTheSameTurnedAQuarter() {
        var stroke = Stroke(points: [Point(x: 20, y: 30), Point(x: 50, y: 44)], color: .blue, width: 9, blendMode: .sourceOver)
        stroke.symmetry = Symmetry(kind: .rotational, centre: Point(x: 64, y: 64), folds: 4)
        let layer = render(stroke, size: 128)
        XCTAssertEqual(differing(layer, layer.reoriented(ImageTurn.clockwise.orientation), levels: 1), 0, "symmetric under a quarter turn")
        XCTAssertEqual(Symmetry(kind: .both, centre: .zero).copies.count, 3)
        XCTAssertEqual(Symmetry(kind: .rotational, centre: .zero, folds: 6).copies.count, 5)
    }

    func testAStrokesSymmetryIsKeptInItsRecordAndAnImplausibleOneRefused() throws {
        var stroke = Stroke(points: [Point(x: 1, y: 2)], color: .red, width: 3, blendMode: .sourceOver)
        stroke.symmetry = Symmetry(kind: .both, centre: Point(x: 5, y: 6))
        let item = Document.Item.stroke(stroke)
        XCTAssertEqual(try JSONDecoder().decode(Document.Item.self, from: JSONEncoder().encode(item)), item)
        let old = #"{"stroke":{"_0":{"points":[[1,2]],"color":{"r":1,"g":0,"b":0,"a":1},"width":3,"blendMode":"sourceOver"}}}"#
        if case .stroke(let read)? = try? JSONDecoder().decode(Document.Item.self, from: Data(old.utf8)) {
            XCTAssertNil(read.symmetry, "a record from before symmetry reads as none")
        }
        stroke.symmetry = Symmetry(kind: .rotational, centre: Point(x: 5, y: 6), folds: 200)
        XCTAssertFalse(Document.Item.stroke(stroke).isPlausible)
    }

    func testAMyPaintBrushDrawsItsCopiesThroughLibmypaint() throws {
        guard BrushStrokeDrawing.isAvailable else { throw XCTSkip("libmypaint is not installed") }
        let set = MyPaintBrushSet.installed()
        guard let brush = set.brush(named: "classic/pen") ?? set.brush(named: "classic/pencil") else { throw XCTSkip("MyPaint's brush set is not installed") }
        let events = (0..<60).map { i in
            BrushEvent(x: 20 + Double(i) * 0.6, y: 20 + Double(i), pressure: 0.7, seconds: i == 0 ? BrushEvent.strokeStartSeconds : 1.0 / 120)
        }
        var stroke = BrushStroke(brush: brush.name, settings: try set.settings(of: brush), color: .black, radius: 3, events: events)
        stroke.symmetry = Symmetry(kind: .vertical, centre: Point(x: 64, y: 64))
        let layer = Bitmap(width: 128, height: 128)
        BrushStrokeDrawing.draw(stroke, on: layer)
        // The stroke runs at x 20...56; its mirror at 72...108.
        let left = (0..<128).map { y in (0..<64).map { layer[$0, y] >> 24 }.reduce(0, +) }.reduce(0, +)
        let right = (0..<128).map { y in (64..<128).map { layer[$0, y] >> 24 }.reduce(0, +) }.reduce(0, +)
        XCTAssertGreaterThan(left, 1000)
        XCTAssertEqual(Double(right), Double(left), accuracy: Double(left) * 0.1, "the mirrored dabs carry as much paint")
    }

    /// Clone Stamp under a vertical mirror: its copy copies from the mirror of its source, so a
    /// mirror-symmetric layer stays mirror-symmetric; Recolor's copy turns the mirrored pixels.
    func testCloneAndRecolorWorkTheirCopiesToo() {
        let size = 128
        let layer = Bitmap(width: size, height: size)
        // A picture symmetric left to right: stripes across, a blob on each side.
        for y in 0..<size { for x in 0..<size { layer[x, y] = (y / 8) % 2 == 0 ? 0xFF_20_60_A0 : 0xFF_F0_E0_C0 } }
        for (cx, cy) in [(30, 30), (size - 1 - 30, 30)] {
            for y in cy - 6...cy + 6 { for x in cx - 6...cx + 6 { layer[x, y] = 0xFF_C0_10_10 } }
        }
        XCTAssertEqual(differing(layer, layer.reoriented(ImageTurn.flipHorizontal.orientation), levels: 0), 0, "symmetric to begin with")
        let mirror = Symmetry(kind: .vertical, centre: Point(x: 64, y: 64))
        let clone = Retouch(kind: .clone(offset: Point(x: 0, y: -60)), points: [Point(x: 25, y: 90), Point(x: 36, y: 94)], width: 10, symmetry: mirror)
        clone.apply(onto: layer, atScale: 1)
        XCTAssertEqual(layer[30, 92], 0xFF_C0_10_10, "the blob copied under the brush")
        XCTAssertEqual(layer[size - 1 - 30, 92], 0xFF_C0_10_10, "and under its mirror image, from the mirrored blob")
        XCTAssertEqual(differing(layer, layer.reoriented(ImageTurn.flipHorizontal.orientation), levels: 1), 0, "still symmetric")
        let recolor = Retouch(kind: .recolor(from: Color(premultipliedPixel: 0xFF_20_60_A0), to: .green, tolerance: 0.1),
                              points: [Point(x: 10, y: 4), Point(x: 20, y: 4)], width: 6, symmetry: mirror)
        recolor.apply(onto: layer, atScale: 1)
        XCTAssertEqual(layer[15, 4], Color.green.premultipliedPixel, "recoloured under the brush")
        XCTAssertEqual(layer[size - 1 - 15, 4], Color.green.premultipliedPixel, "and under its mirror image")
        let reach = recolor.reach(atScale: 1)
        XCTAssertTrue(reach.x0 <= size - 1 - 15 && reach.x1 > size - 1 - 15, "the reach takes in the copies")
        let item = Document.Item.retouch(clone)
        XCTAssertEqual(try JSONDecoder().decode(Document.Item.self, from: JSONEncoder().encode(item)), item, "kept in its record")
    }

    func testAFigureAndASprayAreDrawnWithTheirCopies() throws {
        var shape = Shape(path: .rect(Rect(x: 10, y: 20, width: 30, height: 16)), style: LineStyle(width: 4), color: .red, fill: .blue)
        shape.symmetry = Symmetry(kind: .vertical, centre: Point(x: 64, y: 64))
        let layer = Bitmap(width: 128, height: 128)
        StrokeRenderer().render(shape, onto: layer)
        XCTAssertEqual(differing(layer, layer.reoriented(ImageTurn.flipHorizontal.orientation), levels: 1), 0, "the figure and its mirror")
        XCTAssertEqual(layer[128 - 25, 28], Color.blue.premultipliedPixel, "the copy is filled too")
        let item = Document.Item.shape(shape)
        XCTAssertEqual(try JSONDecoder().decode(Document.Item.self, from: JSONEncoder().encode(item)), item)

        var spray = Spray(color: .black, radius: 6, seed: 7)
        spray.dabs = [Point(x: 30, y: 30)]
        spray.dots = [20]
        spray.symmetry = Symmetry(kind: .rotational, centre: Point(x: 64, y: 64), folds: 4)
        let sprayed = Bitmap(width: 128, height: 128)
        StrokeRenderer().render(spray, onto: sprayed)
        XCTAssertEqual(differing(sprayed, sprayed.reoriented(ImageTurn.clockwise.orientation), levels: 0), 0, "four dots for each dot, a quarter turn apart")
        XCTAssertGreaterThan(bytes(sprayed).filter { $0 != 0 }.count, 40)
    }
}
