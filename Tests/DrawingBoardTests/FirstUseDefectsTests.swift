import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// What a new user tripped over, each stated as the behaviour a user expects.
final class FirstUseDefectsTests: XCTestCase {
    private var clock: ManualClock!
    private var window: Window!
    private var board: DrawingBoardViewController!
    private var driver: TouchDriver!
    private var store: MemoryArtworkStore!
    private var temp: TemporaryDirectory!

    override func setUp() {
        temp = TemporaryDirectory()
        store = MemoryArtworkStore()
        let session = BoardSession(store: store, pictures: temp.path)
        (clock, window, board) = (session.clock, session.window, session.board)
        driver = TouchDriver(window: window)
    }

    private func wait(_ seconds: Double) {
        clock.advance(by: seconds)
        window.application.tick()
        window.render()
    }

    private func w(_ x: Double, _ y: Double) -> Point { board.canvas.convert(Point(x: x, y: y), to: nil) }
    private func art() -> Bitmap { board.canvas.renderArtwork() }
    private func stroke(y: Double) { BoardSession(window: window, board: board).drag(y: y) }

    private func bluePhoto(width: Int = 200, height: Int = 100) -> Photo {
        Photo(asset: ImageAsset(bitmap: Bitmap(width: width, height: height, color: .blue), name: "blue"))
    }

    // MARK: 1. A visit to the Background panel is one undoable change

    func testDraggingABackgroundSliderIsOneUndoableChangeJournaledOnce() throws {
        let state = temp.path + "/state"
        let session = BoardSession(window: window, board: board)
        board.restore(fromStateFolder: state)
        board.finishRestoring()
        session.drag(y: 100)
        board.showBackgroundSettings()
        wait(0.3)
        // Drag R from 255 down to about half, in many small steps as a hand does.
        let red = board.backgroundSettings.colorPicker.sliders[0]
        let from = red.convert(Point(x: red.bounds.maxX - 1, y: red.bounds.midY), to: nil)
        let to = red.convert(Point(x: red.bounds.midX, y: red.bounds.midY), to: nil)
        driver.drag(TouchDriver.line(from: from, to: to, step: 2))
        let chosen = board.backgroundSettings.colorPicker.color
        XCTAssertLessThan(chosen.red, 0.6)
        XCTAssertEqual(art().color(atX: 400, y: 400), chosen.roundedTo8Bit, "previewed live while the panel is open")
        driver.tap(board.backgroundPanel.doneButton)
        wait(0.3)
        XCTAssertEqual(board.canvas.document.items.count, 2, "the stroke and one background change")
        board.undo()
        XCTAssertEqual(board.canvas.canvasBackground, .color(.white), "one Ctrl+Z takes the whole visit back")
        XCTAssertEqual(art().color(atX: 400, y: 400), .white)
        board.redo()
        XCTAssertEqual(board.canvas.canvasBackground, .color(chosen))
        board.flushJournal()
        board.journal?.close()
        let recovered = JournalReader.recover(folder: JournalFolder.slotPath(1, in: state))
        XCTAssertEqual(recovered.document.items.count, 2, "the journal holds one item for the visit, not one per step")
    }

    func testSavingOrDrawingWhileThePanelIsOpenKeepsTheChosenBackground() throws {
        board.showBackgroundSettings()
        wait(0.3)
        board.backgroundSettings.colorPicker.color = Color(r: 250, g: 240, b: 200)
        board.backgroundSettings.colorPicker.onChange?(board.backgroundSettings.colorPicker.color)
        XCTAssertTrue(board.canvas.document.isEmpty, "only previewed")
        board.saveAndWait()
        XCTAssertEqual(store.saved.last?.color(atX: 10, y: 10), Color(r: 250, g: 240, b: 200), "the file has what the user sees")
        XCTAssertEqual(board.canvas.document.items.count, 1, "and the document has it too")
    }

    // MARK: 2. Save includes the photo being placed

    func testSavingWhilePlacingAPhotoAddsItFirstAndSaysSo() throws {
        board.placePhoto(bluePhoto())
        let path = board.saveAndWait()
        XCTAssertNotNil(path)
        XCTAssertNil(board.photoPlacement, "the photo was added to the drawing")
        XCTAssertEqual(store.saved.last?.color(atX: 400, y: 228), .blue, "the saved file shows the photo")
        XCTAssertTrue(board.statusLabel.text.contains("Photo added and saved"), board.statusLabel.text)
        board.undo()
        XCTAssertTrue(board.canvas.document.isEmpty, "Ctrl+Z takes the photo back")
    }

    // MARK: 3. Ctrl+Z while placing works on the photo

