import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// Gradient tool (G): primary to secondary along the drag, one item kept through
/// undo and a crash, only inside the selection when there is one.
final class GradientToolTests: RestartingBoardTestCase {

    func testALinearGradientGoesFromThePrimaryToTheSecondaryAndComesBackAfterACrash() {
        board.pen.setColor(.black)
        board.pen.setColor(.white, secondary: true)
        session.window.send(KeyEvent(.character("g")))
        XCTAssertTrue(canvas.brush is GradientBrush)
        driver.drag([w(100, 100), w(200, 120), w(300, 100)])
        XCTAssertEqual(canvas.document.items.count, 1)
        XCTAssertEqual(layerColor(50, 300), .black, "before the start: the first colour")
        XCTAssertEqual(layerColor(400, 300), .white, "after the end: the second")
        XCTAssertEqual(layerColor(200, 300).red * 255, 127.5, accuracy: 1.5, "half way: half grey")
        let drawn = canvas.renderArtwork()
        crash()
        start()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: drawn), "the same bytes after a crash")
        board.undo()
        XCTAssertEqual(layerColor(50, 300).alpha, 0, "undone")
        board.redo()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: drawn), "and on redo")
    }

    func testGAgainStepsTheShapeAndARadialGradientFadesToTransparentInsideTheSelection() {
        session.window.send(KeyEvent(.character("g")))
        session.window.send(KeyEvent(.character("g")))
        XCTAssertEqual(canvas.gradientTool.shape, .radial)
        canvas.gradientTool.fadesToTransparent = true
        board.pen.setColor(Color(r: 0, g: 0, b: 255))
        canvas.setSelection(Rect(x: 100, y: 100, width: 200, height: 200))
        driver.drag([w(200, 200), w(250, 200), w(300, 200)])
        XCTAssertGreaterThan(layerColor(200, 200).alpha * 255, 252, "the centre: the colour, opaque")
        XCTAssertEqual(layerColor(200, 200).blue, 1, accuracy: 0.01)
        XCTAssertEqual(layerColor(250, 200).alpha * 255, 127.5, accuracy: 2, "half way out: half transparent")
        XCTAssertEqual(layerColor(200, 250).alpha * 255, 127.5, accuracy: 2, "the same distance any way")
        XCTAssertEqual(layerColor(50, 200).alpha, 0, "outside the selection: untouched")
    }
}
