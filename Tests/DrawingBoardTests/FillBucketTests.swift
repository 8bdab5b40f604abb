import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// Fill bucket: the 4-connected region of alike colours (as seen: strokes over the
/// background), the tolerance, anti-aliased edges without a halo, and a document item that
/// replays to the same pixels through undo, redo, a rebuild and the journal's encoding.
final class FillBucketTests: XCTestCase {
    private var session: BoardSession!
    private var board: DrawingBoardViewController { session.board }
    private var driver: TouchDriver!

    override func setUp() {
        session = BoardSession()
        driver = TouchDriver(window: session.window)
    }

    private func w(_ x: Double, _ y: Double) -> Point { board.canvas.convert(Point(x: x, y: y), to: nil) }
    private func art() -> Bitmap { board.canvas.renderArtwork() }
    private func drag(_ points: [(Double, Double)]) { driver.drag(points.map { w($0.0, $0.1) }) }
    private func bucket(at x: Double, _ y: Double) {
        board.selectTool(at: DrawingBoardViewController.tools.firstIndex { $0 is FillBrush }!)
        driver.tap(w(x, y))
    }
    private let orange = Color(r: 245, g: 121, b: 0)

    func testTheBucketFillsTheRegionInsideAnOutlineAndNothingOutside() {
        board.setStrokeWidth(3)
        board.selectTool(at: 3)
        drag([(100, 100), (300, 250)])
        // Enter ends the figure's editing: the next colour is for what comes next, not for it.
        session.window.send(KeyEvent(.enter))
        board.setColor(orange)
        XCTAssertTrue(session.window.send(KeyEvent(.character("f"))), "F takes up the bucket")
        bucket(at: 200, 170)
        let image = art()
        XCTAssertEqual(image.color(atX: 200, y: 170), orange)
        XCTAssertEqual(image.color(atX: 105, y: 105), orange, "to the outline")
        XCTAssertEqual(image.color(atX: 350, y: 170), .white, "not outside")
        XCTAssertEqual(image.color(atX: 200, y: 100), DrawingBoardViewController.palette[0].roundedTo8Bit, "the outline is kept")
        guard case .fill(let fill)? = board.canvas.document.items.last else { return XCTFail("a fill item") }
        XCTAssertEqual(fill.color, orange)
        XCTAssertEqual(fill.tolerance, 0.5, "Pinta's default")
    }

    func testAnAntiAliasedEdgeTakesTheFillUnderItNoPaleHalo() {
        // A thin ellipse: its edge pixels are partly covered, black over white.
        board.setColor(.black)
        board.setStrokeWidth(2)
        board.selectTool(at: 4)
        drag([(100, 100), (400, 300)])
        board.setColor(orange)
        // At 0% every partly covered pixel stops the fill: only the edge rule reaches them.
        board.canvas.fillTolerance = 0
        bucket(at: 250, 200)
        let image = art()
        // Along the middle row from the centre out to the line's dark core: fill, then fill
        // mixed with black; never the white that would show through without the edge rule.
        var x = 250
        while x < 400, image.color(atX: x, y: 200).red > 0.25 {
            let c = image.color(atX: x, y: 200)
            XCTAssertLessThan(c.green, 0.55, "x \(x): \(c) shows no white")
            XCTAssertLessThan(c.blue, 0.2, "x \(x): \(c)")
            x += 1
        }
        XCTAssertGreaterThan(x, 390, "reached the line")
        // Along a diagonal the edge is mixed too.
        for d in stride(from: 0.0, through: 1, by: 0.02) {
            let px = Int(250 + 149 * cos(.pi / 4) * d), py = Int(200 + 99 * sin(.pi / 4) * d)
            XCTAssertLessThan(image.color(atX: px, y: py).green, 0.55, "(\(px), \(py))")
        }
    }

    func testToleranceDecidesWhichAlikeColoursJoin() {
        board.canvas.setBackground(.color(Color(r: 250, g: 250, b: 250)))
        board.setColor(Color(r: 225, g: 225, b: 225)) // a pale grey band across the canvas
        board.setStrokeWidth(30)
        drag([(0, 200), (800, 200)])
        board.setColor(orange)
        board.canvas.fillTolerance = 0
        bucket(at: 400, 100)
        XCTAssertEqual(art().color(atX: 400, y: 100), orange)
        XCTAssertEqual(art().color(atX: 400, y: 200), Color(r: 225, g: 225, b: 225), "0%: the grey band stops it")
        XCTAssertEqual(art().color(atX: 400, y: 300), Color(r: 250, g: 250, b: 250), "and what lies beyond")
        XCTAssertTrue(board.canvas.undo())
        board.canvas.fillTolerance = 0.5
        bucket(at: 400, 100)
        XCTAssertEqual(art().color(atX: 400, y: 200), orange, "50%: the pale grey joins")
        XCTAssertEqual(art().color(atX: 400, y: 300), orange, "and so does beyond it")
        XCTAssertEqual(FloodFill.threshold(tolerance: 1), 262_144, "100%: any two colours")
    }

