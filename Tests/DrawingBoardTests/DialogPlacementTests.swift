import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// Dialogs move as desktop dialogs do: dragged by their title, kept in the window; Levels and
/// Curves open beside the middle of the picture they preview when the window has room.
final class DialogPlacementTests: XCTestCase {
    private func box(of dialog: ViewController) throws -> DialogBox {
        try XCTUnwrap(dialog.view.subviews.compactMap { $0 as? DialogBox }.first)
    }

    func testLevelsAndCurvesOpenBesideTheMiddleWhenThereIsRoom() throws {
        for (key, name) in [("l", "Levels"), ("m", "Curves")] {
            let session = BoardSession(size: Size(width: 1280, height: 800))
            session.window.send(KeyEvent(.character(Character(key)), modifiers: key == "l" ? .control : [.control, .shift]))
            let dialog = try XCTUnwrap(session.board.presentedViewController, name)
            session.window.render()
            let frame = try box(of: dialog).frame
            XCTAssertGreaterThanOrEqual(frame.minX, session.window.bounds.midX + 40, "\(name) leaves the middle in view")
            // In a window too narrow for that, it is centred.
            session.window.resize(to: DrawingBoardViewController.minimumSize)
            session.window.render()
            XCTAssertEqual(try box(of: dialog).frame.midX, session.window.bounds.midX, accuracy: 1, name)
        }
    }

    func testADialogIsDraggedByItsTitleAndStaysInTheWindow() throws {
        let session = BoardSession()
        session.board.chooseNewDocument()
        let dialog = try XCTUnwrap(session.board.presentedViewController as? NewDocumentViewController)
        session.window.render()
        let box = try box(of: dialog)
        let before = box.frame, width = dialog.widthField.text
        var driver = TouchDriver(window: session.window)
        let title = box.convert(Point(x: 200, y: 14), to: nil)
        driver.drag(TouchDriver.line(from: title, to: Point(x: title.x - 120, y: title.y + 90), step: 10))
        session.window.render()
        XCTAssertEqual(box.frame.minX, before.minX - 120, accuracy: 1)
        XCTAssertEqual(box.frame.minY, before.minY + 90, accuracy: 1)
        XCTAssertEqual(dialog.widthField.text, width, "a drag on the title changes nothing in the dialog")
        // Its fields still take clicks where they now are.
        driver.tap(dialog.heightField.convert(Point(x: 10, y: 10), to: nil))
        XCTAssertTrue(dialog.heightField.isEditing)
        // Dragged far away, its title stays in the window.
        let moved = box.convert(Point(x: 200, y: 14), to: nil)
        driver.drag(TouchDriver.line(from: moved, to: Point(x: moved.x, y: moved.y + 2000), step: 100))
        XCTAssertLessThanOrEqual(box.frame.minY + DialogBox.titleStripHeight, session.window.bounds.maxY + 0.5)
        // A press below the title does not move it.
        let place = box.frame
        let below = box.convert(Point(x: 200, y: 150), to: nil)
        driver.drag(TouchDriver.line(from: below, to: Point(x: below.x + 100, y: below.y), step: 10))
        XCTAssertEqual(box.frame, place)
    }
}
