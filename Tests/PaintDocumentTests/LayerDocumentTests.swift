import Foundation
import XCTest
@testable import PaintDocument
@testable import PaintGraphics

/// The layer stack as document items. Each change replays to the same pixels, undo
/// and redo give back exactly what was there, merge down and flatten look as the stack did,
/// and a document read back from its JSON (what the journal stores) is the same stack.
final class LayerDocumentTests: XCTestCase {
    private let format = DocumentFormat(pixelWidth: 120, pixelHeight: 80)

    private func content() -> DocumentContent {
        let content = DocumentContent()
        content.adoptFormatIfNone(format)
        _ = content.matchLayerToFormat()
        return content
    }

    private func stroke(_ color: Color, _ points: [(Double, Double)], width: Double = 12, eraser: Bool = false) -> Document.Item {
        .stroke(Stroke(points: points.map { Point(x: $0.0, y: $0.1) }, color: color, width: width, blendMode: eraser ? .clear : .sourceOver))
    }

    private func bytes(_ bitmap: Bitmap) -> [UInt32] { Array(UnsafeBufferPointer(start: bitmap.pixels, count: bitmap.width * bitmap.height)) }

    /// A stack with every kind of change, and the picture after each step.
    private func buildStack(_ content: DocumentContent) -> [[UInt32]] {
        var states = [bytes(content.drawing.renderArtwork())]
        func step(_ change: () -> Void) {
            change()
            states.append(bytes(content.drawing.renderArtwork()))
        }
        step { content.append(stroke(Color(r: 200, g: 40, b: 40), [(10, 10), (110, 70)])) }
        step { content.append(.layer(.add(id: 1, index: 1, properties: LayerProperties(name: "Shade", opacity: 0.6, mode: .multiply)))) }
        step { content.selectLayer(1) }
        step { content.append(stroke(Color(r: 30, g: 90, b: 220), [(10, 70), (110, 10)], width: 20)) }
        step { content.append(.layer(.duplicate(source: 1, id: 2, name: "Shade copy"))) }
        step { content.selectLayer(2) }
        step { content.append(.layer(.properties(id: 2, LayerProperties(name: "Glow", opacity: 1, mode: .screen)))) }
        step { content.append(stroke(.green, [(60, 5), (60, 75)], width: 8)) }
        step { content.append(.layer(.move(id: 2, index: 0))) }
        step { content.append(stroke(.white, [(60, 40), (70, 40)], width: 30, eraser: true)) }
        step { content.append(.layer(.properties(id: 1, LayerProperties(name: "Shade", opacity: 0.6, mode: .multiply, isVisible: false)))) }
        return states
    }

    func testEveryLayerChangeUndoesAndRedoesToTheSamePixels() {
        let content = self.content()
        let states = buildStack(content)
        XCTAssertEqual(content.layers.entries.map(\.id), [2, 0, 1], "moved to the bottom")
        XCTAssertEqual(content.layers.entries.map(\.properties.mode), [.screen, .normal, .multiply])
        XCTAssertNotEqual(states[3], states[4], "the stroke on the multiply layer shows")
        let items = content.document.items.count
        // Undo each item back to the start: the pictures come back in reverse, byte for byte
        // (selecting a layer is not an item, so its states repeat the one before).
        var undone: [[UInt32]] = [bytes(content.drawing.renderArtwork())]
        while content.undo() { undone.append(bytes(content.drawing.renderArtwork())) }
        XCTAssertEqual(undone.count, items + 1)
        XCTAssertEqual(undone.last, states.first, "back to the empty page")
        for (index, picture) in undone.enumerated() { XCTAssertTrue(states.contains(picture), "undo step \(index) shows a picture the stack had") }
        var redone: [[UInt32]] = []
        while content.redo() { redone.append(bytes(content.drawing.renderArtwork())) }
        XCTAssertEqual(redone.last, states.last, "redo gives back the last picture exactly")
        XCTAssertEqual(Array(undone.reversed().dropFirst()), redone, "redo walks the same pictures back")
    }

    func testADocumentReadBackFromItsJSONIsTheSameStack() throws {
        let content = self.content()
        let states = buildStack(content)
        let data = try JSONEncoder().encode(content.document)
        let decoder = JSONDecoder()
        decoder.userInfo[ImageAsset.registryKey] = AssetRegistry()
        let read = try decoder.decode(Document.self, from: data)
        XCTAssertEqual(read, content.document)
        let again = self.content()
        _ = again.load(read, redo: [], currentLayer: 2)
        XCTAssertEqual(again.currentLayerID, 2)
        XCTAssertEqual(again.layers, content.layers)
        XCTAssertEqual(bytes(again.drawing.renderArtwork()), states.last)
    }

