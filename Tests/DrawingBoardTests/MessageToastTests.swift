import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// Messages as a compact rounded toast above the bottom bar; errors in red until
/// dismissed, news fading.
final class MessageToastTests: XCTestCase {
    private var clock: ManualClock!
    private var window: Window!
    private var board: DrawingBoardViewController!

    override func setUp() {
        let session = BoardSession(size: Size(width: 1024, height: 768))
        (clock, window, board) = (session.clock, session.window, session.board)
    }

    private func wait(_ seconds: Double) {
        for _ in 0..<Int(seconds * 10) {
            clock.advance(by: 0.1)
            window.application.tick()
        }
        window.render()
    }

    func testNewsIsACompactBoxCentredAboveTheBottomBarAndFades() {
        board.showStatus("Saved to ~/Pictures/drawing.png")
        window.render()
        let toast = board.messageLine.toast.convert(board.messageLine.toast.bounds, to: nil)
        XCTAssertLessThan(toast.width, 400, "compact, not a full-width strip")
        XCTAssertEqual(toast.midX, 512, accuracy: 1, "centred")
        XCTAssertLessThanOrEqual(toast.maxY, board.bottomBar.frame.minY, "above the bottom bar")
        XCTAssertTrue(toast.width >= board.messageLine.label.font.width(of: "Saved to ~/Pictures/drawing.png"), "the whole text fits")
        XCTAssertTrue(board.messageLine.closeButton.isHidden, "news needs no ×")
        // Rounded: the box's corner pixel is the canvas, its middle the dark box.
        XCTAssertEqual(window.backbuffer[Int(toast.minX), Int(toast.minY)], Color.white.premultipliedPixel)
        XCTAssertLessThan(Color(premultipliedPixel: window.backbuffer[Int(toast.minX) + 4, Int(toast.midY)]).red, 0.3)
        wait(MessageLine.duration + 1)
        XCTAssertTrue(board.messageLine.toast.isHidden, "faded")
    }

    func testAnErrorIsRedAndStaysUntilItsCloseButtonIsPressed() {
        board.showStatus("Cannot save: the disk is full", isError: true)
        window.render()
        let toast = board.messageLine.toast.convert(board.messageLine.toast.bounds, to: nil)
        let fill = Color(premultipliedPixel: window.backbuffer[Int(toast.minX) + 4, Int(toast.midY)])
        XCTAssertGreaterThan(fill.red, 0.6)
        XCTAssertLessThan(fill.green, 0.25, "red")
        wait(MessageLine.duration * 3)
        XCTAssertFalse(board.messageLine.toast.isHidden, "an error does not fade")
        var driver = TouchDriver(window: window)
        driver.tap(board.messageLine.closeButton)
        XCTAssertTrue(board.messageLine.toast.isHidden, "× dismisses it")
        // Touches pass through where no message shows: the canvas below still draws.
        XCTAssertNil(board.messageLine.hitTest(board.messageLine.convert(Point(x: 5, y: 5), from: nil)).flatMap { $0 === board.messageLine ? $0 : nil })
    }
}
