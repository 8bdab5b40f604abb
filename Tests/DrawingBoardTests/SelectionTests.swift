import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// The rectangle selection and what is done with it, driven as a user drives it: S
/// and a drag (or Ctrl+A), handles, Delete, Ctrl+C/X into the clipboard, a drag inside that
/// lifts and moves the pixels (baked back exactly), crop; each step undoable and journaled.
final class SelectionTests: XCTestCase {
    private var session: BoardSession!
    private var board: DrawingBoardViewController { session.board }
    private var canvas: CanvasView { board.canvas }
    private var driver: TouchDriver!
    private var clipboard: FakePasteboard!

    /// Records what the board puts on the clipboard.
    private final class FakePasteboard: Pasteboard {
        var provided: [[UInt8]] = []
        func requestImage(_ completion: @escaping (Result<[UInt8], PasteboardError>) -> Void) {
            completion(provided.last.map { .success($0) } ?? .failure(PasteboardError("empty")))
        }
        func provideImage(_ png: [UInt8]) -> Bool {
            provided.append(png)
            return true
        }
    }

    override func setUp() {
        session = BoardSession()
        driver = TouchDriver(window: session.window)
        clipboard = FakePasteboard()
        board.pasteboard = clipboard
    }

    private func w(_ x: Double, _ y: Double) -> Point { canvas.convert(Point(x: x, y: y), to: nil) }
    private func key(_ key: KeyEvent.Key, _ modifiers: KeyEvent.Modifiers = []) { session.window.send(KeyEvent(key, modifiers: modifiers)) }
    private func art() -> Bitmap { canvas.renderArtwork() }
    private let teal = Color(r: 20, g: 140, b: 150)

    /// A teal square with a black diagonal over a pale background: pixels worth moving.
    private func drawSomething() {
        canvas.setBackground(.color(Color(r: 250, g: 245, b: 230)))
        board.setColor(teal)
        board.setStrokeWidth(30)
        driver.drag([w(120, 150), w(200, 150), w(200, 220)])
        board.setColor(.black)
        board.setStrokeWidth(3)
        driver.drag([w(100, 100), w(230, 240)])
    }

    private func select(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        session.window.send(KeyEvent(.character("s")))
        driver.drag([w(x0, y0), w((x0 + x1) / 2, (y0 + y1) / 2), w(x1, y1)])
    }

    /// Runs the UI thread's queue until `done` (a copy encodes beside it).
    private func waitFor(_ done: () -> Bool) {
        let deadline = Date().addingTimeInterval(5)
        while !done() && Date() < deadline {
            session.window.application.tick()
            usleep(2000)
        }
    }

    private func same(_ a: Bitmap, _ b: Bitmap, _ rect: PixelRect, dx: Int = 0, dy: Int = 0) -> Bool {
        for y in rect.y0..<rect.y1 { for x in rect.x0..<rect.x1 where a[x, y] != b[x + dx, y + dy] { return false } }
        return true
    }

    func testTheSelectToolDrawsARectangleOnWholePixelsWithHandlesToChangeIt() throws {
        session.window.send(KeyEvent(.character("s")))
        XCTAssertTrue(canvas.brush is SelectBrush, "S takes up the selection")
        driver.drag([w(300.4, 250.7), w(200, 200), w(100.2, 80.6)]) // dragged up and left
        let rect = try XCTUnwrap(canvas.selection)
        XCTAssertEqual(rect, Rect(x: 100, y: 81, width: 200, height: 170), "whole pixels, whichever way")
        // The bottom-right handle makes it larger; the top-left stays.
        driver.drag([w(300, 251), w(350, 280), w(400, 300)])
        XCTAssertEqual(canvas.selection, Rect(x: 100, y: 81, width: 300, height: 219))
        // The left edge's handle moves only the left edge.
        driver.drag([w(100, 190.5), w(150, 190.5)])
        XCTAssertEqual(canvas.selection?.minX, 150)
        XCTAssertEqual(canvas.selection?.maxY, 300)
        key(.escape)
        XCTAssertNil(canvas.selection, "Escape selects nothing")
        key(.character("a"), .control)
        let format = try XCTUnwrap(canvas.document.format)
        XCTAssertEqual(canvas.selection, Rect(x: 0, y: 0, width: format.size.width, height: format.size.height), "Ctrl+A: all")
        key(.character("a"), [.control, .shift])
        XCTAssertNil(canvas.selection)
        // Marching ants on screen: black and white dashes along the edge.
        select(50, 50, 250, 150)
        session.window.render()
        let edge = (50..<250).map { session.window.backbuffer.color(atX: Int(w(Double($0), 50).x), y: Int(w(0, 50).y)) }
        XCTAssertTrue(edge.contains(.black) && edge.contains(.white), "dashed in two tones")
    }

