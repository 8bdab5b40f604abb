import Foundation
import XCTest
@testable import PaintDocument
@testable import PaintGraphics

/// A journal or document whose figures, lassos or strokes have points far outside the picture
/// (damage, or a crafted file) is read and drawn, never a stop: a filled figure with a corner
/// at 1e20 trapped in the rasterizer while the history was replayed.
final class FarAwayItemsTests: XCTestCase {
    private let red = Color(r: 255, g: 0, b: 0)

    /// The items as the journal keeps them: JSON, read back.
    private func throughJSON(_ items: [Document.Item]) throws -> [Document.Item] {
        try JSONDecoder().decode([Document.Item].self, from: JSONEncoder().encode(items))
    }

    func testItemsWithPointsFarOutsideThePictureAreReplayedAndDrawn() throws {
        let far = Point(x: 50, y: -1e20)
        let figure = Shape(path: .polygon([Point(x: 10, y: 10), far, Point(x: 50, y: 50)]),
                           style: LineStyle(width: 2), color: red, fill: red)
        let absurd = Shape(path: .polygon([Point(x: 70, y: 10), Point(x: 1e300, y: 20), Point(x: 70, y: 50)]),
                           style: LineStyle(width: 2), color: red, fill: red)
        let lasso = SelectionArea(bounds: Rect(x: 0, y: 0, width: 20, height: 20), outline: [Point(x: 0, y: 0), Point(x: 20, y: -1e20), Point(x: 20, y: 20)])
        let stroke = Stroke(points: [Point(x: 90, y: 60), Point(x: 1e15, y: 3e14)], color: red, width: 4, blendMode: .sourceOver)
        // Beyond about 1e15 a stroke's direction is lost to rounding: it may draw nothing, but
        // the replay goes on past it.
        let lostStroke = Stroke(points: [Point(x: 5, y: 70), Point(x: 1e20, y: -1e300)], color: red, width: 4, blendMode: .sourceOver)
        let items = try throughJSON([.shape(figure), .stroke(lostStroke), .shape(absurd), .clearArea(lasso), .stroke(stroke)])
        XCTAssertEqual(items.count, 5, "every item reads back")
        let drawing = DrawingLayer(width: 120, height: 80)
        drawing.rebuild(from: Document(items: items))
        let picture = drawing.renderArtwork()
        XCTAssertEqual(picture.color(atX: 30, y: 5), red, "the figure with the far corner is filled where it lies in the picture")
        XCTAssertEqual(picture.color(atX: 30, y: 40), .white, "and nowhere else")
        XCTAssertEqual(picture.color(atX: 100, y: 30), .white, "the figure with an absurd corner is left out, not spread")
        XCTAssertNotEqual(picture.color(atX: 92, y: 61), .white, "the stroke towards the far point starts where it should")
    }

    // MARK: - Items no tool makes (ItemPlausibility)

    private var photo: Photo { Photo(asset: ImageAsset(bitmap: Bitmap(width: 10, height: 8, color: .blue), name: "p")) }

    /// Each of these stopped the replay (a trap, an index out of range) or never let it end.
    private var itemsNoToolMakes: [Document.Item] {
        var farSpray = Spray(color: red, radius: 1e20, seed: 1)
        farSpray.dabs = [Point(x: 1e20, y: 1e20)]
        farSpray.dots = [5]
        var endlessSpray = Spray(color: red, radius: 3, seed: 1)
        endlessSpray.dabs = [Point(x: 5, y: 5)]
        endlessSpray.dots = [Int.max]
        var unevenSpray = Spray(color: red, radius: 3, seed: 1)
        unevenSpray.dabs = [Point(x: 5, y: 5), Point(x: 6, y: 6)]
        unevenSpray.dots = [3]
        return [
            .fill(Fill(seed: Point(x: 1e20, y: -1e20), color: red, tolerance: 0.5)),
            .spray(farSpray), .spray(endlessSpray), .spray(unevenSpray),
            .stroke(Stroke(points: [Point(x: 5, y: 5), Point(x: 20, y: 20)], color: red, width: 1e20, blendMode: .sourceOver)),
            .clearArea(SelectionArea(bounds: Rect(x: -1e20, y: -1e20, width: 2e20, height: 2e20))),
            .mirror(horizontally: true, area: SelectionArea(bounds: Rect(x: -1e20, y: 0, width: 1e300, height: 10))),
            .adjust(.effect(.gaussianBlur(radius: 1e20)), area: nil),
            .adjust(.effect(.pixelate(cellSize: Int.max)), area: nil),
            .adjust(.effect(.pixelate(cellSize: 0)), area: nil),
            .adjust(.effect(.motionBlur(angle: 30, distance: Int.max)), area: nil),
            .adjust(.effect(.unsharpMask(amount: 100, radius: 1e300, threshold: 0)), area: nil),
            .adjust(.levels(.init(low: [Int.max], high: [Int.min])), area: nil),
            .onLayer(1, .stroke(Stroke(points: [Point(x: 5, y: 5)], color: red, width: 1e20, blendMode: .sourceOver))),
        ]
    }