    func testUndoWhilePlacingStepsBackThePhotoNotTheStrokeUnderIt() throws {
        stroke(y: 100)
        board.placePhoto(bluePhoto())
        let placement = try XCTUnwrap(board.photoPlacement)
        let placed = placement.placement
        let centre = placement.convert(placement.simulatedPinchCenter(near: .zero), to: nil)
        driver.drag(TouchDriver.line(from: centre, to: centre + Point(x: 80, y: 40), step: 10))
        XCTAssertNotEqual(placement.placement, placed, "moved")
        XCTAssertTrue(window.send(KeyEvent(.character("z"), modifiers: .control)))
        XCTAssertEqual(placement.placement, placed, "the move is taken back")
        XCTAssertEqual(board.canvas.document.items.count, 1, "the stroke stays")
        XCTAssertTrue(window.send(KeyEvent(.character("z"), modifiers: .control)))
        XCTAssertNil(board.photoPlacement, "then the photo is dropped")
        XCTAssertEqual(board.canvas.document.items.count, 1, "and still the stroke stays")
        XCTAssertTrue(board.statusLabel.text.contains("Photo dropped"), board.statusLabel.text)
        board.undo()
        XCTAssertTrue(board.canvas.document.isEmpty, "only now the stroke")
    }

    // MARK: 4. Crop's button shows the mode in force

    func testCropButtonIsNoLongerHighlightedAfterTheCrop() throws {
        board.placePhoto(bluePhoto())
        let placement = try XCTUnwrap(board.photoPlacement)
        board.toggleCrop()
        XCTAssertTrue(board.cropButton.isSelected)
        let c = placement.convert(placement.simulatedPinchCenter(near: .zero), to: nil)
        driver.drag(TouchDriver.line(from: c - Point(x: 40, y: 20), to: c + Point(x: 40, y: 20), step: 5))
        XCTAssertFalse(placement.isCropping)
        XCTAssertFalse(board.cropButton.isSelected, "the button follows the mode")
        board.undo()
        XCTAssertNil(placement.placed.crop, "and Ctrl+Z takes the crop back")
    }

    // MARK: 5. Ctrl-drag pinches the photo about its own centre

    func testControlDragScalesAPhotoInACornerInPlace() throws {
        board.placePhoto(bluePhoto(width: 100, height: 100))
        let placement = try XCTUnwrap(board.photoPlacement)
        let pointer = PointerTranslator(window: window)
        // Move the photo to the top-left corner first.
        let start = placement.convert(placement.simulatedPinchCenter(near: .zero), to: nil)
        let corner = board.canvas.convert(Point(x: 120, y: 120), to: nil)
        driver.drag(TouchDriver.line(from: start, to: corner, step: 10))
        let before = placement.convert(placement.simulatedPinchCenter(near: .zero), to: nil)
        XCTAssertLessThan(abs(before.x - corner.x) + abs(before.y - corner.y), 30, "moved to the corner (less the pan's slop)")
        // Ctrl-drag from 30 px right of its centre to 60 px right: twice the size, same centre.
        pointer.handle(PointerEvent(.press, at: before + Point(x: 30, y: 0), modifiers: .control, timestamp: clock.now))
        pointer.handle(PointerEvent(.motion, at: before + Point(x: 45, y: 0), modifiers: .control, timestamp: clock.now + 0.05))
        pointer.handle(PointerEvent(.motion, at: before + Point(x: 60, y: 0), modifiers: .control, timestamp: clock.now + 0.1))
        pointer.handle(PointerEvent(.release, at: before + Point(x: 60, y: 0), modifiers: .control, timestamp: clock.now + 0.15))
        let after = placement.convert(placement.simulatedPinchCenter(near: .zero), to: nil)
        XCTAssertEqual(after.x, before.x, accuracy: 1e-6, "scaled in place, not about the canvas centre")
        XCTAssertEqual(after.y, before.y, accuracy: 1e-6)
        let corners = placement.corners
        XCTAssertEqual(corners[1].x - corners[0].x, 200, accuracy: 1e-6, "100 px wide, now 200")
    }

    // MARK: 6. One home

    func testATypedTildeMeansHOME() {
        XCTAssertEqual(HomeFolder.expandingTilde(in: "~/Pictures/paper.png", home: "/home/ann"), "/home/ann/Pictures/paper.png")
        XCTAssertEqual(HomeFolder.expandingTilde(in: "~", home: "/home/ann/"), "/home/ann/")
        XCTAssertEqual(HomeFolder.expandingTilde(in: "/tmp/~/x", home: "/home/ann"), "/tmp/~/x")
        XCTAssertEqual(HomeFolder.resolve(environment: ["HOME": "/home/ann"]), "/home/ann")
        XCTAssertEqual(PicturesFolder.resolve(environment: ["HOME": "/home/ann", "XDG_CONFIG_HOME": "/nowhere"]), "/home/ann/Pictures")
        XCTAssertEqual(DocumentJournal.stateFolder(environment: ["HOME": "/home/ann"]), "/home/ann/.local/state/x11paint")
    }

