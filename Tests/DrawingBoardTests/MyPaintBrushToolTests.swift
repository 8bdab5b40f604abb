import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// The Brush tool (B): MyPaint's brush drawn on the layer while the pointer moves, kept as one
/// item that undo takes back, redo puts back and a crash brings back, pixel for pixel.
final class MyPaintBrushToolTests: RestartingBoardTestCase {
    func testABrushStrokeShowsWhileDrawnAndIsKeptUndoneRedoneAndRestoredPixelForPixel() throws {
        guard MyPaintBrushes.shared.problem == nil else { throw XCTSkip(MyPaintBrushes.shared.problem!) }
        MyPaintBrushes.shared.chosen = "classic/charcoal"
        session.window.send(KeyEvent(.character("b")))
        XCTAssertTrue(canvas.brush is PaintBrush)
        board.setStrokeWidth(12)
        let blank = canvas.renderArtwork()
        touch(.began, at: w(100, 150))
        for i in 1...40 {
            session.clock.advance(by: 1 / 120)
            touch(.moved, at: w(100 + Double(i) * 6, 150 + 30 * sin(Double(i) / 6)))
        }
        XCTAssertFalse(canvas.renderArtwork().isEqual(to: blank), "the stroke shows while it is drawn")
        XCTAssertEqual(canvas.document.items.count, 0, "nothing kept before the release")
        touch(.ended, at: w(340, 150))
        XCTAssertEqual(canvas.document.items.count, 1, "one item")
        guard case .brushStroke(let stroke) = canvas.document.items.last else { return XCTFail("a brush stroke") }
        XCTAssertEqual(stroke.brush, "classic/charcoal")
        XCTAssertEqual(stroke.events.count, 43, "the press, 40 moves, the release and the lift")
        XCTAssertEqual(stroke.radius, 6)
        let drawn = canvas.renderArtwork()
        XCTAssertFalse(drawn.isEqual(to: blank))
        // Redone and after the crash, drawn again by libmypaint from the item.
        assertUndoRedoAndCrashKeep(drawn, before: blank)
    }