    func testDeleteClearsTheSelectionToTheBackgroundUndoably() {
        drawSomething()
        let before = art()
        select(140, 130, 180, 200)
        key(.delete)
        let after = art()
        let paper = Color(r: 250, g: 245, b: 230)
        XCTAssertEqual(after.color(atX: 160, y: 150), paper, "the background shows where it was teal")
        XCTAssertEqual(after.color(atX: 139, y: 150), teal, "outside the selection untouched")
        XCTAssertTrue(same(before, after, PixelRect(x0: 0, y0: 0, x1: 140, y1: 300)))
        XCTAssertTrue(canvas.undo())
        XCTAssertTrue(art().isEqual(to: before), "Ctrl+Z: every pixel back")
        // Without a selection Delete is still Clear.
        key(.escape)
        key(.delete)
        XCTAssertFalse(canvas.document.hasVisibleDrawing)
    }

    func testCopyPutsTheSelectedPixelsOnTheClipboardAndCutClearsThem() throws {
        drawSomething()
        let before = art()
        select(100, 100, 230, 240)
        key(.character("c"), .control)
        waitFor { !clipboard.provided.isEmpty }
        let copied = try PNGCodec.decode(Data(try XCTUnwrap(clipboard.provided.last)))
        XCTAssertEqual(copied.width, 130)
        XCTAssertEqual(copied.height, 140)
        XCTAssertTrue(same(copied, before, copied.bounds, dx: 100, dy: 100), "the pixels as seen, background included")
        XCTAssertTrue(art().isEqual(to: before), "copying changes nothing")
        key(.character("x"), .control)
        waitFor { clipboard.provided.count == 2 }
        XCTAssertEqual(clipboard.provided.count, 2)
        XCTAssertEqual(art().color(atX: 160, y: 150), Color(r: 250, g: 245, b: 230), "cut clears")
        // Nothing selected: copying says so and leaves the clipboard alone.
        key(.escape)
        key(.character("c"), .control)
        session.window.application.tick()
        XCTAssertEqual(clipboard.provided.count, 2)
    }

    func testADragInsideMovesThePixelsAndLeavesThemExactlyWhereItEnds() throws {
        drawSomething()
        let before = art()
        select(100, 100, 230, 240)
        // Lift and move 200 right, 30 down in one drag; the floating pixels follow it.
        driver.drag([w(150, 150), w(250, 160), w(350, 180)])
        XCTAssertTrue(board.photoController.isLifted, "floating, to be moved, pinched and turned like a photo")
        XCTAssertNil(board.photoController.dropButton.superview, "lifted pixels have no Drop: they are the drawing")
        XCTAssertNotNil(board.photoController.keepButton.superview)
        XCTAssertNil(canvas.selection)
        key(.enter)
        XCTAssertNil(board.photoPlacement)
        let after = art()
        // Every drawn pixel of the selection is at its new place exactly; where it was, the background.
        for y in 100..<240 {
            for x in 100..<230 where before[x, y] != Color(r: 250, g: 245, b: 230).premultipliedPixel {
                XCTAssertEqual(after[x + 200, y + 30], before[x, y], "(\(x), \(y)) moved whole")
            }
        }
        XCTAssertEqual(after.color(atX: 160, y: 150), Color(r: 250, g: 245, b: 230))
        // Two steps back: the move, then the lifting.
        XCTAssertTrue(canvas.undo())
        XCTAssertTrue(canvas.undo())
        XCTAssertTrue(art().isEqual(to: before), "as it was, pixel for pixel")
        XCTAssertTrue(canvas.redo())
        XCTAssertTrue(canvas.redo())
        XCTAssertTrue(art().isEqual(to: after))
        // The journal's encoding brings the same pixels back.
        let data = try JSONEncoder().encode(canvas.document)
        let fresh = BoardSession()
        let registry = AssetRegistry()
        for case .photo(let placed) in canvas.document.items { registry.assets[placed.photo.asset.id] = placed.photo.asset }
        let decoder = JSONDecoder()
        decoder.userInfo[ImageAsset.registryKey] = registry
        fresh.board.canvas.load(try decoder.decode(Document.self, from: data))
        XCTAssertTrue(fresh.board.canvas.renderArtwork().isEqual(to: after), "recovered pixel for pixel")
    }

