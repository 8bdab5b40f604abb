import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// First shapes: the rounded rectangle and the arrow, drawn with their keys, kept in
/// the document as any figure (undo, and the same after a crash).
final class NewShapesTests: RestartingBoardTestCase {
    private func key(_ character: Character) { session.window.send(KeyEvent(.character(character))) }

    func testTheRoundedRectangleRoundsItsCornersAndComesBackAfterACrash() {
        key("u")
        XCTAssertTrue(canvas.brush is RoundedRectangleBrush)
        board.setStrokeWidth(4)
        driver.drag([w(100, 100), w(200, 160), w(300, 220)])
        XCTAssertTrue(painted(200, 100), "the top edge's middle")
        XCTAssertTrue(painted(100, 160), "the left edge's middle")
        XCTAssertFalse(painted(100, 100), "the corner is rounded away (radius 12 at width 4)")
        XCTAssertFalse(painted(200, 160), "an outline only")
        let drawn = canvas.renderArtwork()
        crash()
        start()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: drawn))
        board.undo()
        XCTAssertFalse(painted(200, 100))
    }

    func testTheArrowHasAHeadAtItsEnd() {
        key("v")
        XCTAssertTrue(canvas.brush is ArrowBrush)
        board.setStrokeWidth(3)
        driver.drag([w(100, 150), w(200, 150), w(300, 150)])
        XCTAssertTrue(painted(200, 150), "the shaft")
        // The barbs go back from the tip at 30°: 12 points long, so about (290, 144) and (290, 156).
        XCTAssertTrue(painted(290, 144.5), "the upper barb")
        XCTAssertTrue(painted(290, 155.5), "the lower barb")
        XCTAssertFalse(painted(110, 144.5), "no head at the start")
        let path = ArrowBrush().shape(from: Point(x: 0, y: 0), to: Point(x: 10, y: 0), constrained: false, color: .black, width: 1)!.path
        XCTAssertEqual(path.elements.count, 5, "a shaft (a move and a line) and a head (barb, tip, barb)")
        // Tools → Shapes → Arrow Heads at Both Ends: a head at the start too.
        canvas.shapeTool.options.arrowHeadsAtBothEnds = true
        driver.drag([w(100, 250), w(200, 250), w(300, 250)])
        XCTAssertTrue(painted(110, 244.5), "a head at the start now")
        XCTAssertTrue(painted(290, 255.5), "and at the end")
    }

    func testTheCornerRadiusCanBeChosen() {
        key("u")
        board.setStrokeWidth(2)
        canvas.shapeTool.options.cornerRadius = 32
        driver.drag([w(100, 100), w(300, 220)])
        // At radius 32 the arc passes (100 + 32 - 32·cos45°, ...) ≈ (109.4, 109.4); radius 8 would have drawn the corner near (102, 102).
        XCTAssertTrue(painted(109.4, 109.4), "on the wide arc")
        XCTAssertFalse(painted(102.5, 102.5), "not the tight corner")
    }
}

/// Ellipse Select: the ellipse in the dragged box, worked on as a lasso's outline.
final class EllipseSelectTests: RestartingBoardTestCase {
    func testEllipseSelectSelectsTheEllipseInItsBoxAndDeleteClearsOnlyThat() {
        board.setColor(.blue)
        board.setStrokeWidth(60)
        for y in stride(from: 80.0, through: 240, by: 40) { driver.drag([w(60, y), w(360, y)]) }
        session.window.send(KeyEvent(.character("o")))
        XCTAssertTrue(canvas.brush is EllipseSelectBrush)
        driver.drag([w(100, 100), w(200, 150), w(300, 220)])
        let area = try? XCTUnwrap(canvas.selectionArea)
        XCTAssertNotNil(area?.outline, "an outline, as a lasso's")
        XCTAssertTrue(area?.contains(Point(x: 200, y: 160)) ?? false, "the centre")
        XCTAssertFalse(area?.contains(Point(x: 103, y: 103)) ?? true, "not the box's corner")
        XCTAssertTrue(area?.contains(Point(x: 101, y: 160)) ?? false, "the left end of the ellipse")
        session.window.send(KeyEvent(.delete))
        let layer = canvas.content.drawing.stack.pixels(of: 0)!, scale = canvas.layerScale
        XCTAssertEqual(layer[Int(200 * scale), Int(160 * scale)] >> 24, 0, "inside: cleared")
        XCTAssertEqual(layer[Int(104 * scale), Int(104 * scale)] >> 24, 255, "the box's corner, outside the ellipse: kept")
    }
}

/// Polygon: corners by clicks, closed by a double-click, a click on the first corner
/// or Enter; one figure, kept through a crash.
final class PolygonToolTests: RestartingBoardTestCase {

