import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// Colours: the seed's three colour buttons as proper swatches, and a fourth control
/// opening a palette of 24 colours with the recent ones, a hex field and the RGB sliders.
final class PaletteTests: XCTestCase {
    private var clock: ManualClock!
    private var window: Window!
    private var board: DrawingBoardViewController!
    private var driver: TouchDriver!

    override func setUp() {
        let session = BoardSession(size: Size(width: 1024, height: 768))
        (clock, window, board) = (session.clock, session.window, session.board)
        driver = TouchDriver(window: window)
    }

    private func settle() {
        clock.advance(by: 1)
        window.application.tick()
        window.render()
    }

    private var palette: PaletteView { board.panels.paletteView }

    func testTheColourRowKeepsThreeEqualButtonsTwentyApartOnWholePointsWithThePaletteButtonLast() {
        let buttons = board.colorButtons.map(\.frame)
        let paletteButton = board.bottomBarController.paletteButton.frame
        XCTAssertEqual(Set(buttons.map(\.width)).count, 1, "equal widths")
        XCTAssertEqual(buttons[1].minX - buttons[0].maxX, 20)
        XCTAssertEqual(buttons[2].minX - buttons[1].maxX, 20)
        XCTAssertEqual(paletteButton.maxX, 1024 - 20, "the palette button ends the row")
        XCTAssertGreaterThanOrEqual(paletteButton.minX - buttons[2].maxX, 20)
        for frame in buttons + [paletteButton] {
            XCTAssertEqual(frame.minX, frame.minX.rounded(), "whole points: crisp edges")
            XCTAssertEqual(frame.width, frame.width.rounded())
            XCTAssertGreaterThanOrEqual(frame.height, 24, "a 24-point target at least")
        }
        board.selectColor(at: 2)
        XCTAssertEqual(board.bottomBarController.paletteButton.swatchColor, DrawingBoardViewController.palette[2], "the pen's colour shows")
    }

    func testAWhiteSwatchShowsItsEdgeOnTheLightBar() {
        let swatch = palette.swatches[0]
        XCTAssertEqual(swatch.swatchColor, .white)
        board.showPalette()
        settle()
        let corner = swatch.convert(Point(x: 0.5, y: 12), to: nil)
        let edge = Color(premultipliedPixel: window.backbuffer[Int(corner.x), Int(corner.y)])
        XCTAssertLessThan(edge.red, 0.85, "a visible border around white")
        let inside = swatch.convert(Point(x: 12, y: 12), to: nil)
        XCTAssertEqual(window.backbuffer[Int(inside.x), Int(inside.y)], Color.white.premultipliedPixel)
    }

    func testTheFourthControlOpensThePaletteAndASwatchBecomesThePensColour() {
        driver.tap(board.bottomBarController.paletteButton)
        settle()
        XCTAssertTrue(board.panels.palettePanel.isPresented)
        XCTAssertGreaterThanOrEqual(PaletteView.colors.count, 24)
        XCTAssertEqual(Set(PaletteView.colors).count, PaletteView.colors.count, "no colour twice")
        let orange = palette.swatches[10]
        driver.tap(orange)
        XCTAssertEqual(board.canvas.strokeColor, orange.swatchColor)
        XCTAssertTrue(orange.isSelected, "the chosen swatch is ringed")
        XCTAssertEqual(palette.hexField.text, "#F57900")
        XCTAssertEqual(palette.color, Color(hex: "#F57900"), "the square and the numbers show it")
        XCTAssertEqual(palette.recentColors.first, Color(hex: "#F57900"))
        // Another panel replaces it.
        board.showBrushSettings()
        settle()
        XCTAssertFalse(board.panels.palettePanel.isPresented)
    }

    func testAHexValueTypedAndEnteredBecomesThePensColourAndNonsenseChangesNothing() {
        board.showPalette()
        settle()
        driver.tap(palette.hexField)
        for _ in 0..<7 { _ = window.send(KeyEvent(.backspace)) }
        for character in "#3465a4" { _ = window.send(KeyEvent(.character(character), text: String(character))) }
        _ = window.send(KeyEvent(.enter))
        XCTAssertEqual(board.canvas.strokeColor, Color(r: 0x34, g: 0x65, b: 0xA4))
        for _ in 0..<7 { _ = window.send(KeyEvent(.backspace)) }
        for character in "zzz" { _ = window.send(KeyEvent(.character(character), text: String(character))) }
        _ = window.send(KeyEvent(.enter))
        XCTAssertEqual(board.canvas.strokeColor, Color(r: 0x34, g: 0x65, b: 0xA4), "not a colour: nothing changes")
        XCTAssertEqual(palette.hexField.text, "#3465A4", "and the field shows the colour again")
        XCTAssertNil(Color(hex: "#12345"))
        XCTAssertEqual(Color(hex: "#abc"), Color(hex: "#AABBCC"))
    }

    func testRecentColoursAreTheLastEightUsedNewestFirstEachOnce() {
        board.selectColor(at: 0)
        board.selectColor(at: 1)
        board.selectColor(at: 0)
        XCTAssertEqual(palette.recentColors, [DrawingBoardViewController.palette[0], DrawingBoardViewController.palette[1]].map(\.roundedTo8Bit))
        board.showPalette()
        settle()
        for swatch in palette.swatches.prefix(10) { driver.tap(swatch) }
        XCTAssertEqual(palette.recentColors.count, PaletteView.recentCount)
        XCTAssertEqual(palette.recentColors.first, palette.swatches[9].swatchColor)
        XCTAssertEqual(palette.recentSwatches.filter { !$0.isHidden }.count, PaletteView.recentCount)
        // A recent swatch chooses its colour again.
        driver.tap(palette.recentSwatches[3])
        XCTAssertEqual(board.canvas.strokeColor, palette.swatches[6].swatchColor)
        XCTAssertEqual(palette.recentColors.first, palette.swatches[6].swatchColor, "and moves to the front")
    }

    func testTheBrushPanelsSlidersStartAtOneX() {
        board.showBrushSettings()
        settle()
        let settings = board.brushSettings
        let width = settings.widthSlider.convert(settings.widthSlider.bounds, to: nil)
        for slider in settings.colorPicker.sliders {
            XCTAssertEqual(slider.convert(slider.bounds, to: nil).minX, width.minX, "R, G, B and Width line up")
        }
    }
}
