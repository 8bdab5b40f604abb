import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// Zoom field: a click on the bottom bar's zoom readout opens the Zoom dialog, where
/// a percentage is typed or picked; what the canvas cannot show is refused with the range said.
final class ZoomDialogTests: RestartingBoardTestCase {
    func testAClickOnTheReadoutOpensTheDialogWhereAZoomIsTypedOrPicked() throws {
        session.window.render()
        let readout = board.zoomLabel.convert(Point(x: 10, y: board.zoomLabel.bounds.midY), to: nil)
        driver.tap(readout)
        let dialog = try XCTUnwrap(board.presentedViewController as? ZoomViewController, "the readout opens the Zoom dialog")
        session.window.render()
        dialog.field.text = "250"
        dialog.field.onSubmit?(dialog.field.text)
        XCTAssertNil(board.presentedViewController)
        XCTAssertEqual(canvas.zoom, 2.5, accuracy: 0.001, "typed: 250%")
        XCTAssertTrue(board.zoomLabel.text.hasPrefix("250%"), board.zoomLabel.text)
        board.zoomCommands.choose()
        let again = try XCTUnwrap(board.presentedViewController as? ZoomViewController)
        again.presetButtons.first { $0.title == "800%" }!.sendActions(for: .touchUpInside)
        XCTAssertEqual(canvas.zoom, 8, accuracy: 0.001, "picked: 800%")
        board.zoomCommands.choose()
        let refused = try XCTUnwrap(board.presentedViewController as? ZoomViewController)
        refused.field.text = "5000"
        refused.finish()
        XCTAssertTrue(board.presentedViewController is ZoomViewController, "5000% is not taken")
        XCTAssertTrue(refused.messageLabel.text.contains("3200"), refused.messageLabel.text)
        refused.fitButton.sendActions(for: .touchUpInside)
        XCTAssertLessThan(canvas.zoom, 8, "Best Fit")
    }
}