    /// The stroke draws on the layer's own pixels while it is drawn; Escape in the middle of it
    /// leaves the layer exactly as it was, with nothing kept.
    func testEscapeInTheMiddleOfABrushStrokeLeavesTheLayerAsItWas() throws {
        guard MyPaintBrushes.shared.problem == nil else { throw XCTSkip(MyPaintBrushes.shared.problem!) }
        session.drag(y: 160)
        let before = canvas.renderArtwork()
        MyPaintBrushes.shared.chosen = "classic/charcoal"
        session.window.send(KeyEvent(.character("b")))
        board.setStrokeWidth(16)
        touch(.began, at: w(80, 200))
        for i in 1...30 {
            session.clock.advance(by: 1 / 120)
            touch(.moved, at: w(80 + Double(i) * 9, 200 - Double(i) * 3))
        }
        XCTAssertFalse(canvas.renderArtwork().isEqual(to: before), "the stroke shows while it is drawn")
        session.window.send(KeyEvent(.escape))
        touch(.ended, at: w(350, 110))
        XCTAssertEqual(canvas.document.items.count, 1, "only the pencil line is kept")
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: before), "the layer exactly as it was")
    }

    func testTheChosenBrushIsRememberedInTheSettings() {
        MyPaintBrushes.shared.chosen = "deevad/2B_pencil"
        XCTAssertEqual(BoardSettings.current(of: board, windowSize: nil).mypaintBrush, "deevad/2B_pencil")
        var settings = AppSettings()
        settings.mypaintBrush = "classic/charcoal"
        BoardSettings.apply(settings, to: board)
        XCTAssertEqual(MyPaintBrushes.shared.chosen, "classic/charcoal")
    }

    /// Smudge (Q) drags the layer's colours along, over a picture background that stays as it was;
    /// the stroke replays to the same pixels after undo, redo and a crash.
    func testSmudgeDragsTheLayersColoursOverAPictureBackground() throws {
        guard MyPaintBrushes.shared.problem(with: MyPaintBrushes.smudge) == nil else { throw XCTSkip(MyPaintBrushes.shared.problem(with: MyPaintBrushes.smudge)!) }
        let picture = Bitmap(width: 64, height: 64)
        for y in 0..<64 { for x in 0..<64 { picture[x, y] = 0xFF00_0000 | UInt32(x * 4) << 16 | UInt32(y * 4) << 8 | 0x80 } }
        canvas.commit(.background(.image(ImageAsset(bitmap: picture, name: "picture"))))
        // The picture is stored beside the drawing while the person goes on.
        aMomentPasses()
        for i in 0..<6 {
            let x = 100 + Double(i) * 20
            canvas.commit(.stroke(Stroke(points: [Point(x: x, y: 80), Point(x: x, y: 220)], color: .red, width: 8, blendMode: .sourceOver)))
        }
        let layerBefore = canvas.content.drawing.stack.pixels(of: 0)!.cropped(to: PixelRect(x0: 0, y0: 0, x1: 400, y1: 300))
        let before = canvas.renderArtwork()
        session.window.send(KeyEvent(.character("q")))
        XCTAssertTrue(canvas.brush is SmudgeBrush)
        board.setStrokeWidth(16)
        touch(.began, at: w(90, 150))
        for i in 1...40 {
            session.clock.advance(by: 1 / 120)
            touch(.moved, at: w(90 + Double(i) * 3, 150))
        }
        touch(.ended, at: w(210, 150))
        guard case .brushStroke(let stroke) = canvas.document.items.last else { return XCTFail("a brush stroke") }
        XCTAssertEqual(stroke.brush, MyPaintBrushes.smudge)
        // Between two red lines the layer was empty; the smudge dragged red into it.
        let layer = canvas.content.drawing.stack.pixels(of: 0)!
        XCTAssertEqual(layerBefore[130, 150] >> 24, 0)
        XCTAssertGreaterThan(layer[130, 150] >> 24, 0, "red dragged between the lines")
        XCTAssertEqual(canvas.renderArtwork()[380, 280], before[380, 280], "the picture background away from the stroke as it was")
        assertUndoRedoAndCrashKeep(canvas.renderArtwork(), before: before)
    }

    /// A pen's eraser end with the Paintbrush: the same brush, taking paint away.
    func testThePensEraserEndErasesWithTheSameBrush() throws {
        guard MyPaintBrushes.shared.problem == nil else { throw XCTSkip(MyPaintBrushes.shared.problem!) }
        MyPaintBrushes.shared.chosen = "classic/brush"
        canvas.commit(.stroke(Stroke(points: [Point(x: 80, y: 150), Point(x: 320, y: 150)], color: .blue, width: 30, blendMode: .sourceOver)))
        session.window.send(KeyEvent(.character("b")))
        board.setStrokeWidth(16)
        XCTAssertGreaterThan(layerColor(200, 150).alpha, 0.99)
        func pen(_ phase: Touch.Phase, _ x: Double) {
            session.window.send([TouchInput(identifier: 2, phase: phase, location: w(x, 150), timestamp: session.clock.now, type: .pencil,
                                            force: 2, maximumPossibleForce: 4, isEraser: true)])
        }
        pen(.began, 150)
        for i in 1...30 {
            session.clock.advance(by: 1 / 120)
            pen(.moved, 150 + Double(i) * 4)
        }
        pen(.ended, 270)
        guard case .brushStroke(let stroke) = canvas.document.items.last else { return XCTFail("a brush stroke: \(canvas.document.items.last.map { "\($0)".prefix(120) } ?? "none")") }
        XCTAssertTrue(stroke.isEraser)
        XCTAssertEqual(stroke.brush, "classic/brush", "the brush in hand")
        XCTAssertLessThan(layerColor(210, 150).alpha, 0.5, "the blue taken away where the eraser end went")
        XCTAssertGreaterThan(layerColor(100, 150).alpha, 0.99, "and left elsewhere")
    }
}
