import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

final class DrawingBoardTests: XCTestCase {
    private var window: Window!
    private var board: DrawingBoardViewController!
    private var store: MemoryArtworkStore!
    private var driver: TouchDriver!

    override func setUp() {
        window = Window(size: Size(width: 800, height: 600))
        store = MemoryArtworkStore()
        board = DrawingBoardViewController(store: store)
        window.rootViewController = board
        window.render()
        driver = TouchDriver(window: window)
    }

    private var canvasFrame: Rect { board.canvas.convert(board.canvas.bounds, to: nil) }

    private func drawAcrossCanvas(atFraction fraction: Double) {
        let y = canvasFrame.minY + canvasFrame.height * fraction
        driver.drag(TouchDriver.line(from: Point(x: canvasFrame.minX + 50, y: y), to: Point(x: canvasFrame.maxX - 50, y: y)))
    }

    func testLayoutFollowsSeed000() {
        XCTAssertEqual(board.toolbar.frame, Rect(x: 0, y: 0, width: 800, height: 44))
        XCTAssertEqual(board.bottomBar.frame.maxY, 600)
        XCTAssertEqual(canvasFrame, Rect(x: 0, y: 44, width: 800, height: 600 - 44 - 100))
        let frames = board.colorButtons.map(\.frame)
        XCTAssertEqual(frames.count, 3)
        XCTAssertEqual(Set(frames.map(\.size)).count, 1, "equal sizes")
        XCTAssertEqual(frames[0].minX, 20, "20 px from the left")
        XCTAssertEqual(frames[1].minX - frames[0].maxX, 20, accuracy: 1e-9)
        XCTAssertEqual(frames[2].minX - frames[1].maxX, 20, accuracy: 1e-9)
        // The palette button ends the row, 20 px from the right.
        let palette = board.bottomBarController.paletteButton.frame
        XCTAssertEqual(800 - palette.maxX, 20, accuracy: 1e-9, "20 px from the right")
        XCTAssertGreaterThanOrEqual(palette.minX - frames[2].maxX, 20)
        XCTAssertEqual(palette.minY, frames[0].minY)
        XCTAssertEqual(100 - frames[0].maxY, 20, "20 px from the bottom")
        let titles = board.toolbar.subviews.compactMap { ($0 as? Button)?.title }
        XCTAssertEqual(titles, ["Clear", "Undo", "Redo", "Eraser", "Photo", "Save", "Menu"], "seed 000's buttons, and the main menu at the end")
        XCTAssertEqual(board.toolPicker.items, ["Pencil", "Line", "Dashes", "Rect", "Ellipse", "Eraser", "Picker", "Bucket", "Text", "Select", "Lasso", "Rounded", "Arrow", "Oval", "Gradient", "Spray", "Polygon", "Curve", "Wand", "Paintbrush", "Smudge", "Clone Stamp", "Recolor"], "seed 003's tools, then the shapes, spray, polygon, curve, magic wand, MyPaint brush and retouching tools added after")
        XCTAssertLessThanOrEqual(board.saveButton.frame.maxX, 800, "everything fits")
        let menu = board.toolbarController.menuButton.frame
        XCTAssertEqual(menu.maxX, 800 - board.toolbar.margin, "the menu button ends the bar, as in GNOME's header bars")
        XCTAssertEqual(menu.minX - board.saveButton.frame.maxX, board.toolbar.spacing, accuracy: 1e-9, "Save sits just before it, at the right")
        XCTAssertTrue(board.photoButton.isEnabled, "Photo opens the picker")
    }

    func testColourButtonsAndSliderSetTheNextStroke() {
        drawAcrossCanvas(atFraction: 0.3)
        driver.tap(board.colorButtons[2])
        let slider = board.widthSlider
        driver.drag([slider.convert(slider.thumbCenter, to: nil), slider.convert(slider.thumbCenter(for: 20), to: nil)])
        drawAcrossCanvas(atFraction: 0.7)
        let art = board.canvas.renderArtwork()
        let y1 = Int(canvasFrame.height * 0.3), y2 = Int(canvasFrame.height * 0.7)
        XCTAssertEqual(art.color(atX: 400, y: y1), DrawingBoardViewController.palette[0].roundedTo8Bit, "red by default")
        XCTAssertEqual(art.color(atX: 400, y: y2), DrawingBoardViewController.palette[2].roundedTo8Bit)
        XCTAssertEqual(art.color(atX: 400, y: y2 + 8), DrawingBoardViewController.palette[2].roundedTo8Bit, "20 px wide")
        XCTAssertEqual(art.color(atX: 400, y: y1 + 8), .white, "the first stroke kept its 6 px")
        XCTAssertTrue(board.colorButtons[2].isSelected)
        XCTAssertFalse(board.colorButtons[0].isSelected)
    }

    /// In a shared drawing Undo takes back only one's own changes: others' strokes leave it
    /// off, one's own turns it on.
    func testUndoIsOnlyForOnesOwnChangesInASharedDrawing() {
        let content = board.canvas.content
        content.author = 2
        let stroke = Stroke(points: [Point(x: 10, y: 10), Point(x: 90, y: 40)], color: .red, width: 4, blendMode: .sourceOver)
        content.apply(DocumentOperation(id: OperationID(author: 3, sequence: 1), kind: .item(.stroke(stroke))))
        board.updateUndoAvailability()
        XCTAssertFalse(board.undoButton.isEnabled, "another's stroke is theirs to undo")
        drawAcrossCanvas(atFraction: 0.5)
        XCTAssertTrue(board.undoButton.isEnabled, "one's own is one's own")
    }

