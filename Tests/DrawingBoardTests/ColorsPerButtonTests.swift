import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// Two colours: the left button paints with the primary, the right button with the
/// secondary, for every painting tool; outlined figures are filled with the other one; the pair
/// in the bottom bar shows both and swaps them; the colour dialog edits either, in HSV too.
final class ColorsPerButtonTests: RestartingBoardTestCase {
    private lazy var pointer = PointerTranslator(window: session.window)

    /// The panels' slide ends and the window draws.
    private func settle() {
        session.clock.advance(by: 1)
        session.window.application.tick()
        session.window.render()
    }

    /// A drag made with the mouse's left or right button, through the pointer translator as the
    /// X server's events go.
    private func mouseDrag(_ points: [Point], right: Bool) {
        pointer.handle(PointerEvent(right ? .secondaryPress : .press, at: points[0], timestamp: 0))
        for (index, point) in points.dropFirst().enumerated() {
            pointer.handle(PointerEvent(.motion, at: point, timestamp: 0.02 * Double(index + 1)))
        }
        pointer.handle(PointerEvent(right ? .secondaryRelease : .release, at: points.last!, timestamp: 0.5))
    }


    private let orange = Color(r: 245, g: 121, b: 0), teal = Color(r: 20, g: 140, b: 150)

    func testTheRightButtonPaintsWithTheSecondaryColourAndTheLeftWithThePrimary() {
        board.pen.setColor(orange)
        board.pen.setColor(teal, secondary: true)
        board.setStrokeWidth(10)
        mouseDrag([w(100, 100), w(200, 100), w(300, 100)], right: false)
        mouseDrag([w(100, 200), w(200, 200), w(300, 200)], right: true)
        XCTAssertEqual(layerColor(200, 100), orange, "left: primary")
        XCTAssertEqual(layerColor(200, 200), teal, "right: secondary")
        XCTAssertEqual(canvas.document.items.count, 2)
        // The fill bucket and the line too.
        session.window.send(KeyEvent(.character("l")))
        mouseDrag([w(100, 300), w(300, 300)], right: true)
        XCTAssertEqual(layerColor(200, 300), teal, "a line with the right button")
        // A right press on a button presses nothing.
        var pressed = 0
        board.colorButtons[1].addAction(for: .touchUpInside) { _ in pressed += 1 }
        let green = board.colorButtons[1].convert(Point(x: 10, y: 10), to: nil)
        mouseDrag([green], right: true)
        XCTAssertEqual(pressed, 0)
        mouseDrag([green], right: false)
        XCTAssertEqual(pressed, 1)
        // A crash brings both colours' strokes back as they were.
        let drawn = canvas.renderArtwork()
        crash()
        start()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: drawn))
    }

    func testOutlinedAndFilledFiguresAreFilledWithTheOtherColour() {
        board.pen.setColor(orange)
        board.pen.setColor(teal, secondary: true)
        canvas.shapeFill = .outlineAndFill
        board.setStrokeWidth(4)
        session.window.send(KeyEvent(.character("r")))
        mouseDrag([w(100, 100), w(200, 200)], right: false)
        XCTAssertEqual(layerColor(100, 150), orange, "outlined in the primary")
        XCTAssertEqual(layerColor(150, 150), teal, "filled with the secondary")
        mouseDrag([w(300, 100), w(400, 200)], right: true)
        XCTAssertEqual(layerColor(300, 150), teal, "the right button: outlined in the secondary")
        XCTAssertEqual(layerColor(350, 150), orange, "filled with the primary")
    }

    func testTheEyedropperWithTheRightButtonTakesTheSecondaryColour() {
        board.pen.setColor(orange)
        board.setStrokeWidth(20)
        mouseDrag([w(100, 100), w(200, 100)], right: false)
        session.window.send(KeyEvent(.character("k")))
        mouseDrag([w(150, 100)], right: true)
        XCTAssertEqual(canvas.secondaryColor, orange)
    }

    func testThePairShowsBothColoursAndSwapsThemByItsArrowAndShiftX() {
        board.pen.setColor(orange)
        board.pen.setColor(teal, secondary: true)
        let pair = board.bottomBarController.colorPair
        XCTAssertEqual(pair.primary, orange)
        XCTAssertEqual(pair.secondary, teal)
        XCTAssertGreaterThanOrEqual(board.bottomBarController.paletteButton.frame.minX - pair.frame.maxX, 8, "beside the palette button")
        XCTAssertGreaterThanOrEqual(pair.frame.minX - board.colorButtons[2].frame.maxX, 20, "20 points after the colour buttons")
        driver.tap(pair.convert(pair.swapRect.center, to: nil))
        XCTAssertEqual(canvas.strokeColor, teal)
        XCTAssertEqual(canvas.secondaryColor, orange)
        XCTAssertEqual(pair.primary, teal)
        session.window.send(KeyEvent(.character("x"), modifiers: .shift))
        XCTAssertEqual(canvas.strokeColor, orange, "Shift+X swaps them back")
        XCTAssertEqual(canvas.secondaryColor, teal)
        // A click on the secondary swatch opens the dialog on it.
        driver.tap(pair.convert(Point(x: pair.secondaryRect.maxX - 3, y: pair.secondaryRect.maxY - 3), to: nil))
        settle()
        XCTAssertTrue(board.panels.palettePanel.isPresented)
        XCTAssertTrue(board.panels.paletteView.editsSecondary)
        XCTAssertEqual(board.panels.paletteView.color, teal)
        driver.tap(board.panels.paletteView.swatches[7])
        XCTAssertEqual(canvas.secondaryColor, PaletteView.colors[7], "the swatch went to the secondary colour")
        XCTAssertEqual(canvas.strokeColor, orange, "the primary kept")
    }

    func testBothColoursAreRemembered() {
        board.pen.setColor(teal, secondary: true)
        let kept = BoardSettings.current(of: board, windowSize: nil)
        XCTAssertEqual(kept.secondaryColor, teal.hexStringWithAlpha)
        end()
        start()
        BoardSettings.apply(kept, to: board)
        XCTAssertEqual(canvas.secondaryColor, teal)
        XCTAssertEqual(board.bottomBarController.colorPair.secondary, teal)
    }
}