    func testClicksPutCornersAndEnterClosesTheFigure() {
        session.window.send(KeyEvent(.character("n")))
        XCTAssertTrue(canvas.brush is PolygonBrush)
        board.setStrokeWidth(4)
        driver.tap(w(100, 100))
        driver.tap(w(300, 100))
        driver.tap(w(300, 250))
        XCTAssertEqual(canvas.polygonTool.corners.count, 3)
        XCTAssertTrue(canvas.document.items.isEmpty, "nothing committed while it is being made")
        session.window.send(KeyEvent(.enter))
        XCTAssertFalse(canvas.polygonTool.isBuilding)
        XCTAssertEqual(canvas.document.items.count, 1)
        XCTAssertTrue(painted(200, 100), "the first edge")
        XCTAssertTrue(painted(300, 175), "the second")
        XCTAssertTrue(painted(200, 175), "the closing edge, from the last corner back to the first")
        XCTAssertFalse(painted(250, 140), "outlined only")
        let drawn = canvas.renderArtwork()
        crash()
        start()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: drawn))
    }

    func testAClickOnTheFirstCornerClosesItAndEscapeDropsOne() {
        session.window.send(KeyEvent(.character("n")))
        canvas.shapeFill = .fill
        for corner in [w(100, 100), w(200, 100), w(200, 200), w(100, 200), w(101, 101)] { driver.tap(corner) }
        XCTAssertFalse(canvas.polygonTool.isBuilding, "closed on the first corner")
        XCTAssertTrue(painted(150, 150), "filled")
        driver.tap(w(300, 300))
        driver.tap(w(350, 300))
        session.window.send(KeyEvent(.escape))
        XCTAssertFalse(canvas.polygonTool.isBuilding)
        XCTAssertEqual(canvas.document.items.count, 1, "the dropped one left nothing")
    }
}

/// Curve: a line dragged, then bent by two control points (KolourPaint's way).
final class CurveToolTests: RestartingBoardTestCase {

    func testALineBentByTwoControlPointsIsCommittedWithTheSecond() {
        session.window.send(KeyEvent(.character("c")))
        XCTAssertTrue(canvas.brush is CurveBrush)
        board.setStrokeWidth(4)
        driver.drag([w(100, 200), w(200, 200), w(300, 200)])
        XCTAssertTrue(canvas.curveTool.isBuilding, "a line so far, waiting to be bent")
        driver.drag([w(150, 200), w(150, 100)])
        driver.drag([w(250, 200), w(250, 100)])
        XCTAssertFalse(canvas.curveTool.isBuilding)
        XCTAssertEqual(canvas.document.items.count, 1)
        // Both control points pull it up: the cubic's middle is 3/4 of the way to them.
        XCTAssertTrue(painted(200, 125), "bent up to y = 125 at the middle")
        XCTAssertFalse(painted(200, 200), "not the straight line any more")
        let drawn = canvas.renderArtwork()
        crash()
        start()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: drawn))
    }

    func testEnterKeepsItAsItIsAndEscapeDropsIt() {
        session.window.send(KeyEvent(.character("c")))
        driver.drag([w(100, 200), w(300, 200)])
        session.window.send(KeyEvent(.enter))
        XCTAssertEqual(canvas.document.items.count, 1, "a straight curve, kept")
        XCTAssertTrue(painted(200, 200))
        driver.drag([w(100, 300), w(300, 300)])
        driver.drag([w(200, 300), w(200, 250)])
        session.window.send(KeyEvent(.escape))
        XCTAssertFalse(canvas.curveTool.isBuilding)
        XCTAssertEqual(canvas.document.items.count, 1, "dropped")
    }
}

/// Editable figures: the figure just drawn shows handles at its ends; dragging one
/// or changing the width or colour draws it again in its place, as one item, kept after a crash.
final class FigureEditorTests: RestartingBoardTestCase {

