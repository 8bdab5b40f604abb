import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// View → Pixel Grid (Ctrl+'): from 800% up a line of one screen pixel along every document
/// pixel's edge, the cells inside left as they are; below 800% nothing.
final class PixelGridTests: RestartingBoardTestCase {
    /// The screen pixels of document pixel (x, y)'s cell: its top-left corner and one inside.
    private func cell(_ x: Double, _ y: Double) -> (corner: UInt32, inside: UInt32) {
        let window = session.window
        let origin = canvas.convert(canvas.viewport.viewPoint(Point(x: x, y: y)), to: nil)
        let scale = window.scale
        let cx = Int((origin.x * scale).rounded()), cy = Int((origin.y * scale).rounded())
        return (window.backbuffer[cx, cy], window.backbuffer[cx + 3, cy + 3])
    }

    func testTheGridLinesEveryPixelFrom800PercentAndNothingBelow() {
        board.setColor(Color(r: 200, g: 30, b: 30))
        board.setStrokeWidth(40)
        driver.drag([w(100, 100), w(300, 100)])
        let window = session.window
        canvas.setZoom(8, about: canvas.viewport.viewPoint(Point(x: 200, y: 100)))
        window.render()
        let plain = cell(200, 100)
        XCTAssertEqual(plain.corner, plain.inside, "no grid yet: the cell is one colour")
        window.send(KeyEvent(.character("'"), modifiers: .control))
        window.render()
        let gridded = cell(200, 100)
        XCTAssertNotEqual(gridded.corner, gridded.inside, "the pixel's edge is lined")
        XCTAssertEqual(gridded.inside, plain.inside, "inside the cell the picture as it is")
        XCTAssertEqual(gridded.corner, PixelGrid.greyed(PixelGrid.greyed(plain.inside)), "a corner is on two lines")
        canvas.setZoom(4)
        window.render()
        let small = cell(200, 100)
        XCTAssertEqual(small.corner, small.inside, "at 400% no grid")
        window.send(KeyEvent(.character("'"), modifiers: .control))
        XCTAssertFalse(canvas.presenter.showsPixelGrid, "Ctrl+' again hides it")
    }
}