/// The colour dialog's HSV: exact both ways for every 8-bit colour, and its square, strips and
/// numbers set the colour being edited.
final class ColorDialogTests: RestartingBoardTestCase {
    private func settle() {
        session.clock.advance(by: 1)
        session.window.application.tick()
        session.window.render()
    }

    func testHSVRoundTripIsExactForEvery8BitColour() {
        var worst = 0
        for r in 0..<256 {
            for g in 0..<256 {
                for b in 0..<256 {
                    let back = HSVColor(Color(r: r, g: g, b: b)).color
                    let channels = [(back.red, r), (back.green, g), (back.blue, b)]
                    for (value, byte) in channels { worst = max(worst, abs(Int((value * 255).rounded()) - byte)) }
                }
            }
        }
        XCTAssertEqual(worst, 0, "every colour comes back to its own bytes")
        let red = HSVColor(Color(r: 255, g: 0, b: 0))
        XCTAssertEqual(red.hue, 0)
        XCTAssertEqual(HSVColor(Color(r: 0, g: 0, b: 255)).hue, 240)
        XCTAssertEqual(HSVColor(Color(r: 128, g: 128, b: 128), keepingHueOf: HSVColor(hue: 120, saturation: 1, value: 1)).hue, 120,
                       "a grey keeps the hue it came from")
    }

    private var palette: PaletteView { board.panels.paletteView }

    func testTheSquareTheStripsAndTheNumbersSetThePensColour() {
        board.showPalette()
        settle()
        // The hue strip's middle is cyan (180°); the square's top right corner is full saturation and value.
        let strip = palette.hueStrip
        driver.tap(strip.convert(Point(x: strip.bounds.midX, y: strip.bounds.height / 2), to: nil))
        let square = palette.square
        driver.drag([square.convert(Point(x: square.bounds.width / 2, y: square.bounds.height / 2), to: nil),
                     square.convert(Point(x: square.bounds.width + 10, y: -10), to: nil)])
        XCTAssertEqual(canvas.strokeColor, Color(r: 0, g: 255, b: 255), "full cyan")
        // Half the opacity on the alpha strip.
        let alpha = palette.alphaStrip
        driver.tap(alpha.convert(Point(x: alpha.bounds.midX, y: alpha.bounds.height / 2), to: nil))
        XCTAssertEqual(canvas.strokeColor.alpha * 255, 128, accuracy: 0.6)
        XCTAssertEqual(palette.hexField.text, "#00FFFF80", "the hex says the opacity")
        // Typing red 200 into the R field.
        let red = palette.fieldsView.fields[0]
        driver.tap(red)
        for _ in 0..<3 { session.window.send(KeyEvent(.backspace)) }
        for character in "200" { session.window.send(KeyEvent(.character(character), text: String(character))) }
        session.window.send(KeyEvent(.enter))
        XCTAssertEqual((canvas.strokeColor.red * 255).rounded(), 200)
        XCTAssertEqual(palette.fieldsView.fields[3].text, "\(Int(HSVColor(canvas.strokeColor).hue.rounded()))", "H follows")
        // Nonsense in H changes nothing and the field shows the hue again.
        let hue = palette.fieldsView.fields[3]
        let before = canvas.strokeColor
        driver.tap(hue)
        for _ in 0..<3 { session.window.send(KeyEvent(.backspace)) }
        for character in "400" { session.window.send(KeyEvent(.character(character), text: String(character))) }
        session.window.send(KeyEvent(.enter))
        XCTAssertEqual(canvas.strokeColor, before, "over 360: nothing changes")
        XCTAssertEqual(hue.text, "\(Int(HSVColor(before).hue.rounded()))", "and the field shows the hue again")
        // A stroke in the translucent colour is one layer of coverage: where it crosses itself
        // it is no darker than elsewhere (no seams).
        board.setStrokeWidth(12)
        _ = board.panels.dismissOpenPanel()
        settle()
        driver.drag([w(100, 100), w(300, 100), w(300, 200), w(200, 50)])
        let layer = canvas.content.drawing.stack.pixels(of: 0)!, scale = canvas.layerScale
        let once = layer[Int(150 * scale), Int(100 * scale)], crossing = layer[Int(233 * scale), Int(100 * scale)]
        XCTAssertEqual(once >> 24, 128, "half opaque")
        XCTAssertEqual(crossing, once, "the same where the stroke crosses itself")
    }
}