    func testToolbarButtonsUndoClearAndErase() {
        XCTAssertFalse(board.undoButton.isEnabled, "nothing to undo yet")
        drawAcrossCanvas(atFraction: 0.5)
        XCTAssertTrue(board.undoButton.isEnabled)
        driver.tap(board.eraserButton)
        XCTAssertTrue(board.eraserButton.isSelected)
        let x = canvasFrame.midX
        driver.drag(TouchDriver.line(from: Point(x: x, y: canvasFrame.minY + 10), to: Point(x: x, y: canvasFrame.maxY - 10)))
        let y = Int(canvasFrame.height * 0.5)
        XCTAssertEqual(board.canvas.renderArtwork().color(atX: Int(x), y: y), .white, "erased")
        XCTAssertNotEqual(board.canvas.renderArtwork().color(atX: 100, y: y), .white, "the rest of the stroke stays")
        driver.tap(board.undoButton)
        XCTAssertNotEqual(board.canvas.renderArtwork().color(atX: Int(x), y: y), .white, "the erasure was undone")
        driver.tap(board.clearButton)
        XCTAssertTrue(board.canvas.renderArtwork().isEqual(to: Bitmap(width: 800, height: 456, color: .white)))
        driver.tap(board.colorButtons[1])
        XCTAssertFalse(board.eraserButton.isSelected, "picking a colour returns to the pencil")
    }

    func testKeyboardShortcutsUndoAndSave() {
        drawAcrossCanvas(atFraction: 0.5)
        drawAcrossCanvas(atFraction: 0.6)
        XCTAssertTrue(window.send(.control("z")))
        XCTAssertEqual(board.canvas.document.items.count, 1)
        XCTAssertTrue(window.send(.control("s")))
        board.finishSaves()
        XCTAssertEqual(store.saved.count, 1)
        XCTAssertFalse(window.send(KeyEvent(.character("z"))), "unhandled keys travel up and are reported unhandled")
        XCTAssertTrue(window.send(KeyEvent(.character("z"), modifiers: [.control, .shift])))
        XCTAssertEqual(board.canvas.document.items.count, 2, "Ctrl+Shift+Z redoes")
        window.send(.control("z"))
        window.send(.control("y"))
        XCTAssertEqual(board.canvas.document.items.count, 2, "so does Ctrl+Y")
        XCTAssertFalse(board.canvas.redo(), "nothing left to redo")
        window.send(.control("z"))
        drawAcrossCanvas(atFraction: 0.7)
        XCTAssertFalse(board.canvas.redo(), "a new stroke discards the redo tail")
        let width = board.canvas.strokeWidth
        window.send(KeyEvent(.character("]")))
        XCTAssertEqual(board.canvas.strokeWidth, width + 1)
        window.send(KeyEvent(.character("[")))
        window.send(KeyEvent(.character("[")))
        XCTAssertEqual(board.canvas.strokeWidth, width - 1)
    }

    func testSaveWritesTheCanvasWithoutTheBarsAndSaysWhere() {
        drawAcrossCanvas(atFraction: 0.5)
        driver.tap(board.saveButton)
        board.finishSaves()
        XCTAssertEqual(store.saved.count, 1)
        guard store.saved.count == 1 else { return }
        let saved = store.saved[0]
        XCTAssertEqual(saved.width, 800)
        XCTAssertEqual(saved.height, 456)
        XCTAssertTrue(saved.isEqual(to: board.canvas.renderArtwork()))
        XCTAssertFalse(board.statusLabel.isHidden)
        XCTAssertTrue(board.statusLabel.text.contains("/memory/1.png"), board.statusLabel.text)
    }

    func testAFailedSaveTellsTheUserAndLeavesTheCanvasAlone() {
        drawAcrossCanvas(atFraction: 0.5)
        let before = board.canvas.renderArtwork()
        store.failure = "Could not save: disk full"
        XCTAssertNil(board.saveAndWait())
        XCTAssertTrue(board.statusLabel.text.contains("disk full"))
        XCTAssertTrue(board.canvas.renderArtwork().isEqual(to: before))
        XCTAssertEqual(board.canvas.document.items.count, 1)
    }

    func testDemoScriptDrawsThreeColouredStrokesAndSaves() {
        for step in DemoScript.steps(for: board) { window.send(step) }
        XCTAssertEqual(board.canvas.document.items.count, 3)
        let colors = board.canvas.document.items.compactMap { item -> Color? in
            if case .stroke(let stroke) = item { return stroke.color }
            return nil
        }
        XCTAssertEqual(colors, DrawingBoardViewController.palette)
        let widths = board.canvas.document.items.compactMap { item -> Double? in
            if case .stroke(let stroke) = item { return stroke.width }
            return nil
        }
        XCTAssertEqual(widths, [4, 12, 24])
        board.finishSaves()
        XCTAssertEqual(store.saved.count, 1)
    }
}

final class DrawingBoardStatusTests: XCTestCase {
    func testTheSavedMessageFadesAfterAWhileButErrorsStay() {
        let clock = ManualClock()
        let window = Window(size: Size(width: 800, height: 600), application: Application(clock: clock))
        let store = MemoryArtworkStore()
        let board = DrawingBoardViewController(store: store)
        window.rootViewController = board
        window.render()
        board.saveAndWait()
        XCTAssertFalse(board.statusLabel.isHidden)
        clock.advance(by: DrawingBoardViewController.statusDuration + 0.1)
        window.application.tick()
        clock.advance(by: 0.5)
        window.application.tick()
        XCTAssertTrue(board.statusLabel.isHidden, "faded out")
        store.failure = "Could not save: disk full"
        board.saveAndWait()
        clock.advance(by: 60)
        window.application.tick()
        XCTAssertFalse(board.statusLabel.isHidden, "an error stays until the next message")
    }
}