    func testAFillReplaysToTheSamePixelsThroughUndoRedoARebuildAndTheJournal() throws {
        board.setStrokeWidth(4)
        drag([(100, 300), (400, 100), (700, 300), (100, 300)]) // a closed triangle
        board.setColor(orange)
        bucket(at: 400, 250)
        board.selectTool(at: 0)
        board.setColor(.blue)
        drag([(300, 200), (500, 220)])
        let before = art()
        XCTAssertTrue(board.canvas.undo())
        XCTAssertTrue(board.canvas.undo())
        XCTAssertTrue(board.canvas.redo())
        XCTAssertTrue(board.canvas.redo())
        func same(_ a: Bitmap, _ b: Bitmap) -> Bool { (0..<a.width * a.height).allSatisfy { a.pixels[$0] == b.pixels[$0] } }
        XCTAssertTrue(same(before, art()), "undo and redo give the same pixels")
        // The document as the journal keeps it, decoded and loaded into a fresh board.
        let data = try JSONEncoder().encode(board.canvas.document)
        let decoded = try JSONDecoder().decode(Document.self, from: data)
        XCTAssertEqual(decoded, board.canvas.document)
        let fresh = BoardSession()
        fresh.board.canvas.load(decoded)
        XCTAssertTrue(same(before, fresh.board.canvas.renderArtwork()), "recovery gives the same pixels")
    }

    func testTheBucketFillsWhereTheEraserShowsTheBackground() {
        board.canvas.setBackground(.color(Color(r: 200, g: 230, b: 255)))
        board.setColor(.black)
        board.setStrokeWidth(40)
        drag([(0, 200), (800, 200)]) // a wall across the canvas
        board.selectTool(at: DrawingBoardViewController.eraserIndex)
        board.setStrokeWidth(60)
        drag([(400, 140), (400, 260)]) // a doorway erased through it
        board.setColor(orange)
        bucket(at: 400, 100)
        XCTAssertEqual(art().color(atX: 400, y: 100), orange)
        XCTAssertEqual(art().color(atX: 400, y: 200), orange, "through the erased doorway")
        XCTAssertEqual(art().color(atX: 400, y: 350), orange, "and beyond the wall")
        XCTAssertEqual(art().color(atX: 100, y: 200), .black, "the wall stays")
    }

    /// A fill and a filled figure survive a crash through the real journal, and what the window
    /// shows is what a save writes.
    func testFillsAndFilledShapesComeBackFromTheJournalAndShowAsTheySave() throws {
        let temp = TemporaryDirectory()
        let state = temp.path + "/state"
        let first = BoardSession(pictures: temp.path, stateFolder: state)
        first.board.setStrokeWidth(5)
        first.board.selectTool(at: 3)
        first.board.canvas.shapeFill = .outlineAndFill
        var driver = TouchDriver(window: first.window)
        let corner = { (x: Double, y: Double) in first.board.canvas.convert(Point(x: x, y: y), to: nil) }
        driver.drag([corner(100, 100), corner(300, 250)])
        first.board.setColor(orange)
        first.board.selectTool(at: DrawingBoardViewController.tools.firstIndex { $0 is FillBrush }!)
        driver.tap(corner(500, 300))
        first.window.render()
        let saved = first.board.canvas.renderArtwork()
        // On screen at 100%: the canvas's pixels are the saved picture's.
        let origin = first.board.canvas.convert(Point.zero, to: nil)
        for (x, y) in [(100, 175), (200, 175), (500, 300), (20, 20), (299, 249), (101, 101)] {
            XCTAssertEqual(first.window.backbuffer[Int(origin.x) + x, Int(origin.y) + y], saved[x, y], "(\(x), \(y)) on screen as saved")
        }
        first.board.flushJournal()
        first.board.journal?.close()
        let second = BoardSession(pictures: temp.path, stateFolder: state)
        XCTAssertEqual(second.board.canvas.document.items.count, 2)
        XCTAssertTrue(second.board.canvas.renderArtwork().isEqual(to: saved), "recovered pixel for pixel")
        XCTAssertTrue(second.board.canvas.undo())
        XCTAssertTrue(second.board.canvas.undo(), "both undoable after recovery")
    }

    /// The scanline fill (runs, skipped parent spans) takes exactly the pixels a textbook
    /// 4-connected fill takes, on a maze of three colours with holes and spirals of any shape.
    func testTheScanlineFillTakesExactlyTheTextbookRegion() {
        let width = 160, height = 120
        let layer = Bitmap(width: width, height: height)
        var random = SeededRandom(seed: 7)
        let inks = [0, Color.black.premultipliedPixel, Color.blue.premultipliedPixel]
        for i in 0..<width * height { layer.pixels[i] = inks[Int(random.next() % 100) < 62 ? 0 : Int(random.next() % 2) + 1] }
        let white = Color.white.premultipliedPixel
        // The textbook answer on the same pixels, as seen (transparent shows white).
        var seen = (0..<width * height).map { layer.pixels[$0] == 0 ? white : layer.pixels[$0] }
        let start = (0..<width * height).first { seen[$0] == white }!
        var expected = Set<Int>()
        var stack = [start]
        while let i = stack.popLast() {
            guard seen[i] == white else { continue }
            seen[i] = 1
            expected.insert(i)
            let x = i % width, y = i / width
            if x > 0 { stack.append(i - 1) }
            if x < width - 1 { stack.append(i + 1) }
            if y > 0 { stack.append(i - width) }
            if y < height - 1 { stack.append(i + width) }
        }
        let orange = Color(r: 245, g: 121, b: 0)
        FloodFill.fill(at: start % width, start / width, color: orange, tolerance: 0,
                       on: layer, over: StrokeRenderer.Underlay(pixel: white, image: nil))
        let filled = Set((0..<width * height).filter { layer.pixels[$0] == orange.premultipliedPixel })
        XCTAssertGreaterThan(expected.count, 50)
        XCTAssertEqual(filled, expected)
    }
}

/// A small deterministic generator for test patterns.
private struct SeededRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return state >> 33
    }
}
