import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// Hover (pointer enter and leave) in the toolkit, tooltips on the fake clock, and the
/// board's buttons and tools naming shortcuts that do what they do.
final class HoverAndTooltipTests: XCTestCase {
    private var clock: ManualClock!
    private var window: Window!

    override func setUp() {
        clock = ManualClock()
        window = Window(size: Size(width: 400, height: 300), application: Application(clock: clock))
    }

    private func wait(_ seconds: Double) {
        clock.advance(by: seconds)
        window.application.scheduler.fireDueTimers()
    }

    private func buttons() -> (View, Button, Button) {
        let bar = View(frame: Rect(x: 0, y: 0, width: 400, height: 40))
        let undo = Button(title: "Undo", toolTip: "Undo (Ctrl+Z)") {}
        undo.frame = Rect(x: 10, y: 4, width: 60, height: 32)
        let redo = Button(title: "Redo", toolTip: "Redo (Ctrl+Shift+Z)") {}
        redo.frame = Rect(x: 80, y: 4, width: 60, height: 32)
        bar.addSubview(undo)
        bar.addSubview(redo)
        window.addSubview(bar)
        return (bar, undo, redo)
    }

    func testTheViewUnderThePointerAndItsAncestorsAreInsideUntilItMovesOnOrLeaves() {
        let (bar, undo, redo) = buttons()
        window.pointerHovered(to: Point(x: 30, y: 20), timestamp: 0)
        XCTAssertTrue(undo.isPointerInside)
        XCTAssertTrue(bar.isPointerInside, "the ancestors too")
        XCTAssertFalse(redo.isPointerInside)
        XCTAssertTrue(undo.isHovered)
        window.pointerHovered(to: Point(x: 100, y: 20), timestamp: 0.1)
        XCTAssertFalse(undo.isPointerInside, "left")
        XCTAssertTrue(redo.isPointerInside, "entered")
        XCTAssertTrue(bar.isPointerInside)
        window.pointerHovered(to: Point(x: 200, y: 200), timestamp: 0.2)
        XCTAssertFalse(redo.isPointerInside)
        XCTAssertFalse(bar.isPointerInside)
        window.pointerHovered(to: Point(x: 100, y: 20), timestamp: 0.3)
        window.pointerLeft()
        XCTAssertFalse(redo.isPointerInside, "leaving the window leaves everything")
        XCTAssertFalse(bar.isPointerInside)
        redo.isEnabled = false
        window.pointerHovered(to: Point(x: 100, y: 20), timestamp: 0.4)
        XCTAssertFalse(redo.isHovered, "a disabled button shows no hover")
        wait(0.7)
        XCTAssertEqual(window.tooltips.visibleText, "Redo (Ctrl+Shift+Z)", "but says what it would do")
    }

    func testAHoveredButtonLooksDifferentAndGoesBackWhenLeft() {
        let (_, undo, _) = buttons()
        window.render()
        let spot = (x: 14, y: 30) // inside the button, away from its title
        let plain = window.backbuffer[spot.x, spot.y]
        window.pointerHovered(to: Point(x: 30, y: 20), timestamp: 0)
        window.render()
        XCTAssertNotEqual(window.backbuffer[spot.x, spot.y], plain, "hover tint")
        XCTAssertTrue(undo.isHovered)
        window.pointerLeft()
        window.render()
        XCTAssertEqual(window.backbuffer[spot.x, spot.y], plain)
    }

    func testATooltipShowsAfterTheDelayInsideTheWindowAndGoesOnLeaveOrPress() throws {
        let (_, _, _) = buttons()
        window.pointerHovered(to: Point(x: 30, y: 20), timestamp: 0)
        wait(0.5)
        XCTAssertNil(window.tooltips.visibleText, "not before 0.6 s")
        window.pointerHovered(to: Point(x: 32, y: 21), timestamp: 0.5) // a little motion keeps the count
        wait(0.15)
        XCTAssertEqual(window.tooltips.visibleText, "Undo (Ctrl+Z)")
        let shown = try XCTUnwrap(window.tooltips.shown)
        XCTAssertTrue(window.bounds.contains(shown.frame), "inside the window")
        XCTAssertGreaterThanOrEqual(shown.frame.minY, 36, "below the button, not over it")
        XCTAssertNil(window.hitTest(shown.frame.center).flatMap { $0 === shown ? $0 : nil }, "never in the pointer's way")

        // Browse mode: the neighbour's tooltip at once.
        window.pointerHovered(to: Point(x: 100, y: 20), timestamp: 0.7)
        XCTAssertEqual(window.tooltips.visibleText, "Redo (Ctrl+Shift+Z)")

        window.pointerHovered(to: Point(x: 300, y: 200), timestamp: 0.8)
        XCTAssertNil(window.tooltips.visibleText, "gone when the pointer leaves")
        wait(2)

        window.pointerHovered(to: Point(x: 100, y: 20), timestamp: 3)
        XCTAssertNil(window.tooltips.visibleText, "away long enough: the delay again")
        wait(0.7)
        XCTAssertNotNil(window.tooltips.visibleText)
        window.send([TouchInput(identifier: 1, phase: .began, location: Point(x: 100, y: 20), timestamp: 4)])
        XCTAssertNil(window.tooltips.visibleText, "gone on a press")
        window.send([TouchInput(identifier: 1, phase: .ended, location: Point(x: 100, y: 20), timestamp: 4.1)])
        window.pointerHovered(to: Point(x: 101, y: 20), timestamp: 4.2)
        wait(1)
        XCTAssertNil(window.tooltips.visibleText, "and not back while the pointer stays on the pressed button")
    }

