import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

final class CanvasViewTests: XCTestCase {
    private var window: Window!
    private var canvas: CanvasView!
    private var driver: TouchDriver!

    override func setUp() {
        window = Window(size: Size(width: 200, height: 120))
        canvas = CanvasView(frame: Rect(x: 0, y: 20, width: 200, height: 100))
        window.addSubview(canvas)
        window.render()
        driver = TouchDriver(window: window)
    }

    /// Draws a horizontal stroke at canvas row y (window row y + 20).
    private func drawHorizontal(y: Double, from x0: Double = 20, to x1: Double = 180) {
        driver.drag(TouchDriver.line(from: Point(x: x0, y: y + 20), to: Point(x: x1, y: y + 20)))
    }

    private func artwork() -> Bitmap { canvas.renderArtwork() }

    func testStrokeFromTouchesPaintsItsColourWithAntialiasedEdges() {
        canvas.strokeColor = .red
        canvas.strokeWidth = 6
        drawHorizontal(y: 50.5)
        let image = artwork()
        XCTAssertEqual(image.color(atX: 100, y: 50), .red.withAlpha(1).roundedTo8Bit, "the centre line is solid")
        XCTAssertEqual(image.color(atX: 100, y: 48), .red.roundedTo8Bit, "inside the 6 px width")
        XCTAssertEqual(image.color(atX: 100, y: 40), .white, "far from the stroke stays white")
        // 6 px wide about y = 50.5 ends at 47.5 and 53.5: the row whose centre sits on the edge is half covered.
        let edge = image.color(atX: 100, y: 47)
        XCTAssertGreaterThan(edge.green, 0.3, "the edge is blended with white")
        XCTAssertLessThan(edge.green, 0.8, "the edge is partly red")
        XCTAssertEqual(canvas.document.items.count, 1)
    }

    func testWindowShowsTheStrokeWhileItIsStillBeingDrawn() {
        canvas.strokeColor = .blue
        let points = TouchDriver.line(from: Point(x: 20, y: 70), to: Point(x: 180, y: 70))
        window.send([TouchInput(identifier: 1, phase: .began, location: points[0], timestamp: 0)])
        for point in points.dropFirst() {
            window.send([TouchInput(identifier: 1, phase: .moved, location: point, timestamp: 0.1)])
        }
        window.render()
        XCTAssertEqual(window.backbuffer.color(atX: 100, y: 70), Color.blue.roundedTo8Bit)
        XCTAssertTrue(canvas.document.isEmpty, "nothing is committed before the touch ends")
        XCTAssertTrue(canvas.isDrawing)
    }

    func testEachStrokeKeepsTheColourAndWidthItBeganWith() {
        canvas.strokeColor = .red
        canvas.strokeWidth = 2
        drawHorizontal(y: 30.5)
        canvas.strokeColor = .green
        canvas.strokeWidth = 16
        drawHorizontal(y: 70.5)
        let image = artwork()
        XCTAssertEqual(image.color(atX: 100, y: 30), .red.roundedTo8Bit)
        XCTAssertEqual(image.color(atX: 100, y: 26), .white, "the thin red stroke stays 2 px wide")
        XCTAssertEqual(image.color(atX: 100, y: 70), .green.roundedTo8Bit)
        XCTAssertEqual(image.color(atX: 100, y: 64), .green.roundedTo8Bit, "the green stroke is 16 px wide")
        XCTAssertEqual(thickness(of: image, column: 100, around: 30), 2, accuracy: 1)
        XCTAssertEqual(thickness(of: image, column: 100, around: 70), 16, accuracy: 1)
    }

    func testTranslucentStrokeDoesNotDarkenWhereItsSegmentsOverlap() {
        canvas.strokeColor = Color.blue.withAlpha(0.5)
        canvas.strokeWidth = 10
        // A stroke that doubles back over itself many times with dense points.
        var points: [Point] = []
        for _ in 0..<4 {
            points += TouchDriver.line(from: Point(x: 40, y: 70), to: Point(x: 160, y: 70), step: 1)
            points += TouchDriver.line(from: Point(x: 160, y: 70), to: Point(x: 40, y: 70), step: 1)
        }
        driver.drag(points)
        let image = artwork()
        let reference = image.color(atX: 100, y: 50)
        XCTAssertEqual(reference.blue, 0.5 + 0.5 * (230.0 / 255), accuracy: 0.02)
        XCTAssertEqual(reference.red, 0.5 + 0.5 * (30.0 / 255), accuracy: 0.02, "a single layer of 50% blue over white")
        XCTAssertEqual(image.color(atX: 40, y: 50), reference, "the turning points are no darker")
    }

