import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// Seed 003's tools, settings and history on the drawing board, driven by touches.
final class DrawingToolsTests: XCTestCase {
    private var clock: ManualClock!
    private var window: Window!
    private var board: DrawingBoardViewController!
    private var driver: TouchDriver!

    override func setUp() {
        clock = ManualClock()
        window = Window(size: Size(width: 800, height: 600), application: Application(clock: clock))
        board = DrawingBoardViewController(store: MemoryArtworkStore())
        window.rootViewController = board
        window.render()
        driver = TouchDriver(window: window)
    }

    /// Canvas coordinates to window coordinates.
    private func w(_ x: Double, _ y: Double) -> Point { board.canvas.convert(Point(x: x, y: y), to: nil) }
    private func art() -> Bitmap { board.canvas.renderArtwork() }
    private var red: Color { DrawingBoardViewController.palette[0].roundedTo8Bit }

    private func drag(_ a: (Double, Double), _ b: (Double, Double), steps: Int = 6) {
        let points = (0...steps).map { i -> Point in
            let t = Double(i) / Double(steps)
            return w(a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
        }
        driver.drag(points)
    }

    func testRectangleToolDrawsTheOutlineWhicheverWayTheDragGoes() {
        board.selectTool(at: 3)
        board.setStrokeWidth(4)
        drag((300, 300), (100, 100)) // dragged up and left
        let image = art()
        XCTAssertEqual(image.color(atX: 200, y: 100), red, "top edge")
        XCTAssertEqual(image.color(atX: 100, y: 200), red, "left edge")
        XCTAssertEqual(image.color(atX: 300, y: 250), red, "right edge")
        XCTAssertEqual(image.color(atX: 200, y: 200), .white, "an outline, not a fill")
        XCTAssertEqual(board.canvas.document.items.count, 1)
    }

    /// Filled shapes. Fill with the pen's colour, or outline in it around a fill of the
    /// background's colour; the preview is what is committed; undo and redo give the same pixels.
    func testRectanglesAndEllipsesCanBeFilledOrOutlinedAndFilled() throws {
        board.setStrokeWidth(4)
        board.selectTool(at: 3)
        board.canvas.shapeFill = .fill
        drag((100, 100), (300, 300))
        var image = art()
        XCTAssertEqual(image.color(atX: 200, y: 200), red, "filled with the pen's colour")
        XCTAssertEqual(image.color(atX: 100, y: 200), red, "to the edge, no other outline")
        XCTAssertEqual(image.color(atX: 320, y: 200), .white)
        let filled = try XCTUnwrap({ if case .shape(let shape)? = board.canvas.document.items.last { return shape } else { return nil } }())
        XCTAssertEqual(filled.fill, red)
        XCTAssertFalse(filled.isOutlined)

        board.pen.setColor(Color(r: 250, g: 240, b: 200), secondary: true)
        board.selectTool(at: 4)
        board.canvas.shapeFill = .outlineAndFill
        drag((400, 100), (600, 300))
        image = art()
        XCTAssertEqual(image.color(atX: 500, y: 200), Color(r: 250, g: 240, b: 200), "filled with the secondary colour (the background's before)")
        XCTAssertEqual(image.color(atX: 500, y: 100), red, "outlined in the pen's colour (top of the ellipse)")
        let both = image
        XCTAssertTrue(board.canvas.undo())
        XCTAssertEqual(art().color(atX: 500, y: 100), .white, "undone: the outline is gone")
        XCTAssertTrue(board.canvas.redo())
        let again = art()
        XCTAssertTrue((0..<both.width * both.height).allSatisfy { both.pixels[$0] == again.pixels[$0] }, "redo gives the same pixels")

        // Outline stays the default for lines: a line brush ignores the fill.
        board.selectTool(at: 1)
        drag((100, 400), (300, 450))
        if case .shape(let line)? = board.canvas.document.items.last { XCTAssertNil(line.fill) } else { XCTFail("a line") }
    }

    func testAFilledShapeSurvivesTheJournalAndOldJournalsReadAsOutlines() throws {
        let shape = Shape(path: .rect(Rect(x: 1, y: 2, width: 30, height: 40)), style: LineStyle(width: 3), color: .blue,
                          fill: .green, isOutlined: false)
        let data = try JSONEncoder().encode(Document.Item.shape(shape))
        XCTAssertEqual(try JSONDecoder().decode(Document.Item.self, from: data), .shape(shape))
        // A figure journaled before fills existed: no "fill", no "isOutlined".
        var object = try XCTUnwrap(JSONSerialization.jsonObject(with: JSONEncoder().encode(shape)) as? [String: Any])
        object.removeValue(forKey: "fill")
        object.removeValue(forKey: "isOutlined")
        let old = try JSONDecoder().decode(Shape.self, from: JSONSerialization.data(withJSONObject: object))
        XCTAssertNil(old.fill)
        XCTAssertTrue(old.isOutlined)
    }

    /// A wide teal band along y = 200 from x 100 to 400, then the pen back to red: a colour to pick.
    private func drawTealBand() -> Color {
        let teal = Color(r: 20, g: 140, b: 150)
        board.setColor(teal)
        board.setStrokeWidth(20)
        drag((100, 200), (400, 200))
        board.setColor(red)
        return teal
    }

    /// The eyedropper takes the exact colour the drawing shows, with a loupe while
    /// held, then hands back to the tool it was taken up from; Alt+click does it with any tool.
    func testTheEyedropperTakesTheColourUnderThePointerAndGoesBackToThePreviousTool() throws {
        let teal = drawTealBand()
        board.selectTool(at: 3)
        XCTAssertTrue(window.send(KeyEvent(.character("k"))))
        XCTAssertEqual(board.toolbarController.selectedTool, DrawingBoardViewController.eyedropperIndex, "K takes up the eyedropper")
        let items = board.canvas.document.items.count
        window.send([TouchInput(identifier: 1, phase: .began, location: w(250, 200), timestamp: 0)])
        let loupe = try XCTUnwrap(board.canvas.loupe, "a loupe while held")
        XCTAssertEqual(loupe.color, teal)
        XCTAssertEqual(loupe.pixels.width, LoupeView.span)
        window.render()
        window.send([TouchInput(identifier: 1, phase: .ended, location: w(250, 200), timestamp: 0.1)])
        XCTAssertNil(board.canvas.loupe, "gone on release")
        XCTAssertEqual(board.canvas.strokeColor, teal, "the exact colour")
        XCTAssertEqual(board.toolbarController.selectedTool, 3, "back to the rectangle")
        XCTAssertEqual(board.canvas.document.items.count, items, "nothing drawn")
        XCTAssertEqual(board.panels.paletteView.recentColors.first, teal, "and it is a recent colour")

        // Alt+click with the pencil, on the background.
        let paper = Color(r: 250, g: 240, b: 200)
        board.canvas.setBackground(.color(paper))
        board.selectTool(at: 0)
        window.modifierFlags = [.alt]
        driver.tap(w(600, 400))
        window.modifierFlags = []
        XCTAssertEqual(board.canvas.strokeColor, paper, "Alt+click picks the background where nothing is drawn")
        XCTAssertEqual(board.toolbarController.selectedTool, 0, "the pencil stays")
        XCTAssertEqual(board.canvas.document.items.count, items + 1, "the background change only; no dot drawn")
    }

    /// A press that rests with the pencil (or a shape tool) becomes the eyedropper: the dot it
    /// began is dropped, the loupe shows, the release takes the colour; a press that moves draws.
    func testALongPressWithADrawingToolPicksTheColour() throws {
        let teal = drawTealBand()
        let items = board.canvas.document.items.count
        for tool in [0, 3] {
            board.selectTool(at: tool)
            board.setColor(red)
            window.send([TouchInput(identifier: 1, phase: .began, location: w(250, 200), timestamp: 0)])
            window.send([TouchInput(identifier: 1, phase: .moved, location: w(251, 201), timestamp: 0.2)]) // a steady hand wobbles
            XCTAssertNil(board.canvas.loupe, "not yet")
            clock.advance(by: EyedropperTool.longPressDuration + 0.05)
            window.application.tick()
            let loupe = try XCTUnwrap(board.canvas.loupe, "tool \(tool): the loupe after resting")
            XCTAssertEqual(loupe.color, teal)
            XCTAssertFalse(board.canvas.isDrawing, "the dot or figure begun is dropped")
            window.send([TouchInput(identifier: 1, phase: .ended, location: w(251, 201), timestamp: 0.8)])
            XCTAssertEqual(board.canvas.strokeColor, teal, "tool \(tool): the colour under the press")
            XCTAssertEqual(board.toolbarController.selectedTool, tool, "the tool stays")
            XCTAssertEqual(board.canvas.document.items.count, items, "nothing drawn")
            XCTAssertEqual(art().color(atX: 250, y: 200), teal, "and the drawing untouched")
        }
        // A press that moves away before the time is a stroke, whatever the clock does next.
        board.selectTool(at: 0)
        board.setColor(red)
        window.send([TouchInput(identifier: 1, phase: .began, location: w(250, 400), timestamp: 0)])
        window.send([TouchInput(identifier: 1, phase: .moved, location: w(300, 400), timestamp: 0.2)])
        clock.advance(by: 1)
        window.application.tick()
        XCTAssertNil(board.canvas.loupe)
        window.send([TouchInput(identifier: 1, phase: .ended, location: w(350, 400), timestamp: 1.2)])
        XCTAssertEqual(board.canvas.document.items.count, items + 1, "drawn")
        XCTAssertEqual(art().color(atX: 300, y: 400), red)
    }

    func testEscapeClosesTheOpenSettingsPanel() {
        board.showBrushSettings()
        XCTAssertTrue(board.brushPanel.isPresented)
        XCTAssertTrue(window.send(KeyEvent(.escape)))
        settle()
        XCTAssertFalse(board.brushPanel.isPresented, "closed as a popover closes")
        board.showPalette()
        settle()
        XCTAssertTrue(window.send(KeyEvent(.escape)))
        settle()
        XCTAssertFalse(board.panels.palettePanel.isPresented)
    }

    /// Animations run to their end.
    private func settle() {
        for _ in 0..<5 {
            clock.advance(by: 0.1)
            window.application.tick()
        }
    }

    func testShapesPreviewWhileDraggingAndCommitOnRelease() {
        board.selectTool(at: 4)
        window.send([TouchInput(identifier: 1, phase: .began, location: w(100, 100), timestamp: 0)])
        window.send([TouchInput(identifier: 1, phase: .moved, location: w(300, 200), timestamp: 0.1)])
        window.render()
        let edge = board.canvas.convert(Point(x: 200, y: 100), to: nil)
        XCTAssertEqual(window.backbuffer.color(atX: Int(edge.x), y: Int(edge.y)), red, "the preview is on screen")
        XCTAssertTrue(board.canvas.document.isEmpty, "but not in the document")
        XCTAssertEqual(art().color(atX: 200, y: 100), .white, "nor in the artwork")
        window.send([TouchInput(identifier: 1, phase: .moved, location: w(400, 300), timestamp: 0.2)])
        window.render()
        XCTAssertEqual(window.backbuffer.color(atX: Int(edge.x), y: Int(edge.y)), .white, "the old preview is gone")
        window.send([TouchInput(identifier: 1, phase: .ended, location: w(400, 300), timestamp: 0.3)])
        XCTAssertEqual(board.canvas.document.items.count, 1)
        XCTAssertEqual(art().color(atX: 250, y: 100), red, "committed: top of the ellipse from (100,100) to (400,300)")
    }

    func testShiftSnapsLinesAndMakesSquaresAndCircles() {
        window.modifierFlags = .shift
        board.selectTool(at: 1)
        drag((100, 100), (300, 112)) // 3.4 degrees: snaps to horizontal
        guard case .shape(let line) = board.canvas.document.items.last, case .line(let end) = line.path.elements.last else {
            return XCTFail("a line")
        }
        XCTAssertEqual(end.y, 100, accuracy: 1e-9)
        XCTAssertEqual(end.x, (200 * 200 + 12 * 12).squareRoot() + 100, accuracy: 1e-9, "same length")
        board.selectTool(at: 3)
        drag((100, 200), (180, 240))
        XCTAssertEqual(board.canvas.document.items.last.flatMap { if case .shape(let s) = $0 { return s.path.bounds } else { return nil } },
                       Rect(x: 100, y: 200, width: 80, height: 80), "a square of the larger side")
        board.selectTool(at: 4)
        drag((400, 300), (340, 330))
        let circle = board.canvas.document.items.last.flatMap { if case .shape(let s) = $0 { return s.path.bounds } else { return nil } }
        XCTAssertEqual(circle?.width ?? 0, 60, accuracy: 1e-9)
        XCTAssertEqual(circle?.height ?? 0, 60, accuracy: 1e-9)
        window.modifierFlags = []
    }

    func testDashedLineUsesDashesOfThreeWidths() {
        board.selectTool(at: 2)
        board.setStrokeWidth(4)
        drag((100, 100), (300, 100))
        guard case .shape(let shape) = board.canvas.document.items.last else { return XCTFail("a shape") }
        XCTAssertEqual(shape.style.dashes, [12, 12])
        let image = art()
        XCTAssertEqual(image.color(atX: 106, y: 100), red, "inside the first dash")
        XCTAssertEqual(image.color(atX: 118, y: 100), .white, "the first gap")
        XCTAssertEqual(image.color(atX: 130, y: 100), red, "the second dash")
    }

    func testTheEraserNeverErasesABackgroundImage() {
        let picture = Bitmap(width: 40, height: 30)
        for y in 0..<30 { for x in 0..<40 { picture[x, y] = Color(r: x * 6, g: 200, b: y * 8).premultipliedPixel } }
        board.canvas.setBackground(.image(ImageAsset(bitmap: picture, name: "test")))
        let before = art()
        drag((50, 200), (700, 200))
        // The pencil drew over the picture first: the eraser then has paint to take away.
        XCTAssertFalse(art().isEqual(to: before), "the stroke shows over the picture")
        XCTAssertEqual(art().color(atX: 300, y: 200), board.canvas.strokeColor.roundedTo8Bit)
        board.selectTool(at: DrawingBoardViewController.eraserIndex)
        board.setStrokeWidth(30)
        drag((50, 200), (700, 200))
        drag((50, 300), (700, 300)) // erasing where nothing was drawn
        XCTAssertTrue(art().isEqual(to: before), "the picture is intact where paint was erased, and untouched elsewhere")
    }

    func testBackgroundChangesNeverTouchTheDrawingAndAreUndoable() {
        drag((100, 100), (500, 100))
        let drawn = art()
        board.canvas.setBackground(.color(Color(r: 255, g: 240, b: 200)))
        let changed = art()
        XCTAssertEqual(changed.color(atX: 300, y: 100), drawn.color(atX: 300, y: 100), "the stroke is the same")
        XCTAssertEqual(changed.color(atX: 300, y: 300), Color(r: 255, g: 240, b: 200))
        board.undo()
        XCTAssertTrue(art().isEqual(to: drawn))
        board.redo()
        XCTAssertTrue(art().isEqual(to: changed))
    }

    /// The same final document drawn from scratch must match pixel for pixel.
    private func fromScratch(_ document: Document) -> Bitmap {
        let window = Window(size: Size(width: 800, height: 600), application: Application(clock: ManualClock()))
        let board = DrawingBoardViewController(store: MemoryArtworkStore())
        window.rootViewController = board
        window.render()
        board.canvas.load(document)
        return board.canvas.renderArtwork()
    }

    func testUndoAndRedoMatchTheSameDocumentDrawnFromScratch() {
        // Enough items to cross several checkpoints (every 32 items).
        for i in 0..<70 {
            board.selectTool(at: [0, 1, 3, 4, 5][i % 5])
            if i % 5 != 4 { board.selectColor(at: i % 3) }
            drag((Double(20 + (i * 37) % 700), Double(20 + (i * 53) % 400)), (Double(60 + (i * 71) % 700), Double(40 + (i * 29) % 400)))
            if i == 20 { board.clear() }
            if i == 40 { board.canvas.setBackground(.color(Color(r: 230, g: 230, b: 255))) }
        }
        XCTAssertGreaterThan(board.canvas.checkpointCount, 0)
        let full = board.canvas.document
        for _ in 0..<45 { board.undo() }
        XCTAssertTrue(art().isEqual(to: fromScratch(Document(items: Array(full.items.prefix(full.items.count - 45))))))
        for _ in 0..<30 { board.redo() }
        XCTAssertTrue(art().isEqual(to: fromScratch(Document(items: Array(full.items.prefix(full.items.count - 15))))))
        for _ in 0..<15 { board.redo() }
        XCTAssertEqual(board.canvas.document, full)
        XCTAssertTrue(art().isEqual(to: fromScratch(full)))
    }

    func testANewActionAfterUndoDiscardsTheRedoTail() {
        drag((100, 100), (200, 100))
        drag((100, 200), (200, 200))
        board.undo()
        XCTAssertTrue(board.redoButton.isEnabled)
        drag((100, 300), (200, 300))
        XCTAssertFalse(board.redoButton.isEnabled)
        XCTAssertFalse(board.canvas.redo())
        XCTAssertEqual(art().color(atX: 150, y: 200), .white, "the undone stroke is gone for good")
    }

    func testFullScreenBarsSlideAwayWhileDrawingAndComeBackAfterASecond() {
        board.setFullScreen(true)
        window.render()
        XCTAssertEqual(board.canvas.frame, window.bounds, "the canvas takes the whole window")
        window.send([TouchInput(identifier: 1, phase: .began, location: Point(x: 300, y: 300), timestamp: 0)])
        clock.advance(by: 0.3)
        window.application.tick()
        XCTAssertLessThanOrEqual(board.toolbar.frame.maxY, 0, "the toolbar slid up")
        XCTAssertGreaterThanOrEqual(board.bottomBar.frame.minY, 600, "the bottom bar slid down")
        window.send([TouchInput(identifier: 1, phase: .ended, location: Point(x: 400, y: 300), timestamp: 0.4)])
        clock.advance(by: 0.9)
        window.application.tick()
        XCTAssertLessThanOrEqual(board.toolbar.frame.maxY, 0, "still away before a second")
        clock.advance(by: 0.2)
        window.application.tick()
        clock.advance(by: 0.3)
        window.application.tick()
        XCTAssertEqual(board.toolbar.frame.minY, 0, accuracy: 1e-9, "back")
        XCTAssertEqual(board.bottomBar.frame.maxY, 600, accuracy: 1e-9)
    }

    func testBrushPanelSetsWidthAndColourThroughItsControls() {
        board.showBrushSettings()
        clock.advance(by: 0.3)
        window.application.tick()
        window.render()
        let settings = board.brushSettings
        let slider = settings.widthSlider
        driver.drag([slider.convert(slider.thumbCenter, to: nil), slider.convert(slider.thumbCenter(for: 25), to: nil)])
        XCTAssertEqual(board.canvas.strokeWidth, 25)
        let red = settings.colorPicker.sliders[0], blue = settings.colorPicker.sliders[2]
        driver.drag([red.convert(red.thumbCenter, to: nil), red.convert(red.thumbCenter(for: 0), to: nil)])
        driver.drag([blue.convert(blue.thumbCenter, to: nil), blue.convert(blue.thumbCenter(for: 255), to: nil)])
        XCTAssertEqual(board.canvas.strokeColor, Color(r: 0, g: 40, b: 255), "from the palette's red (230, 40, 40): red to 0, blue to 255")
        driver.tap(board.brushPanel.doneButton)
        clock.advance(by: 0.3)
        window.application.tick()
        XCTAssertFalse(board.brushPanel.isPresented)
    }

    func testBackgroundPictureFromATypedPath() throws {
        let temp = TemporaryDirectory()
        let picture = Bitmap(width: 20, height: 10, color: Color(r: 10, g: 200, b: 30))
        try PNGCodec.encode(picture).write(to: URL(fileURLWithPath: temp.path + "/paper.png"))
        board.showBackgroundSettings()
        clock.advance(by: 0.3)
        window.application.tick()
        window.render()
        let field = board.backgroundSettings.pathField
        driver.tap(field)
        for character in temp.path + "/paper.png" { window.send(KeyEvent(.character(Character(character.lowercased())), text: String(character))) }
        window.send(KeyEvent(.enter))
        XCTAssertTrue(board.backgroundSettings.messageLabel.text.contains("Opening paper.png"), board.backgroundSettings.messageLabel.text)
        board.finishOpeningBackground()
        XCTAssertEqual(art().color(atX: 400, y: 200), Color(r: 10, g: 200, b: 30), "the picture fills the canvas")
        XCTAssertTrue(board.backgroundSettings.messageLabel.text.contains("Background: paper.png"), board.backgroundSettings.messageLabel.text)
        field.text = temp.path + "/missing.png"
        window.send(KeyEvent(.enter))
        board.finishOpeningBackground()
        XCTAssertTrue(board.backgroundSettings.messageLabel.text.contains("does not exist"), board.backgroundSettings.messageLabel.text)
        XCTAssertEqual(art().color(atX: 400, y: 200), Color(r: 10, g: 200, b: 30), "a bad path changes nothing")
    }
}