    func testTheBackgroundFieldOpensTildePathsInTheBoardsHome() throws {
        try FileManager.default.createDirectory(atPath: temp.path + "/Pictures", withIntermediateDirectories: true)
        try PNGCodec.encode(Bitmap(width: 8, height: 8, color: .green)).write(to: URL(fileURLWithPath: temp.path + "/Pictures/paper.png"))
        board.home = temp.path
        board.showBackgroundSettings()
        board.setBackgroundImage(path: "~/Pictures/paper.png")
        board.finishOpeningBackground()
        XCTAssertTrue(board.backgroundSettings.messageLabel.text.contains("Background: paper.png"), board.backgroundSettings.messageLabel.text)
        XCTAssertEqual(art().color(atX: 400, y: 200), .green)
    }

    // MARK: 7. Background pictures: JPEG too, upright by EXIF

    func testABackgroundJPEGIsAcceptedAndTurnedUprightByItsEXIFOrientation() throws {
        // Stored 40 wide and 80 tall, red on top; orientation 6 (turn 90° clockwise to view)
        // shows it 80 wide and 40 tall with red on the right.
        let stored = Bitmap(width: 40, height: 80, color: .blue)
        stored.fill(PixelRect(x0: 0, y0: 0, x1: 40, y1: 40), with: Color.red.premultipliedPixel)
        try JPEGCodec.encode(stored, orientation: 6).write(to: URL(fileURLWithPath: temp.path + "/turned.jpg"))
        board.setBackgroundImage(path: temp.path + "/turned.jpg")
        board.finishOpeningBackground()
        XCTAssertTrue(board.backgroundSettings.messageLabel.text.contains("Background: turned.jpg"), board.backgroundSettings.messageLabel.text)
        let image = art()
        let right = image.color(atX: image.width - 50, y: image.height / 2), left = image.color(atX: 50, y: image.height / 2)
        XCTAssertGreaterThan(right.red, 0.8, "red on the right: \(right)")
        XCTAssertGreaterThan(left.blue, 0.8, "blue on the left: \(left)")
    }

    // MARK: 8. Shake to undo needs a real shake

    private func hover(_ trace: [PointerTrace.Sample], y: Double = 300, pointer: PointerTranslator) {
        for sample in trace { pointer.handle(PointerEvent(.hover, at: Point(x: sample.x, y: y), timestamp: sample.time)) }
    }

    func testLookingForThePointerDoesNotUndo() {
        stroke(y: 100)
        let pointer = PointerTranslator(window: window)
        // Three ±30 px wiggles within half a second (the report), then bigger searching ones.
        hover(PointerTrace.wiggle(amplitude: 30, hertz: 6, cycles: 3, centerX: 400, start: 10), pointer: pointer)
        hover(PointerTrace.wiggle(amplitude: 50, hertz: 5, cycles: 4, centerX: 400, start: 20, seed: 2), pointer: pointer)
        hover(PointerTrace.wiggle(amplitude: 70, hertz: 3, cycles: 4, centerX: 400, start: 30, seed: 3), pointer: pointer)
        XCTAssertEqual(board.canvas.document.items.count, 1, "ordinary wiggles undo nothing")
        // A real shake still does.
        hover(PointerTrace.wiggle(amplitude: 120, hertz: 4, cycles: 3, centerX: 400, start: 40, seed: 4), pointer: pointer)
        XCTAssertTrue(board.canvas.document.isEmpty)
    }

    func testQuickDabsWithGlidesBetweenThemNeverUndo() {
        let pointer = PointerTranslator(window: window)
        var generator = SeededGenerator(seed: 7)
        var x = 400.0, time = 100.0
        // 3,000 quick dabs, the pointer gliding 30 px left or right between them.
        for _ in 0..<3000 {
            let to = min(700, max(100, x + (Bool.random(using: &generator) ? 30 : -30)))
            hover(PointerTrace.glide(from: x, to: to, duration: 0.04, start: time), pointer: pointer)
            x = to
            time += 0.05
            let at = w(x, 300)
            pointer.handle(PointerEvent(.press, at: at, timestamp: time))
            pointer.handle(PointerEvent(.motion, at: at + Point(x: 4, y: 2), timestamp: time + 0.01))
            pointer.handle(PointerEvent(.release, at: at + Point(x: 4, y: 2), timestamp: time + 0.02))
            time += 0.03
        }
        XCTAssertEqual(board.canvas.document.items.count, 3000, "every dab stays")
    }