    func testUndoRemovesTheLastStrokeOnly() {
        canvas.strokeColor = .red
        drawHorizontal(y: 30.5)
        canvas.strokeColor = .green
        drawHorizontal(y: 70.5)
        XCTAssertTrue(canvas.undo())
        let image = artwork()
        XCTAssertEqual(image.color(atX: 100, y: 30), .red.roundedTo8Bit)
        XCTAssertEqual(image.color(atX: 100, y: 70), .white)
        XCTAssertTrue(canvas.undo())
        XCTAssertFalse(canvas.undo(), "nothing left to undo")
        XCTAssertTrue(artwork().isEqual(to: Bitmap(width: 200, height: 100, color: .white)))
    }

    func testClearRemovesEverythingAndIsUndoable() {
        canvas.strokeColor = .red
        drawHorizontal(y: 30.5)
        drawHorizontal(y: 70.5)
        let before = artwork()
        XCTAssertTrue(canvas.clear())
        XCTAssertTrue(artwork().isEqual(to: Bitmap(width: 200, height: 100, color: .white)))
        XCTAssertFalse(canvas.clear(), "clearing an empty canvas changes nothing")
        canvas.undo()
        XCTAssertTrue(artwork().isEqual(to: before))
    }

    func testEraserRevealsTheBackgroundInsteadOfPaintingWhite() {
        let yellow = Color(r: 250, g: 220, b: 40)
        canvas.setBackground(.color(yellow))
        canvas.strokeColor = .blue
        canvas.strokeWidth = 20
        drawHorizontal(y: 50)
        canvas.brush = EraserBrush()
        canvas.strokeWidth = 10
        driver.drag(TouchDriver.line(from: Point(x: 100, y: 20), to: Point(x: 100, y: 110)))
        let image = artwork()
        XCTAssertEqual(image.color(atX: 100, y: 50), yellow, "the background shows where paint was erased")
        XCTAssertEqual(image.color(atX: 60, y: 50), .blue.roundedTo8Bit, "paint away from the eraser stays")
        // Changing the background later shows through the erased hole too: the eraser removed paint.
        canvas.setBackground(.color(.white))
        XCTAssertEqual(artwork().color(atX: 100, y: 50), .white)
        XCTAssertEqual(canvas.document.items.count, 4, "background, stroke, erasure, background")
    }

    func testCancelledTouchLeavesNothingBehind() {
        window.send([TouchInput(identifier: 1, phase: .began, location: Point(x: 20, y: 60), timestamp: 0)])
        window.send([TouchInput(identifier: 1, phase: .moved, location: Point(x: 120, y: 60), timestamp: 0.1)])
        window.cancelAllTouches(timestamp: 0.2)
        window.render()
        XCTAssertEqual(window.backbuffer.color(atX: 70, y: 60), .white)
        XCTAssertTrue(canvas.document.isEmpty)
    }

    func testResizingOrMovingTheViewChangesNoDocumentPixelAndKeepsItInPlaceOnScreen() {
        canvas.strokeColor = .red
        drawHorizontal(y: 30.5)
        let before = artwork()
        window.resize(to: Size(width: 300, height: 240))
        canvas.frame = Rect(x: 0, y: 0, width: 300, height: 240) // larger, and 20 points higher
        window.render()
        let after = artwork()
        XCTAssertEqual(after.width, 200, "the document keeps its size")
        XCTAssertEqual(after.height, 100)
        XCTAssertTrue(after.isEqual(to: before), "and every pixel")
        XCTAssertEqual(window.backbuffer.color(atX: 100, y: 50), .red.roundedTo8Bit, "the stroke is where it was on screen")
        XCTAssertEqual(window.backbuffer.color(atX: 250, y: 50), DocumentPresenter.pasteboardColor.roundedTo8Bit, "beside it, no document")
    }

    /// How many rows in a column are mostly covered by paint, around a row.
    private func thickness(of image: Bitmap, column: Int, around row: Int) -> Double {
        var count = 0
        for y in max(0, row - 20)..<min(image.height, row + 20) where image.color(atX: column, y: y).isMostlyPainted {
            count += 1
        }
        return Double(count)
    }
}

extension Color {
    /// True when at least half of a stroke's coverage is present over white.
    var isMostlyPainted: Bool { min(red, green, blue) < 0.6 }
}
