import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport

/// An OpenRaster file opens flattened until the document has layers (issue 40), and saving
/// never merges the file's layers into it: the drawing is not bound to the .ora.
final class OpenRasterOpeningTests: XCTestCase {
    private let temp = TemporaryDirectory()

    func testAnORAOpensFlattenedAndSavingLeavesItAlone() throws {
        let path = temp.path + "/layers.ora"
        let top = Bitmap(width: 50, height: 40)
        top.fill(PixelRect(x0: 0, y0: 0, x1: 25, y1: 40), with: Color.blue.premultipliedPixel)
        let stack = LayerStack(width: 50, height: 40, layers: [LayerStack.Layer(name: "ground", pixels: Bitmap(width: 50, height: 40, color: .green)),
                                                               LayerStack.Layer(name: "half", pixels: top)])
        let original = try OpenRaster.encode(stack)
        try original.write(to: URL(fileURLWithPath: path))
        let session = BoardSession(pictures: temp.path + "/Pictures")
        session.board.openDocument(path: path)
        session.board.finishOpening()
        XCTAssertEqual(session.board.documentName, "layers (flattened)")
        XCTAssertNil(session.board.documentController.binding.path, "not bound to the layered file")
        XCTAssertTrue(session.board.statusLabel.text.contains("flattened"), session.board.statusLabel.text)
        let art = session.board.canvas.renderArtwork()
        XCTAssertEqual(art.color(atX: 10, y: 10), .blue)
        XCTAssertEqual(art.color(atX: 40, y: 10), .green)
        session.drag(y: 20)
        let saved = try XCTUnwrap(session.board.saveAndWait())
        XCTAssertNotEqual(saved, path, "a new file, as an untitled drawing's first save")
        XCTAssertFalse(saved.hasSuffix(".ora"), saved)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), original, "the .ora as it was")
    }
}