    func testMergeDownIsTheComposedPairAndLooksAsThePairDid() {
        let content = self.content()
        // An opaque lower layer (a fill over everything), a multiply layer over it at 60%.
        content.append(.fill(Fill(seed: Point(x: 1, y: 1), color: Color(r: 240, g: 200, b: 60), tolerance: 1, samplesLayerOnly: true)))
        content.append(stroke(Color(r: 20, g: 120, b: 40), [(20, 20), (90, 50)], width: 16))
        content.append(.layer(.add(id: 1, index: 1, properties: LayerProperties(name: "Ink", opacity: 0.6, mode: .multiply))))
        content.selectLayer(1)
        content.append(stroke(Color(r: 40, g: 60, b: 200), [(10, 60), (110, 20)], width: 24))
        let lower = content.drawing.stack.pixels(of: 0)!.cropped(to: PixelRect(x0: 0, y0: 0, x1: 120, y1: 80))
        let upper = content.drawing.stack.layer(1)!
        let before = content.drawing.renderArtwork()
        content.append(.layer(.mergeDown(id: 1)))
        XCTAssertEqual(content.layers.count, 1)
        XCTAssertEqual(content.currentLayerID, 0, "the layer under the merged one is current")
        LayerCompositor.compose([upper.composed], into: lower, area: lower.bounds)
        XCTAssertEqual(bytes(content.drawing.stack.pixels(of: 0)!), bytes(lower), "the merged layer is the pair composed")
        let after = content.drawing.renderArtwork()
        XCTAssertLessThanOrEqual(maximumDifference(before, after), 1, "over an opaque layer, merging changes no pixel by more than rounding")
    }

    func testFlattenIsThePictureAsItShowedAndHiddenLayersGo() {
        let content = self.content()
        content.append(.background(.color(Color(r: 250, g: 240, b: 220))))
        content.append(stroke(.red, [(10, 10), (110, 70)]))
        content.append(.layer(.add(id: 1, index: 1, properties: LayerProperties(name: "Soft", opacity: 0.5, mode: .softLight))))
        content.selectLayer(1)
        content.append(stroke(.blue, [(10, 70), (110, 10)], width: 20))
        content.append(.layer(.add(id: 2, index: 2, properties: LayerProperties(name: "Hidden", isVisible: false))))
        content.selectLayer(2)
        content.append(stroke(.green, [(60, 0), (60, 80)], width: 30))
        let before = content.drawing.renderArtwork()
        content.append(.layer(.flatten))
        XCTAssertEqual(content.layers.entries.map(\.id), [0])
        XCTAssertEqual(maximumDifference(content.drawing.renderArtwork(), before), 0, "flattening changes no pixel")
        XCTAssertTrue(content.undo())
        XCTAssertEqual(content.layers.count, 3, "undo gives the stack back")
    }

    func testALockedLayerTakesNoPaintingAndSaysSo() {
        let content = self.content()
        var refusals = 0
        content.onLockedLayer = { refusals += 1 }
        content.append(.layer(.properties(id: 0, LayerProperties(name: "", isLocked: true))))
        let before = content.document.items.count
        content.append(stroke(.red, [(10, 10), (50, 50)]))
        XCTAssertEqual(content.beginStroke(Stroke(points: [Point(x: 5, y: 5)], color: .red, width: 4, blendMode: .sourceOver)), .empty)
        content.commitStroke()
        XCTAssertEqual(content.document.items.count, before, "nothing painted")
        XCTAssertEqual(refusals, 2)
        content.append(.background(.color(.blue)))
        XCTAssertEqual(content.document.items.count, before + 1, "the background is not the layer's")
    }

    func testChangesThatNameMissingLayersAreSkipped() {
        // A damaged journal's: nothing crashes, nothing lands anywhere.
        let content = self.content()
        let document = Document(items: [.layer(.delete(id: 0)), .layer(.mergeDown(id: 0)), .layer(.move(id: 9, index: 0)),
                                        .onLayer(7, stroke(.red, [(1, 1), (50, 50)])), .layer(.add(id: 3, index: 5, properties: LayerProperties(name: "x")))],
                                format: format)
        _ = content.load(document, redo: [])
        XCTAssertEqual(content.layers.entries.map(\.id), [0])
        XCTAssertEqual(bytes(content.drawing.renderArtwork()), bytes(Bitmap(width: 120, height: 80, color: .white)))
    }