    func testUndoWhileFloatingPutsTheLiftedPixelsBackAndEscapeNeverLosesThem() {
        drawSomething()
        let before = art()
        select(100, 100, 230, 240)
        driver.drag([w(150, 150), w(250, 200)])
        board.undo()
        XCTAssertNil(board.photoPlacement, "the move taken back")
        XCTAssertTrue(art().isEqual(to: before), "and the pixels are where they were")
        // Escape leaves floating pixels where they are; it never drops the drawing.
        select(100, 100, 230, 240)
        driver.drag([w(150, 150), w(250, 200)])
        key(.escape)
        XCTAssertNil(board.photoPlacement)
        XCTAssertEqual(art().color(atX: 260, y: 200), teal, "left where it was moved to")
    }

    func testCropMakesTheSelectionTheDocumentAndUndoGivesTheWholeBack() throws {
        drawSomething()
        let before = art()
        let format = try XCTUnwrap(canvas.document.format)
        select(100, 100, 230, 240)
        key(.character("x"), [.control, .shift])
        let cropped = art()
        XCTAssertEqual(cropped.width, 130)
        XCTAssertEqual(cropped.height, 140)
        XCTAssertTrue(same(cropped, before, cropped.bounds, dx: 100, dy: 100), "the selected pixels, now the whole document")
        XCTAssertNil(canvas.selection)
        XCTAssertTrue(board.isModified)
        board.undo()
        XCTAssertEqual(canvas.document.format?.size, format.size, "Ctrl+Z: the whole document again")
        XCTAssertTrue(art().isEqual(to: before))
        board.undo()
        XCTAssertNotEqual(art().color(atX: 100, y: 100), before.color(atX: 100, y: 100), "and its own history goes on back")
    }

