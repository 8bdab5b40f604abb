import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// View → Symmetry on the board: the pencil's stroke shows its mirrored copy while it is drawn,
/// keeps the symmetry in its item, and comes back the same after undo, redo and a crash; the
/// centre moves; off, a stroke is drawn once.
final class SymmetryPaintingTests: RestartingBoardTestCase {
    func testAMirroredStrokeIsDrawnTwiceKeptAndRestored() {
        let size = canvas.viewport.contentSize
        let guide = board.zoomCommands.symmetry
        guide.set(.vertical)
        XCTAssertEqual(guide.symmetry?.centre, Point(x: size.width / 2, y: size.height / 2), "about the middle at first")
        board.setStrokeWidth(8)
        let left = size.width / 2 - 100
        touch(.began, at: shown(Point(x: left, y: 100)))
        for i in 1...10 {
            session.clock.advance(by: 1 / 60)
            touch(.moved, at: shown(Point(x: left, y: 100 + Double(i) * 8)))
        }
        // On screen (the stroke in progress is not on the layer yet): the copy shows as it is drawn.
        let shot = session.window.snapshot(of: canvas), copy = canvas.viewport.viewPoint(Point(x: size.width / 2 + 100, y: 140))
        XCTAssertNotEqual(shot.color(atX: Int(copy.x * session.window.scale), y: Int(copy.y * session.window.scale)), .white,
                          "the copy shows while the stroke is drawn")
        touch(.ended, at: shown(Point(x: left, y: 180)))
        guard case .stroke(let stroke)? = canvas.document.items.last else { return XCTFail("a stroke") }
        XCTAssertEqual(stroke.symmetry?.kind, .vertical)
        XCTAssertTrue(painted(left, 140))
        XCTAssertTrue(painted(size.width / 2 + 100, 140), "mirrored across the middle")
        let drawn = canvas.renderArtwork()
        session.window.send(KeyEvent(.character("z"), modifiers: .control))
        XCTAssertFalse(painted(size.width / 2 + 100, 140))
        session.window.send(KeyEvent(.character("z"), modifiers: [.control, .shift]))
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: drawn))
        crash()
        start()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: drawn), "after a crash, the same pixels")
    }

    func testTheCentreMovesAndOffDrawsOnce() {
        let guide = board.zoomCommands.symmetry
        guide.set(.horizontal)
        guide.moveCentre(to: Point(x: 200, y: 150))
        drag(through: [Point(x: 100, y: 100), Point(x: 160, y: 110)])
        XCTAssertTrue(painted(130, 105))
        XCTAssertTrue(painted(130, 195), "mirrored across y = 150")
        guide.set(nil)
        XCTAssertNil(canvas.freehandTool.symmetry)
        drag(through: [Point(x: 300, y: 60), Point(x: 340, y: 60)])
        XCTAssertTrue(painted(320, 60))
        XCTAssertFalse(painted(320, 240), "off: drawn once")
    }

    func testAFigureAndTheSprayGetTheirCopiesToo() {
        let guide = board.zoomCommands.symmetry
        guide.set(.vertical)
        guide.moveCentre(to: Point(x: 300, y: 200))
        session.window.send(KeyEvent(.character("r")))
        board.setStrokeWidth(4)
        drag(through: [Point(x: 100, y: 100), Point(x: 160, y: 150)])
        guard case .shape(let shape)? = canvas.document.items.last else { return XCTFail("a figure") }
        XCTAssertEqual(shape.symmetry?.kind, .vertical)
        XCTAssertTrue(painted(100, 125), "the rectangle's left side")
        XCTAssertTrue(painted(500, 125), "its mirror across x = 300")
        session.window.send(KeyEvent(.character("y")))
        drag(through: [Point(x: 200, y: 300), Point(x: 201, y: 300)])
        guard case .spray(let spray)? = canvas.document.items.last else { return XCTFail("a spray") }
        XCTAssertNotNil(spray.symmetry)
        let layer = canvas.content.drawing.stack.pixels(of: 0)!, s = canvas.layerScale
        let right = PixelRect(x0: Int(380 * s), y0: Int(280 * s), x1: Int(420 * s), y1: Int(320 * s))
        XCTAssertTrue(layer.hasPaint(in: right), "the spray's dots mirrored to x = 400")
    }

    /// Clone Stamp under View → Symmetry: its item keeps the symmetry, and the mirror image of
    /// the stroke copies from the mirror image of the source; a crash brings it back.
    func testCloneStampWorksItsMirrorImageToo() {
        canvas.commit(.stroke(Stroke(points: [Point(x: 100, y: 60), Point(x: 110, y: 60)], color: .blue, width: 12, blendMode: .sourceOver)))
        canvas.commit(.stroke(Stroke(points: [Point(x: 490, y: 60), Point(x: 500, y: 60)], color: .blue, width: 12, blendMode: .sourceOver)))
        let guide = board.zoomCommands.symmetry
        guide.set(.vertical)
        guide.moveCentre(to: Point(x: 300, y: 200))
        session.window.send(KeyEvent(.character("j")))
        board.setStrokeWidth(10)
        session.window.modifierFlags = .control
        touch(.began, at: shown(Point(x: 105, y: 60)))
        touch(.ended, at: shown(Point(x: 105, y: 60)))
        session.window.modifierFlags = []
        drag(through: [Point(x: 100, y: 160), Point(x: 110, y: 160)])
        guard case .retouch(let retouch)? = canvas.document.items.last else { return XCTFail("a clone stroke") }
        XCTAssertEqual(retouch.symmetry?.kind, .vertical)
        let art = canvas.content.drawing.renderArtwork()
        XCTAssertEqual(art.color(atX: 105, y: 160), Color.blue.roundedTo8Bit, "the blue copied under the brush")
        XCTAssertEqual(art.color(atX: 495, y: 160), Color.blue.roundedTo8Bit, "and its mirror image from the mirrored blue")
        let drawn = canvas.renderArtwork()
        crash()
        start()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: drawn), "after a crash, the same pixels")
    }
}