    func testATooltipNearTheWindowsEdgeStaysInside() throws {
        let corner = Button(title: "Save", toolTip: "Save to Pictures (Ctrl+S)") {}
        corner.frame = Rect(x: 350, y: 260, width: 50, height: 40)
        window.addSubview(corner)
        window.pointerHovered(to: Point(x: 395, y: 295), timestamp: 0)
        wait(0.7)
        let shown = try XCTUnwrap(window.tooltips.shown)
        XCTAssertTrue(window.bounds.contains(shown.frame), "\(shown.frame) inside \(window.bounds)")
        XCTAssertLessThanOrEqual(shown.frame.maxY, 260, "above the button when there is no room below")
    }

    func testEveryToolbarActionNamesAShortcutThatDoesWhatItsButtonDoes() {
        let board = DrawingBoardViewController(store: MemoryArtworkStore())
        window = Window(size: Size(width: 1024, height: 700), application: Application(clock: clock))
        window.rootViewController = board
        window.render()
        let bar = board.toolbarController
        for button in [bar.clearButton, bar.undoButton, bar.redoButton, bar.eraserButton, bar.photoButton, bar.saveButton] {
            let tip = button.toolTip ?? ""
            XCTAssertTrue(tip.hasSuffix(")") && tip.contains("("), "\(button.title): \(tip) names its shortcut")
        }
        // Each tool's key picks it, and the segment's tooltip says so.
        let picker = bar.toolPicker
        for (index, tool) in DrawingBoardViewController.tools.enumerated() {
            board.selectTool(at: index == 0 ? 1 : 0)
            let segment = picker.frame(ofSegment: index)
            XCTAssertEqual(picker.toolTip(at: segment.center), "\(tool.longName) (\(String(tool.key).uppercased()))")
            XCTAssertTrue(window.send(KeyEvent(.character(tool.key))))
            XCTAssertEqual(bar.selectedTool, index, "\(tool.key) picks \(tool.name)")
        }
        // Undo and Redo: their keys and their buttons do the same to the document.
        board.selectTool(at: 0)
        var driver = TouchDriver(window: window)
        driver.drag(TouchDriver.line(from: board.canvas.convert(Point(x: 100, y: 100), to: nil), to: board.canvas.convert(Point(x: 300, y: 200), to: nil)))
        XCTAssertEqual(board.canvas.document.items.count, 1)
        XCTAssertTrue(window.send(KeyEvent(.character("z"), modifiers: .control)))
        XCTAssertEqual(board.canvas.document.items.count, 0, "Ctrl+Z undoes")
        driver.tap(bar.redoButton)
        XCTAssertEqual(board.canvas.document.items.count, 1, "the Redo button redoes")
        driver.tap(bar.undoButton)
        XCTAssertEqual(board.canvas.document.items.count, 0, "the Undo button undoes")
        XCTAssertTrue(window.send(KeyEvent(.character("z"), modifiers: [.control, .shift])))
        XCTAssertEqual(board.canvas.document.items.count, 1, "Ctrl+Shift+Z redoes")
        // The eraser: its key and its button both turn the pencil into the eraser.
        board.selectTool(at: 0)
        driver.tap(bar.eraserButton)
        XCTAssertEqual(bar.selectedTool, DrawingBoardViewController.eraserIndex)
        board.selectTool(at: 0)
        XCTAssertTrue(window.send(KeyEvent(.character("x"))))
        XCTAssertEqual(bar.selectedTool, DrawingBoardViewController.eraserIndex)
    }
}