    /// The lasso: a free-form outline; its pixels are those whose centres are inside, and every
    /// command works on exactly those.
    func testTheLassoSelectsInsideItsOutlineAndCommandsWorkOnExactlyThosePixels() throws {
        drawSomething()
        let before = art()
        session.window.send(KeyEvent(.character("a")))
        XCTAssertTrue(canvas.brush is LassoBrush, "A takes up the lasso")
        // A triangle over the teal square's left part, drawn in many small steps.
        let corners = [Point(x: 110, y: 120), Point(x: 230, y: 160), Point(x: 110, y: 235)]
        var trail: [Point] = []
        for i in 0..<3 {
            let a = corners[i], b = corners[(i + 1) % 3]
            for t in stride(from: 0.0, to: 1, by: 0.1) { trail.append(w(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)) }
        }
        driver.drag(trail)
        let area = try XCTUnwrap(canvas.selectionArea)
        XCTAssertNotNil(area.outline)
        XCTAssertEqual(area.bounds.minX, 110)
        XCTAssertTrue(area.contains(Point(x: 130, y: 170)))
        XCTAssertFalse(area.contains(Point(x: 220, y: 220)), "outside the triangle, inside its bounds")
        // Copy: transparent outside the outline.
        key(.character("c"), .control)
        waitFor { !clipboard.provided.isEmpty }
        let copied = try PNGCodec.decode(Data(try XCTUnwrap(clipboard.provided.last)))
        let origin = (x: Int(area.bounds.minX), y: Int(area.bounds.minY))
        XCTAssertEqual(copied[130 - origin.x, 170 - origin.y], before[130, 170])
        XCTAssertEqual(copied[220 - origin.x, 220 - origin.y] >> 24, 0, "outside the outline: nothing")
        // Lifted and moved: inside goes, outside stays; put back by undo exactly.
        driver.drag([w(130, 170), w(230, 170), w(330, 170)])
        key(.enter)
        let moved = art()
        let mask = try XCTUnwrap(area.mask(atScale: 1))
        let pixels = area.pixels(atScale: 1)
        for y in pixels.y0..<pixels.y1 {
            for x in pixels.x0..<pixels.x1 {
                let inside = mask[(y - pixels.y0) * pixels.width + (x - pixels.x0)]
                if inside && before[x, y] != Color(r: 250, g: 245, b: 230).premultipliedPixel {
                    XCTAssertEqual(moved[x + 200, y], before[x, y], "(\(x), \(y)) moved")
                }
                if !inside { XCTAssertEqual(moved[x, y], before[x, y], "(\(x), \(y)) outside the outline stays") }
            }
        }
        XCTAssertTrue(canvas.undo())
        XCTAssertTrue(canvas.undo())
        XCTAssertTrue(art().isEqual(to: before))
    }

    /// The lasso's scanline mask is the even-odd rule at pixel centres, checked point by point
    /// on a star that crosses itself.
    func testTheLassoTrailShowsWholeWhileItIsDrawn() {
        session.window.send(KeyEvent(.character("a")))
        // Long steps, the window drawn after each event as the app draws it.
        let path = [w(60, 60), w(260, 60), w(260, 200)]
        for (index, point) in path.enumerated() {
            session.window.send([TouchInput(identifier: 1, phase: index == 0 ? .began : .moved, location: point, timestamp: Double(index) * 0.01)])
            session.window.render()
        }
        // Dashes all along the first piece, not only near its ends.
        // (A one-pixel line on a pixel boundary is grey in the two rows it straddles.)
        let middle = (120..<200).map { x in (-1...0).map { session.window.backbuffer.color(atX: Int(w(Double(x), 60).x), y: Int(w(0, 60).y) + $0) } }
        XCTAssertGreaterThan(middle.filter { column in column.contains { (color: Color) in color.red < 0.8 } }.count, 20, "the trail's dashes show along the whole piece")
        session.window.send([TouchInput(identifier: 1, phase: .ended, location: w(60, 200), timestamp: 0.05)])
        XCTAssertNotNil(canvas.selectionArea)
    }

    func testTheLassoMaskIsTheEvenOddRuleAtPixelCentres() throws {
        let star = (0..<5).map { i -> Point in
            let angle = Double(i) * 4 * .pi / 5 - .pi / 2
            return Point(x: 50.3 + 40 * cos(angle), y: 50.7 + 40 * sin(angle))
        }
        let area = SelectionArea(bounds: Rect(x: 10, y: 10, width: 82, height: 82), outline: star)
        let mask = try XCTUnwrap(area.mask(atScale: 1))
        let pixels = area.pixels(atScale: 1)
        var selected = 0
        for y in pixels.y0..<pixels.y1 {
            for x in pixels.x0..<pixels.x1 {
                let inside = mask[(y - pixels.y0) * pixels.width + (x - pixels.x0)]
                XCTAssertEqual(inside, area.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)), "(\(x), \(y))")
                if inside { selected += 1 }
            }
        }
        XCTAssertGreaterThan(selected, 1000)
        XCTAssertFalse(area.contains(Point(x: 50.3, y: 50.7)), "the star's middle is outside (even-odd)")
    }
}
