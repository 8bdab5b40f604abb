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
}
