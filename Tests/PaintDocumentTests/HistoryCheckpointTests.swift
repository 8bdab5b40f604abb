import Foundation
import XCTest
@testable import PaintDocument
@testable import PaintGraphics

/// Opening a long history keeps only the checkpoints that would outlive the replay
/// (10,000 strokes at 4K took 6 s to open, 73% of it copying layers for checkpoints thinned away).
final class HistoryCheckpointTests: XCTestCase {
    private func strokes(_ count: Int) -> [Document.Item] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { i in
            let start = Point(x: Double.random(in: 0...160, using: &generator), y: Double.random(in: 0...120, using: &generator))
            let end = Point(x: Double.random(in: 0...160, using: &generator), y: Double.random(in: 0...120, using: &generator))
            return .stroke(Stroke(points: [start, end], color: Color(r: i % 256, g: 90, b: 200, a: 200), width: 5, blendMode: .sourceOver))
        }
    }

    private func bytes(_ bitmap: Bitmap) -> [UInt32] { (0..<bitmap.width * bitmap.height).map { bitmap.pixels[$0] } }

    func testALongReplayStoresTheRecentCheckpointsAndOneInEightOfTheRest() {
        let checkpoints = LayerCheckpoints(interval: 32, capacity: 8)
        let stored = stride(from: 32, through: 10_000, by: 32).filter { checkpoints.survives($0, replayingTo: 10_000) }
        XCTAssertLessThan(stored.count, 40, "not 312 copies")
        XCTAssertTrue(stored.contains(9_984), "the last interval before the end")
        XCTAssertTrue(stored.contains { $0 <= 5_000 }, "a deep undo still starts from a checkpoint")
        // Undo and redo replay a handful of items: every checkpoint they reach is kept.
        XCTAssertTrue(checkpoints.survives(64, replayingTo: 70))
    }

    func testUndoingDeepIntoAnOpenedHistoryGivesTheSamePixelsAsReplayingIt() {
        let items = strokes(700)
        let drawing = DrawingLayer(width: 160, height: 120)
        drawing.rebuild(from: Document(items: items))
        XCTAssertGreaterThan(drawing.checkpointCount, 0)
        // Back to 150 items (before the recent checkpoints), and forward again to 699.
        for count in [150, 699] {
            let prefix = Document(items: Array(items.prefix(count)))
            drawing.rebuild(from: prefix)
            let fresh = DrawingLayer(width: 160, height: 120)
            fresh.rebuild(from: prefix)
            XCTAssertEqual(bytes(drawing.renderArtwork()), bytes(fresh.renderArtwork()), "\(count) items")
        }
    }

    /// Another document of the same size loaded in place (a turned or cropped drawing, a file
    /// opened, a crop taken back) never starts from the checkpoints of the one before, even
    /// where an item of each, at the same place, is the same.
    func testAnotherDocumentLoadedInPlaceIsNotBuiltFromTheLastOnesCheckpoints() {
        let shared = Document.Item.layer(.add(id: 1, index: 1, properties: LayerProperties(name: "Layer 2")))
        let first = Document(items: strokes(31) + [shared] + strokes(5), format: DocumentFormat(pixelWidth: 160, pixelHeight: 120))
        let second = Document(items: strokes(31) + [shared] + strokes(3), format: DocumentFormat(pixelWidth: 160, pixelHeight: 120))
        let content = DocumentContent()
        _ = content.load(first, redo: [])
        _ = content.matchLayerToFormat()
        XCTAssertGreaterThan(content.drawing.checkpointCount, 0, "the first history has a checkpoint after its 32nd item")
        _ = content.load(second, redo: [])
        let fresh = DrawingLayer(width: 160, height: 120)
        fresh.rebuild(from: second)
        fresh.selectLayer(content.currentLayerID)
        XCTAssertEqual(bytes(content.drawing.renderArtwork()), bytes(fresh.renderArtwork()), "the second document's own pixels")
    }

    /// A quarter turn applied as it is made, and the same history replayed from the start (a
    /// restart, an undo): the same size and the same pixels; undone, the drawing as it was.
    func testAQuarterTurnAppliedOrReplayedGivesTheSamePixels() {
        let format = DocumentFormat(pixelWidth: 160, pixelHeight: 120)
        let content = DocumentContent()
        _ = content.load(Document(items: strokes(20), format: format), redo: [])
        _ = content.matchLayerToFormat()
        let before = bytes(content.drawing.renderArtwork())
        content.append(.layer(.add(id: 1, index: 1, properties: LayerProperties(name: "Layer 2"))))
        content.append(.turnImage(.clockwise))
        XCTAssertEqual([content.document.format?.pixelWidth, content.document.format?.pixelHeight], [120, 160])
        XCTAssertEqual([content.drawing.width, content.drawing.height], [120, 160])
        content.append(.stroke(Stroke(points: [Point(x: 10, y: 10), Point(x: 100, y: 150)], color: .black, width: 6, blendMode: .sourceOver)))
        let live = content.drawing.renderArtwork()
        let fresh = DrawingLayer(width: 120, height: 160)
        fresh.rebuild(from: content.document)
        XCTAssertEqual([fresh.width, fresh.height], [120, 160])
        XCTAssertEqual(bytes(fresh.renderArtwork()), bytes(live), "replayed from the start")
        XCTAssertTrue(content.undo())
        XCTAssertTrue(content.undo())
        XCTAssertEqual([content.drawing.width, content.drawing.height], [160, 120])
        XCTAssertTrue(content.undo())
        XCTAssertEqual(bytes(content.drawing.renderArtwork()), before, "undone: the drawing as it was")
    }

    /// A checkpoint's layer is copied while its stroke waits and packed beside the UI thread:
    /// what it gives back is the layer as it was, before and after the packing, whatever is
    /// painted on the layer meanwhile.
    func testACheckpointKeepsTheLayerAsItWasBeforeAndAfterItIsPacked() {
        let layer = Bitmap(width: 700, height: 500)
        layer.fill(PixelRect(x0: 20, y0: 30, x1: 400, y1: 90), with: 0xFF20_4060)
        for x in 0..<700 { layer[x, 300] = UInt32(x) &* 0x0101_0101 | 0xFF00_0000 }
        let before = layer.sparseCopy().copy
        let kept = KeptLayerPixels(layer)
        // Painted on at once, while the packing may be under way.
        layer.fill(PixelRect(x0: 0, y0: 0, x1: 700, y1: 500), with: 0xFF00_FF00)
        XCTAssertTrue(kept.unpacked(dense: false)!.isEqual(to: before))
        KeptLayerPixels.waitUntilPacked()
        XCTAssertTrue(kept.isPacked)
        XCTAssertLessThan(kept.bytes, 700 * 100 * 4 / 10, "packed: less than a tenth of the painted rows")
        XCTAssertTrue(kept.unpacked(dense: false)!.isEqual(to: before), "sparse")
        XCTAssertTrue(kept.unpacked(dense: true)!.isEqual(to: before), "straight into the layer painted on")
    }
}