    func testDraggingAHandleReshapesTheFigureInItsPlace() {
        session.window.send(KeyEvent(.character("l")))
        board.pen.setColor(Color(r: 0, g: 0, b: 255))
        board.setStrokeWidth(6)
        driver.drag([w(100, 100), w(200, 100), w(300, 100)])
        XCTAssertTrue(canvas.figureEditor.isEditing, "handles at its ends")
        XCTAssertEqual(canvas.document.items.count, 1, "already in the document")
        // The end handle dragged down: the line now runs to (300, 250).
        driver.drag([w(300, 100), w(300, 200), w(300, 250)])
        XCTAssertEqual(canvas.document.items.count, 1, "in its place, not a second line")
        XCTAssertEqual(layerColor(300, 100).alpha, 0, "the old end is gone")
        XCTAssertEqual(layerColor(200, 175), Color(r: 0, g: 0, b: 255), "the new line's middle")
        XCTAssertTrue(canvas.figureEditor.isEditing, "still editable")
        // A wider pen and another colour restyle it.
        board.setStrokeWidth(20)
        board.pen.setColor(Color(r: 255, g: 0, b: 0))
        XCTAssertEqual(canvas.document.items.count, 1)
        XCTAssertEqual(layerColor(208, 175), Color(r: 255, g: 0, b: 0), "wider, and red")
        let drawn = canvas.renderArtwork()
        crash()
        start()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: drawn), "the last shape of it after a crash")
    }

    func testEnterEndsTheEditingAndACancelledDragPutsTheFigureBack() {
        session.window.send(KeyEvent(.character("r")))
        driver.drag([w(100, 100), w(200, 200)])
        XCTAssertTrue(canvas.figureEditor.isEditing)
        // A drag of a handle cancelled half way (a second finger, say): the rectangle is as it was.
        let before = canvas.renderArtwork()
        session.window.send([TouchInput(identifier: 1, phase: .began, location: w(200, 200), timestamp: 10)])
        session.window.send([TouchInput(identifier: 1, phase: .moved, location: w(260, 260), timestamp: 10.1)])
        canvas.cancelStroke()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: before), "never lost")
        XCTAssertEqual(canvas.document.items.count, 1)
        session.window.send([TouchInput(identifier: 1, phase: .cancelled, location: w(260, 260), timestamp: 10.2)])
        // Enter ends it: a drag at the old handle draws a new rectangle.
        driver.drag([w(150, 150), w(180, 180)])
        XCTAssertEqual(canvas.document.items.count, 2, "a press off the handles draws a new one")
        session.window.send(KeyEvent(.enter))
        XCTAssertFalse(canvas.figureEditor.isEditing)
        driver.drag([w(180, 180), w(250, 250)])
        XCTAssertEqual(canvas.document.items.count, 3, "after Enter the handle is gone: a new figure")
    }
}

/// A polygon's corners and a curve's control points stay editable after they are drawn.
final class EditablePolygonAndCurveTests: RestartingBoardTestCase {
    func testAPolygonsCornerDraggedMovesThatCorner() {
        session.window.send(KeyEvent(.character("n")))
        board.setStrokeWidth(4)
        for corner in [w(100, 100), w(300, 100), w(300, 300), w(101, 101)] { driver.tap(corner) }
        XCTAssertEqual(canvas.document.items.count, 1)
        XCTAssertTrue(canvas.figureEditor.isEditing, "its corners show handles")
        // The third corner dragged from (300, 300) to (100, 300): the closing edge now runs down the left.
        driver.drag([w(300, 300), w(200, 300), w(100, 300)])
        XCTAssertEqual(canvas.document.items.count, 1, "in its place")
        XCTAssertTrue(painted(100, 200), "the new edge from (100, 300) back to the first corner")
        XCTAssertFalse(painted(300, 200), "the old side is gone")
        let drawn = canvas.renderArtwork()
        crash()
        start()
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: drawn))
    }

    func testACurvesControlPointDraggedBendsItAgain() {
        session.window.send(KeyEvent(.character("c")))
        board.setStrokeWidth(4)
        driver.drag([w(100, 200), w(300, 200)])
        driver.drag([w(150, 200), w(150, 100)])
        driver.drag([w(250, 200), w(250, 100)])
        XCTAssertTrue(painted(200, 125))
        XCTAssertTrue(canvas.figureEditor.isEditing)
        // Both control points dragged down below the line: it bends the other way.
        driver.drag([w(150, 100), w(150, 300)])
        driver.drag([w(250, 100), w(250, 300)])
        XCTAssertEqual(canvas.document.items.count, 1)
        XCTAssertTrue(painted(200, 275), "bent down now")
        XCTAssertFalse(painted(200, 125), "not up")
    }
}

/// The editing ends when the figure is no longer the document's last item on the current
/// layer: another document of as many items, another layer.
final class FigureEditorEndsTests: RestartingBoardTestCase {
    func testAnotherDocumentOrLayerEndsTheEditing() {
        session.window.send(KeyEvent(.character("l")))
        driver.drag([w(100, 100), w(300, 100)])
        XCTAssertTrue(canvas.figureEditor.isEditing)
        // Another document with one item of its own: its line is not ours to redraw.
        let other = Document(items: [.shape(LineBrush().shape(from: Point(x: 10, y: 10), to: Point(x: 50, y: 50), constrained: false, color: .blue, width: 3)!)],
                             format: canvas.document.format)
        canvas.load(other)
        XCTAssertFalse(canvas.figureEditor.isEditing)
        board.setStrokeWidth(20)
        XCTAssertEqual(canvas.document.items, other.items, "a width chosen now does not touch the other document's line")
        driver.drag([w(100, 200), w(300, 200)])
        XCTAssertTrue(canvas.figureEditor.isEditing)
        session.window.send(KeyEvent(.character("n"), modifiers: [.control, .shift]))
        XCTAssertFalse(canvas.figureEditor.isEditing, "a new layer is current: the line stays on its own")
    }
}
