import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

final class HiDPITests: XCTestCase {
    func testAScaledWindowRendersStrokesAndTextAtDevicePixels() {
        let window = Window(size: Size(width: 400, height: 300), scale: 2, application: Application(clock: ManualClock()))
        let board = DrawingBoardViewController(store: MemoryArtworkStore())
        window.rootViewController = board
        window.render()
        XCTAssertEqual(window.backbuffer.width, 800, "device pixels")
        XCTAssertEqual(board.canvas.bounds.width, 400, "points")
        board.setStrokeWidth(4)
        var driver = TouchDriver(window: window)
        let y = board.canvas.frame.midY
        driver.drag(TouchDriver.line(from: Point(x: 50, y: y), to: Point(x: 350, y: y)))
        window.render()
        let deviceY = Int(y * 2)
        let red = DrawingBoardViewController.palette[0].roundedTo8Bit
        XCTAssertEqual(window.backbuffer.color(atX: 400, y: deviceY), red)
        XCTAssertEqual(window.backbuffer.color(atX: 400, y: deviceY + 3), red, "4 points wide is 8 device pixels")
        XCTAssertEqual(window.backbuffer.color(atX: 400, y: deviceY + 6), .white)
        let artwork = board.canvas.renderArtwork()
        XCTAssertEqual(artwork.width, 800, "saved at the screen's full resolution")
        // The toolbar's text is drawn with a 2x font: ink reaches further down than a 1x font would.
        var inkRows = Set<Int>()
        let button = board.saveButton.convert(board.saveButton.bounds, to: nil)
        for dy in Int(button.minY * 2)..<Int(button.maxY * 2) {
            for dx in Int(button.minX * 2)..<Int(button.maxX * 2) where window.backbuffer[dx, dy] & 0xFF < 100 { inkRows.insert(dy) }
        }
        XCTAssertGreaterThan(inkRows.count, 14, "a 14 pt title is more than 14 device pixels tall at 2x")
    }
}
