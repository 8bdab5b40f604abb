import Foundation
import XCTest
@testable import PaintDocument
import PaintGraphics

/// An item the document takes while a layer shows something it does not have yet (a previewed
/// clone stroke, a MyPaint stroke drawn on the layer itself), as another participant's stroke
/// arrives while one's own brush is down: it lands on the layer, what was shown is shown again
/// over it, and the layer ends as a replay of the document draws it.
final class ChangesUnderAShownStrokeTests: XCTestCase {
    private let line = Document.Item.stroke(Stroke(points: [Point(x: 20, y: 40), Point(x: 180, y: 40)], color: .red, width: 8, blendMode: .sourceOver))

    private func bytes(_ bitmap: Bitmap) -> [UInt32] { Array(UnsafeBufferPointer(start: bitmap.pixels, count: bitmap.width * bitmap.height)) }

    /// The layer a document of these items leaves, drawn from nothing.
    private func replayed(_ items: [Document.Item]) -> [UInt32] {
        let drawing = DrawingLayer(width: 200, height: 100)
        for (index, item) in items.enumerated() { drawing.append(item, itemCount: index + 1) }
        return bytes(drawing.layer)
    }

    func testAnItemArrivingUnderAPreviewLandsAndThePreviewShowsOverIt() {
        let drawing = DrawingLayer(width: 200, height: 100)
        let blob = Document.Item.stroke(Stroke(points: [Point(x: 40, y: 70), Point(x: 60, y: 70)], color: .blue, width: 14, blendMode: .sourceOver))
        drawing.append(blob, itemCount: 1)
        let clone = Document.Item.retouch(Retouch(kind: .clone(offset: Point(x: -100, y: 0)), points: [Point(x: 130, y: 70), Point(x: 170, y: 40)], width: 16))
        drawing.previewItem(clone)
        drawing.append(line, itemCount: 2)
        XCTAssertEqual(bytes(drawing.layer), replayed([blob, line, clone]), "the item under the preview, the preview over it")
        drawing.previewItem(nil)
        XCTAssertEqual(bytes(drawing.layer), replayed([blob, line]), "the preview gone, the item stays")
    }

    func testAnItemArrivingUnderAMyPaintStrokeLandsUnderIt() throws {
        guard BrushStrokeDrawing.isAvailable else { throw XCTSkip("libmypaint is not installed (Debian's libmypaint-dev)") }
        let set = MyPaintBrushSet.installed()
        guard let brush = set.brush(named: "classic/charcoal") else { throw XCTSkip("MyPaint's brush set is not installed (Debian's mypaint-brushes)") }
        let drawing = DrawingLayer(width: 200, height: 100)
        let events = (0..<80).map { i in
            BrushEvent(x: 30 + Double(i) * 1.8, y: 30 + Double(i % 10), pressure: 0.6, seconds: i == 0 ? BrushEvent.strokeStartSeconds : 1.0 / 120)
        }
        let stroke = BrushStroke(brush: brush.name, settings: try set.settings(of: brush), color: .black, radius: 6, events: [])
        let live = try XCTUnwrap(LiveBrushStroke(stroke, on: drawing))
        for event in events.prefix(40) { live.add(event) }
        drawing.append(line, itemCount: 1)
        for event in events.dropFirst(40) { live.add(event) }
        let (kept, painted) = live.finish()
        XCTAssertTrue(painted === drawing.layer, "the layer, drawn on to the end")
        drawing.append(.brushStroke(kept), itemCount: 2, painted: painted)
        XCTAssertEqual(bytes(drawing.layer), replayed([line, .brushStroke(kept)]), "the line under the stroke, as a replay draws them")
    }
}