    /// Each tool's item at the far end of its dialog or slider.
    private var itemsAtTheToolsLimits: [Document.Item] {
        var spray = Spray(color: red, radius: 150, seed: 7)
        spray.dabs = [Point(x: 30, y: 20), Point(x: 35, y: 22)]
        spray.dots = [Spray.dotsPerDab(radius: 150), Spray.dotsPerDab(radius: 150)]
        return [
            .stroke(Stroke(points: [Point(x: -5000, y: 5), Point(x: 20, y: 20), Point(x: 9e5, y: -4e5)], color: red, width: 100, blendMode: .sourceOver,
                           widths: [1, 100, 50])),
            .spray(spray),
            .photo(PlacedPhoto(photo: photo, placement: PaintGraphics.AffineTransform(scaleX: 100, y: 100), crop: Rect(x: 1, y: 1, width: 5, height: 5))),
            // The photo tool does not limit a pinch: pinched up a million times and far away,
            // and moved off by 1e20 on the pixel grid (the opened picture's path copies it).
            .photo(PlacedPhoto(photo: photo, placement: PaintGraphics.AffineTransform(scaleX: 1e6, y: 1e6).concatenating(.init(translationX: -3e12, y: 1e9)))),
            .photo(PlacedPhoto(photo: photo, placement: PaintGraphics.AffineTransform(translationX: 1e20, y: 0))),
            .text(TextBlock(text: "Hi", origin: Point(x: 5, y: 5), size: 1000, color: red)),
            .adjust(.effect(.gaussianBlur(radius: 200)), area: nil),
            .adjust(.effect(.unsharpMask(amount: 500, radius: 50, threshold: 255)), area: nil),
            .adjust(.effect(.pixelate(cellSize: 100)), area: nil),
            .adjust(.effect(.motionBlur(angle: -180, distance: 200)), area: nil),
            .adjust(.levels(.init(low: [10, 20, 30], high: [250, 240, 230], gamma: [0.1, 1, 10], outputLow: [0, 5, 10], outputHigh: [255, 250, 245])), area: nil),
            .gradient(Gradient(shape: .radial, from: Point(x: 5, y: 5), to: Point(x: 50, y: 30), stops: [.init(0, red), .init(1, .blue)]), area: nil),
        ]
    }

    func testItemsNoToolMakesAreNotPlausibleAndThoseAtTheToolsLimitsAre() {
        for item in itemsNoToolMakes { XCTAssertFalse(item.isPlausible, "\(item)") }
        for item in itemsAtTheToolsLimits { XCTAssertTrue(item.isPlausible, "\(item)") }
        XCTAssertFalse(DocumentFormat(pixelWidth: 1_000_000_000, pixelHeight: 1_000_000_000).isPlausible)
        XCTAssertFalse(DocumentFormat(pixelWidth: 16385, pixelHeight: 100).isPlausible, "past the widest document")
        XCTAssertFalse(DocumentFormat(pixelWidth: 100, pixelHeight: 100, pixelScale: 1e300).isPlausible)
        XCTAssertTrue(DocumentFormat(pixelWidth: 16384, pixelHeight: 16384, pixelScale: 2).isPlausible)
        // What the tools make at their limits replays.
        let drawing = DrawingLayer(width: 60, height: 40)
        drawing.rebuild(from: Document(items: itemsAtTheToolsLimits))
        XCTAssertNotEqual(drawing.renderArtwork().color(atX: 30, y: 20), .white)
    }

    func testAJournalRecordNoToolMakesIsSkippedAsDamageAndTheRestComesBack() throws {
        let folder = NSTemporaryDirectory() + "far-away-journal-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let good: [Document.Item] = [
            .stroke(Stroke(points: [Point(x: 5, y: 5), Point(x: 50, y: 30)], color: red, width: 6, blendMode: .sourceOver)),
            .shape(Shape(path: .polygon([Point(x: 5, y: 30), Point(x: 20, y: 35), Point(x: 5, y: 38)]), style: LineStyle(width: 2), color: red, fill: red)),
        ]
        let journal = try DocumentJournal(folder: folder)
        var written: [Document.Item] = []
        for (index, item) in ([good[0]] + itemsNoToolMakes + [good[1]]).enumerated() {
            written.append(item)
            journal.write(index == 0 ? .format(DocumentFormat(pixelWidth: 60, pixelHeight: 40)) : .append(item), current: .init(Document(items: written), redo: []))
            if index == 0 { journal.write(.append(item), current: .init(Document(items: written), redo: [])) }
        }
        journal.write(.format(DocumentFormat(pixelWidth: 1_000_000_000, pixelHeight: 1_000_000_000)), current: .init(Document(items: written), redo: []))
        journal.close()
        let recovery = DocumentJournal.recover(folder: folder)
        XCTAssertEqual(recovery.document.items, good, "the hostile records are left out, the others kept in order")
        XCTAssertEqual(recovery.document.format, DocumentFormat(pixelWidth: 60, pixelHeight: 40), "a size no document has is not taken")
        XCTAssertGreaterThan(recovery.damagedStretches, 0, "and said to be damage")
        let drawing = DrawingLayer(width: 60, height: 40)
        drawing.rebuild(from: recovery.document)
        XCTAssertEqual(drawing.renderArtwork().color(atX: 27, y: 17), red)
    }
}
