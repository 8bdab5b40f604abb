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

/// Every number of an effect's or image dialog has a field beside its slider, as GTK's spin
/// buttons: typed, stepped by the setting's own unit with the arrows (ten with Page Up/Down);
/// the slider's keys step by that unit too (the blur's radius by 0.5, not from 2 to 200).
final class DialogNumberFieldTests: XCTestCase {
    func testTheBlurRadiusStepsByHalfAPixelAndTakesATypedNumber() throws {
        let session = BoardSession()
        session.drag(y: 100)
        session.board.adjustmentCommands.choose(.gaussianBlur)
        let dialog = try XCTUnwrap(session.board.presentedViewController as? SliderAdjustmentViewController)
        session.window.render()
        let slider = dialog.sliders[0], field = dialog.valueFields[0]
        XCTAssertEqual(field.text, "2.0")
        XCTAssertTrue(slider.becomeFirstResponder())
        session.window.send(KeyEvent(.right))
        XCTAssertEqual(field.text, "2.5", "one Right: half a pixel more")
        session.window.send(KeyEvent(.left))
        session.window.send(KeyEvent(.left))
        XCTAssertEqual(field.text, "1.5")
        var driver = TouchDriver(window: session.window)
        driver.tap(field)
        XCTAssertTrue(field.isEditing)
        session.window.send(KeyEvent(.character("a"), modifiers: .control))
        for character in "7.5" { session.window.send(KeyEvent(.character(character), text: String(character))) }
        XCTAssertEqual(field.text, "7.5", "typed")
        session.window.send(KeyEvent(.tab))
        XCTAssertEqual(dialog.adjustment, .effect(.gaussianBlur(radius: 7.5)), "typed, then Tab")
        driver.tap(field)
        session.window.send(KeyEvent(.up))
        XCTAssertEqual(dialog.adjustment, .effect(.gaussianBlur(radius: 8)))
        session.window.send(KeyEvent(.pageUp))
        XCTAssertEqual(dialog.adjustment, .effect(.gaussianBlur(radius: 13)))
        XCTAssertEqual(slider.value, SliderAdjustmentViewController.Setting(label: "", range: 0.5...200, initial: 2, step: 0.5, exponent: 2).position(of: 13),
                       accuracy: 1e-9, "the slider follows")
        session.window.send(KeyEvent(.character("a"), modifiers: .control))
        for character in "9999" { session.window.send(KeyEvent(.character(character), text: String(character))) }
        session.window.send(KeyEvent(.enter))
        XCTAssertEqual(dialog.adjustment, .effect(.gaussianBlur(radius: 200)), "brought within the range")
    }

    func testLevelsGammaAndTheRotationAngleStepByTheirUnits() throws {
        let session = BoardSession()
        session.drag(y: 100)
        session.window.send(KeyEvent(.character("l"), modifiers: .control))
        let levels = try XCTUnwrap(session.board.presentedViewController as? LevelsViewController)
        session.window.render()
        XCTAssertTrue(levels.sliders[2].becomeFirstResponder())
        session.window.send(KeyEvent(.right))
        XCTAssertEqual(levels.values[2].text, "1.05", "gamma by 0.05, not to 2")
        levels.onCancel?()
        session.board.dismiss(animated: false)
        session.board.imageCommands.chooseRotation()
        let rotate = try XCTUnwrap(session.board.presentedViewController as? RotateImageViewController)
        session.window.render()
        var driver = TouchDriver(window: session.window)
        driver.tap(rotate.valueField)
        session.window.send(KeyEvent(.character("a"), modifiers: .control))
        for character in "45" { session.window.send(KeyEvent(.character(character), text: String(character))) }
        session.window.send(KeyEvent(.up))
        XCTAssertEqual(rotate.degrees, 46)
        XCTAssertEqual(rotate.valueField.text, "46°")
    }
}
