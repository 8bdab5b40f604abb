import Foundation
import XCTest
@testable import PaintDocument
@testable import PaintGraphics

/// A document tells any number of followers of its edits and changes, each until it stops.
final class DocumentObservationTests: XCTestCase {
    private let stroke = Document.Item.stroke(Stroke(points: [Point(x: 1, y: 1), Point(x: 30, y: 20)], color: .red, width: 4, blendMode: .sourceOver))

    private func describe(_ edit: DocumentContent.Edit) -> String {
        switch edit {
        case .appended: "appended"
        case .undone: "undone"
        case .redone: "redone"
        case .selectedLayer(let id): "layer \(id)"
        case .rewritten: "rewritten"
        }
    }

    func testEveryFollowerHearsEachEditAndChangeUntilItStops() {
        let content = DocumentContent()
        _ = content.load(Document(format: DocumentFormat(pixelWidth: 40, pixelHeight: 30)), redo: [])
        _ = content.matchLayerToFormat()
        var canvas: [String] = [], first: [String] = [], second: [String] = [], changes = 0
        content.onEdit = { canvas.append(self.describe($0)) }
        let one = content.observeEdits { first.append(self.describe($0)) }
        var two: DocumentObservation? = content.observeEdits { second.append(self.describe($0)) }
        let changing = content.observeChanges { changes += 1 }
        content.append(stroke)
        XCTAssertTrue(content.undo())
        XCTAssertEqual(canvas, ["appended", "undone"])
        XCTAssertEqual(first, canvas)
        XCTAssertEqual(second, canvas)
        XCTAssertEqual(changes, 2)
        one.cancel()
        two = nil
        XCTAssertTrue(content.redo())
        XCTAssertEqual(canvas, ["appended", "undone", "redone"], "the canvas hears on")
        XCTAssertEqual(first, ["appended", "undone"], "cancelled: no more")
        XCTAssertEqual(second, ["appended", "undone"], "let go: no more")
        XCTAssertEqual(changes, 3)
        XCTAssertNil(two)
        changing.cancel()
    }
}
