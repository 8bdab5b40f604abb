import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// Keyboard focus. Tab walks the controls, the focused one wears a ring, Space or
/// Enter presses a button, arrows move segments and sliders, and shortcuts still reach the board.
final class KeyboardFocusTests: XCTestCase {
    private var window: Window!
    private var board: DrawingBoardViewController!

    override func setUp() {
        window = Window(size: Size(width: 1024, height: 768), application: Application(clock: ManualClock()))
        board = DrawingBoardViewController(store: MemoryArtworkStore())
        window.rootViewController = board
        window.render()
    }

    private func tab(_ shift: Bool = false) { XCTAssertTrue(window.send(KeyEvent(.tab, modifiers: shift ? .shift : []))) }

    func testTabWalksTheEnabledControlsInOrderAndShiftTabWalksBack() {
        // Nothing to undo yet: Clear, Undo and Redo are disabled and skipped.
        tab()
        XCTAssertTrue(window.firstResponder === board.eraserButton, "the first enabled control: \(String(describing: window.firstResponder))")
        tab()
        XCTAssertTrue(window.firstResponder === board.photoButton)
        tab()
        XCTAssertTrue(window.firstResponder === board.toolPicker)
        tab(true)
        XCTAssertTrue(window.firstResponder === board.photoButton, "Shift+Tab goes back")
        let all = window.focusableControls()
        XCTAssertTrue(all.contains { $0 === board.widthSlider } && all.contains { $0 === board.saveButton })
        XCTAssertFalse(all.contains { $0 === board.undoButton }, "disabled: skipped")
        for _ in 0..<all.count { tab() }
        XCTAssertTrue(window.firstResponder === board.photoButton, "round the loop")
    }

    func testTheFocusedControlWearsARingThatGoesWithTheFocus() {
        let photo = board.photoButton
        let frame = photo.convert(photo.bounds, to: nil)
        let edge = (x: Int(frame.midX), y: Int(frame.minY) - 2)
        let before = window.backbuffer[edge.x, edge.y]
        tab()
        tab()
        window.render()
        XCTAssertTrue(window.firstResponder === photo)
        let ring = Color(premultipliedPixel: window.backbuffer[edge.x, edge.y])
        XCTAssertGreaterThan(ring.blue, 0.6, "a blue ring just outside the button")
        XCTAssertLessThan(ring.red, 0.5)
        tab()
        window.render()
        XCTAssertEqual(window.backbuffer[edge.x, edge.y], before, "gone when the focus moves on")
    }

    func testKeysActOnTheFocusedControlAndShortcutsStillWork() {
        tab() // Eraser
        XCTAssertTrue(window.send(KeyEvent(.character(" "))))
        XCTAssertEqual(board.toolbarController.selectedTool, DrawingBoardViewController.eraserIndex, "Space pressed Eraser")
        tab()
        tab() // the tools
        XCTAssertTrue(window.send(KeyEvent(.left)))
        XCTAssertEqual(board.toolbarController.selectedTool, DrawingBoardViewController.eraserIndex - 1, "Left chose the segment before")
        XCTAssertTrue(window.send(KeyEvent(.character("l"))))
        XCTAssertEqual(board.toolbarController.selectedTool, 1, "a tool key still reaches the board")
        while !(window.firstResponder === board.widthSlider) { tab() }
        let width = board.canvas.strokeWidth
        XCTAssertTrue(window.send(KeyEvent(.right)))
        XCTAssertEqual(board.canvas.strokeWidth, width + 1, "Right widens the pen by one")
    }

    func testTabFromATextFieldMovesOnAndAClosedPanelGivesTheKeysBack() {
        board.showBackgroundSettings()
        let field = board.panels.backgroundSettings.pathField
        field.beginEditing()
        XCTAssertTrue(field.isEditing)
        tab()
        XCTAssertFalse(field.isEditing, "Tab ends editing")
        XCTAssertFalse(window.firstResponder === field)
        XCTAssertNotNil(window.firstResponder as? Control, "and focuses the next control")
        board.panels.backgroundPanel.removeFromSuperview()
        XCTAssertTrue(window.send(KeyEvent(.character("r"))))
        XCTAssertEqual(board.toolbarController.selectedTool, 3, "keys reach the board again")
    }
}