    func testOpeningALayerStackGivesALayeredDocumentWithTheBackgroundAsBackground() {
        let picture = Bitmap(width: 40, height: 30, color: Color(r: 250, g: 250, b: 240))
        let ink = Bitmap(width: 20, height: 10, color: .red)
        let stack = LayerStack(width: 40, height: 30, layers: [
            LayerStack.Layer(name: "Background", pixels: picture),
            LayerStack.Layer(name: "Sketch", pixels: ink, x: 5, y: 8, opacity: 0.4, isVisible: true, mode: .multiply),
            LayerStack.Layer(name: "Empty", pixels: Bitmap(width: 40, height: 30), isVisible: false),
        ])
        let document = DocumentFormat.opening(stack)
        XCTAssertEqual(document.background, .color(Color(r: 250, g: 250, b: 240)))
        XCTAssertEqual(document.layers.entries.map(\.properties.name), ["Sketch", "Empty"])
        XCTAssertEqual(document.layers.entries[0].properties.mode, .multiply)
        XCTAssertEqual(document.format?.historyStart, document.items.count, "the file is where undo stops")
        let drawing = DrawingLayer(width: 40, height: 30)
        drawing.rebuild(from: document)
        XCTAssertEqual(drawing.stack.pixels(of: 0)!.color(atX: 6, y: 9), .red, "the layer's pixels at its offset")
        XCTAssertEqual(drawing.stack.pixels(of: 0)!.color(atX: 2, y: 2), Color(r: 0, g: 0, b: 0, a: 0))
        XCTAssertEqual(maximumDifference(drawing.renderArtwork(), stack.flattened()), 0, "the same picture as the stack shows")
    }

    func testHistorySnapshotsShareTheLayersThatDidNotChange() {
        let stack = LayerPixelStack(width: 200, height: 100)
        stack.apply(.add(id: 1, index: 1, properties: LayerProperties(name: "Top")))
        stack.layer(1)!.pixels.fill(PixelRect(x0: 0, y0: 0, x1: 50, y1: 50), with: 0xFF00_00FF)
        stack.touch(1)
        let first = stack.snapshot()
        stack.layer(0)!.pixels.fill(PixelRect(x0: 0, y0: 0, x1: 10, y1: 10), with: 0xFFFF_0000)
        stack.touch(0)
        let second = stack.snapshot(sharing: [first])
        XCTAssertTrue(second.layers[1].pixels === first.layers[1].pixels, "the unchanged layer is shared, not kept again")
        XCTAssertFalse(second.layers[0].pixels === first.layers[0].pixels)
        XCTAssertLessThan(second.bytes, 200 * 100 * 4, "only the changed layer's painted pages were copied")
        KeptLayerPixels.waitUntilPacked()
        XCTAssertTrue(second.layers[0].pixels.isPacked)
        XCTAssertLessThan(second.bytes, 200 * 100 * 4 / 50, "and then packed")
        XCTAssertTrue(stack.restore(first))
        XCTAssertEqual(stack.layer(0)!.pixels[5, 5], 0, "back to before the red square")
        XCTAssertEqual(stack.layer(1)!.pixels[5, 5], 0xFF00_00FF)
    }

    func testAMirrorFlipsTheLayerOrTheSelectedRectangleOnItAndTwiceIsNothing() {
        let content = self.content()
        content.append(stroke(.red, [(10, 10), (60, 40)]))
        content.append(.layer(.add(id: 1, index: 1, properties: LayerProperties(name: "Top"))))
        content.selectLayer(1)
        content.append(stroke(.blue, [(20, 70), (110, 20)], width: 8))
        let top = content.drawing.stack.pixels(of: 1)!.cropped(to: PixelRect(x0: 0, y0: 0, x1: 120, y1: 80))
        let bottom = bytes(content.drawing.stack.pixels(of: 0)!)
        content.append(.mirror(horizontally: true, area: nil))
        XCTAssertTrue(content.drawing.stack.pixels(of: 1)!.isEqual(to: top.reoriented(2)), "the current layer mirrored")
        XCTAssertEqual(bytes(content.drawing.stack.pixels(of: 0)!), bottom, "the other layer left alone")
        content.append(.mirror(horizontally: true, area: nil))
        XCTAssertTrue(content.drawing.stack.pixels(of: 1)!.isEqual(to: top), "twice is nothing")
        let area = SelectionArea(bounds: Rect(x: 20, y: 10, width: 40, height: 30))
        content.append(.mirror(horizontally: false, area: area))
        let layer = content.drawing.stack.pixels(of: 1)!
        for y in 0..<80 {
            for x in 0..<120 {
                let inside = x >= 20 && x < 60 && y >= 10 && y < 40
                XCTAssertEqual(layer[x, y], inside ? top[x, 10 + 39 - y] : top[x, y], "(\(x), \(y))")
            }
        }
        XCTAssertTrue(content.undo())
        XCTAssertTrue(content.drawing.stack.pixels(of: 1)!.isEqual(to: top))
    }

    private func maximumDifference(_ a: Bitmap, _ b: Bitmap) -> Int {
        var worst = 0
        for i in 0..<(a.width * a.height) {
            for shift in stride(from: 0, to: 32, by: 8) {
                worst = max(worst, abs(Int((a.pixels[i] >> UInt32(shift)) & 0xFF) - Int((b.pixels[i] >> UInt32(shift)) & 0xFF)))
            }
        }
        return worst
    }
}