    // MARK: 13. The bottom bar shows the current colour and width

    func testTheBottomBarShowsACustomColourAndTheWidth() {
        let custom = Color(r: 120, g: 60, b: 200)
        board.showBrushSettings()
        wait(0.3)
        board.brushSettings.colorPicker.color = custom
        board.brushSettings.colorPicker.onChange?(custom)
        board.setStrokeWidth(14)
        driver.tap(board.brushPanel.doneButton)
        wait(0.5)
        XCTAssertFalse(board.colorButtons.contains { $0.isSelected }, "no palette colour is the pen's now")
        XCTAssertEqual(board.brushPreview.color, custom)
        XCTAssertEqual(board.brushPreview.dotRect.width, 14, "the dot is the pen's width")
        // On screen: the middle of the preview is the custom colour.
        window.render()
        let middle = board.brushPreview.convert(Point(x: board.brushPreview.bounds.midX, y: board.brushPreview.bounds.midY), to: nil)
        XCTAssertEqual(window.backbuffer.color(atX: Int(middle.x), y: Int(middle.y)), custom)
        board.selectTool(at: DrawingBoardViewController.eraserIndex)
        XCTAssertTrue(board.brushPreview.isEraser)
        board.selectColor(at: 1)
        XCTAssertFalse(board.brushPreview.isEraser)
        XCTAssertEqual(board.brushPreview.color, DrawingBoardViewController.palette[1])
    }

    // MARK: 14. The brush's outline over the canvas; the arrow elsewhere

    func testTheBrushOutlineFollowsThePointerAtItsRealSizeAndTheArrowShowsElsewhere() {
        var cursors: [PointerCursor] = []
        window.onCursorChange = { cursors.append($0) }
        let pointer = PointerTranslator(window: window)
        board.setStrokeWidth(20)
        let over = w(300, 200)
        pointer.handle(PointerEvent(.hover, at: over, timestamp: 1))
        XCTAssertEqual(window.cursor, .crosshair)
        XCTAssertEqual(board.canvas.brushOutlineRect, Rect(x: 290, y: 190, width: 20, height: 20))
        window.render()
        // The ring is drawn 10 points out from the centre, dark inside light; the centre is untouched.
        let ring = window.backbuffer.color(atX: Int(over.x) + 10, y: Int(over.y))
        XCTAssertLessThan(ring.red, 0.5, "a dark ring at the brush's edge: \(ring)")
        XCTAssertEqual(window.backbuffer.color(atX: Int(over.x), y: Int(over.y)), .white)
        XCTAssertTrue(art().isEqual(to: Bitmap(width: art().width, height: art().height, color: .white)), "never part of the artwork")
        // Over the toolbar: the arrow, no outline.
        pointer.handle(PointerEvent(.hover, at: board.saveButton.convert(Point(x: 10, y: 10), to: nil), timestamp: 1.1))
        XCTAssertEqual(window.cursor, .arrow)
        XCTAssertNil(board.canvas.brushOutlineCenter)
        XCTAssertEqual(cursors, [.crosshair, .arrow])
        // Leaving the window hides it too.
        pointer.handle(PointerEvent(.hover, at: over, timestamp: 1.2))
        pointer.handle(PointerEvent(.leave, at: over, timestamp: 1.3))
        XCTAssertNil(board.canvas.brushOutlineCenter)
    }

    func testTheOutlineIsDrawnInDevicePixelsAtTwiceTheScale() {
        let hiDPI = Window(size: Size(width: 800, height: 600), scale: 2, application: Application(clock: clock))
        let board = DrawingBoardViewController(store: store, picturesFolder: temp.path)
        hiDPI.rootViewController = board
        hiDPI.render()
        board.setStrokeWidth(20)
        let over = board.canvas.convert(Point(x: 300, y: 200), to: nil)
        PointerTranslator(window: hiDPI).handle(PointerEvent(.hover, at: over, timestamp: 1))
        hiDPI.render()
        let (cx, cy) = (Int(over.x * 2), Int(over.y * 2))
        XCTAssertLessThan(hiDPI.backbuffer.color(atX: cx + 20, y: cy).red, 0.5, "the ring at 10 points = 20 device pixels")
        XCTAssertEqual(hiDPI.backbuffer.color(atX: cx + 14, y: cy), .white, "and nothing inside it")
    }
}