extension HistoryCheckpointTests {
    /// Undo among several layers takes back from a checkpoint only the layers painted since it:
    /// the others keep their pixels as they are (not unpacked again), and every step gives the
    /// same pixels as a replay from the start.
    func testUndoAmongLayersKeepsTheLayersNotPaintedSinceTheCheckpointAndStaysExact() {
        var items: [Document.Item] = [.layer(.add(id: 1, index: 1, properties: LayerProperties(name: "two"))),
                                      .layer(.add(id: 2, index: 2, properties: LayerProperties(name: "three", opacity: 0.6, mode: .multiply)))]
        for (index, stroke) in strokes(200).enumerated() { items.append(index % 5 == 0 ? .onLayer(1, stroke) : .onLayer(2, stroke)) }
        let drawing = DrawingLayer(width: 160, height: 120)
        drawing.rebuild(from: Document(items: items))
        let firstLayer = drawing.stack.pixels(of: 0)
        for count in [201, 190, 170, 140, 202] {
            let prefix = Document(items: Array(items.prefix(count)))
            drawing.rebuild(from: prefix)
            XCTAssertTrue(drawing.stack.pixels(of: 0) === firstLayer, "\(count) items: the first layer, never painted, kept as it was")
            let fresh = DrawingLayer(width: 160, height: 120)
            fresh.rebuild(from: prefix)
            XCTAssertEqual(bytes(drawing.renderArtwork()), bytes(fresh.renderArtwork()), "\(count) items: as a replay from the start")
            for id in 0...2 { XCTAssertEqual(bytes(drawing.stack.pixels(of: id)!), bytes(fresh.stack.pixels(of: id)!), "\(count) items: layer \(id)") }
        }
    }
}
