import Foundation
import XCTest
@testable import PaintCore

/// Issue 36, item 6: the bottom bar's pointer position follows every motion, drags included,
/// and is worked out again whenever the zoom or the scroll changes under a still pointer.
final class StatusReadoutTests: XCTestCase {
    private var session: BoardSession!
    private var window: Window { session.window }
    private var board: DrawingBoardViewController { session.board }

    override func setUp() { session = BoardSession() }

    private func w(_ x: Double, _ y: Double) -> Point { board.canvas.convert(Point(x: x, y: y), to: nil) }

    func testThePositionFollowsDragsAndIsRecomputedAfterZoomAndScroll() {
        window.pointerHovered(to: w(100, 50), timestamp: 0)
        XCTAssertTrue(board.zoomLabel.text.hasSuffix("100, 50"), board.zoomLabel.text)
        // A drag: the press, then motion with the button held.
        window.send([TouchInput(identifier: 1, phase: .began, location: w(100, 50), timestamp: 0.1)])
        window.send([TouchInput(identifier: 1, phase: .moved, location: w(240, 130), timestamp: 0.2)])
        XCTAssertTrue(board.zoomLabel.text.hasSuffix("240, 130"), "during the drag: \(board.zoomLabel.text)")
        window.send([TouchInput(identifier: 1, phase: .moved, location: w(300, 200), timestamp: 0.3)])
        XCTAssertTrue(board.zoomLabel.text.hasSuffix("300, 200"), board.zoomLabel.text)
        window.send([TouchInput(identifier: 1, phase: .ended, location: w(300, 200), timestamp: 0.4)])
        // Zoomed in about another point: the pixel under the still pointer changes.
        board.canvas.setZoom(2, about: Point(x: 0, y: 0))
        let expected = board.canvas.documentPixel(at: Point(x: 300, y: 200))
        XCTAssertTrue(board.zoomLabel.text.hasSuffix("\(Int(expected.x)), \(Int(expected.y))"), board.zoomLabel.text)
        XCTAssertEqual(Int(expected.x), 150, "half of 300 at 200%")
        board.canvas.scroll(by: Point(x: 40, y: 20))
        let scrolled = board.canvas.documentPixel(at: Point(x: 300, y: 200))
        XCTAssertNotEqual(Int(scrolled.x), Int(expected.x))
        XCTAssertTrue(board.zoomLabel.text.hasSuffix("\(Int(scrolled.x)), \(Int(scrolled.y))"), board.zoomLabel.text)
        // Leaving the window clears it.
        window.pointerLeft()
        XCTAssertFalse(board.zoomLabel.text.contains(","), board.zoomLabel.text)
    }
}
