import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// Text tool, driven as a user drives it: T, a click, keys (and an input method's
/// text), Escape or a click elsewhere; the words are one undoable, journaled item that shows
/// on screen exactly as it saves, and stays editable (size, colour, place) until committed.
final class TextToolTests: XCTestCase {
    private var session: BoardSession!
    private var board: DrawingBoardViewController { session.board }
    private var canvas: CanvasView { board.canvas }
    private var driver: TouchDriver!

    override func setUpWithError() throws {
        _ = try XCTUnwrap(FontFace.sansSerif, "no font installed")
        session = BoardSession()
        driver = TouchDriver(window: session.window)
    }

    private func w(_ x: Double, _ y: Double) -> Point { canvas.convert(Point(x: x, y: y), to: nil) }
    private func key(_ key: KeyEvent.Key, _ modifiers: KeyEvent.Modifiers = [], text: String? = nil) {
        session.window.send(KeyEvent(key, modifiers: modifiers, text: text))
    }
    /// Types as the keyboard does: one key event per character, its text attached.
    private func type(_ text: String) {
        for character in text {
            if character == "\n" { key(.enter) } else { key(.character(Character(character.lowercased())), text: String(character)) }
        }
    }
    private func inked(_ bitmap: Bitmap, in rect: PixelRect) -> Int {
        var count = 0
        let rect = rect.intersection(bitmap.bounds)
        for y in rect.y0..<rect.y1 { for x in rect.x0..<rect.x1 where bitmap.color(atX: x, y: y) != .white { count += 1 } }
        return count
    }
    private func startText(at x: Double, _ y: Double) {
        XCTAssertTrue(session.window.send(KeyEvent(.character("t"))), "T takes up the text tool")
        driver.tap(w(x, y))
    }

    func testTypingWritesWordsThatEscapeCommitsAsOneUndoableItem() throws {
        board.setColor(.black)
        startText(at: 100, 200)
        XCTAssertTrue(canvas.isEditingText)
        // The tool keys are letters now: they type, they do not switch tools.
        type("Help\nme")
        XCTAssertEqual(canvas.textInProgress?.text, "Help\nme")
        XCTAssertTrue(canvas.brush is TextBrush, "p and e were typed, not taken as the pencil and the ellipse")
        XCTAssertTrue(canvas.document.items.isEmpty, "nothing in the document while typing")
        key(.escape)
        XCTAssertFalse(canvas.isEditingText)
        guard case .text(let block)? = canvas.document.items.last else { return XCTFail("a text item") }
        XCTAssertEqual(block.text, "Help\nme")
        XCTAssertEqual(block.color, .black)
        XCTAssertEqual(block.size, 24)
        let art = canvas.renderArtwork()
        // Two lines of ink below and right of the click.
        let lineHeight = TextLayout("A", pixelSize: 24).lineHeight
        let top = Int(block.origin.y)
        XCTAssertGreaterThan(inked(art, in: PixelRect(x0: 100, y0: top, x1: 170, y1: top + Int(lineHeight))), 100, "Help")
        XCTAssertGreaterThan(inked(art, in: PixelRect(x0: 100, y0: top + Int(lineHeight), x1: 140, y1: top + Int(2 * lineHeight))), 50, "me")
        XCTAssertEqual(inked(art, in: PixelRect(x0: 0, y0: 0, x1: 90, y1: 600)), 0, "nothing left of the click")
        XCTAssertTrue(canvas.undo())
        XCTAssertEqual(inked(canvas.renderArtwork(), in: PixelRect(x0: 0, y0: 0, x1: 800, y1: 400)), 0, "undone")
        XCTAssertTrue(canvas.redo())
        XCTAssertTrue(canvas.renderArtwork().isEqual(to: art), "redone pixel for pixel")
    }

    func testEditingKeysMoveTheCaretAndDeleteWholeCharacters() {
        startText(at: 100, 200)
        type("cafe")
        key(.character("\u{301}"), text: "\u{301}") // a combining acute: é is one character
        XCTAssertEqual(canvas.textInProgress?.text, "café")
        key(.backspace)
        XCTAssertEqual(canvas.textInProgress?.text, "caf", "Backspace takes the whole é")
        key(.left); key(.left)
        type("X")
        XCTAssertEqual(canvas.textInProgress?.text, "cXaf")
        key(.delete)
        XCTAssertEqual(canvas.textInProgress?.text, "cXf")
        // Home and End go to the ends of the caret's line; Up and Down between lines.
        key(.home); type("<")
        key(.end); type(">")
        XCTAssertEqual(canvas.textInProgress?.text, "<cXf>")
        key(.enter); type("ab")
        key(.up); type("|")
        XCTAssertEqual(canvas.textInProgress?.text, "<c|Xf>\nab", "up keeps the caret's x (after ab: about three letters in)")
        for _ in 0..<6 { key(.character("z"), .control) }
        XCTAssertEqual(canvas.textInProgress?.text, "cXf", "each edit taken back")
        // Ctrl+Z in the box takes back typing, one edit at a time.
        key(.character("z"), .control)
        XCTAssertEqual(canvas.textInProgress?.text, "cXaf")
        // An input method commits a whole string at once (Chinese through XIM).
        key(.character("\u{7167}"), text: "照片")
        XCTAssertEqual(canvas.textInProgress?.text, "cX照片af")
        key(.escape)
        XCTAssertEqual(canvas.document.items.count, 1)
    }

    func testAClickElsewhereCommitsAndOpensANewBoxAnEmptyBoxLeavesNothing() {
        startText(at: 100, 100)
        type("one")
        driver.tap(w(100, 300))
        XCTAssertEqual(canvas.document.items.count, 1, "the first box committed")
        XCTAssertTrue(canvas.isEditingText, "a new box where the click was")
        XCTAssertEqual(canvas.textInProgress?.text, "")
        driver.tap(w(400, 300))
        XCTAssertEqual(canvas.document.items.count, 1, "an empty box adds nothing")
        type("two")
        // Another tool commits too.
        XCTAssertTrue(session.window.send(KeyEvent(.escape)))
        board.selectTool(at: 0)
        XCTAssertFalse(canvas.isEditingText)
        XCTAssertEqual(canvas.document.items.count, 2)
    }

    func testColourSizeAndPlaceStayEditableUntilCommitted() throws {
        let penWidth = canvas.strokeWidth
        startText(at: 100, 200)
        type("Size")
        board.setColor(.blue)
        board.setStrokeWidth(60) // the slider is the text's size while the text tool is chosen
        XCTAssertEqual(canvas.textInProgress?.size, 60)
        XCTAssertEqual(canvas.textInProgress?.color, .blue)
        XCTAssertEqual(board.bottomBarController.widthLabel.text, "Size 60")
        XCTAssertEqual(canvas.strokeWidth, penWidth, "the pencil's width is its own")
        // A drag inside the box moves it.
        let box = try XCTUnwrap(canvas.textEditing)
        let before = try XCTUnwrap(canvas.textInProgress?.origin)
        let inside = box.convert(Point(x: box.bounds.midX, y: box.bounds.midY), to: nil)
        driver.drag([inside, Point(x: inside.x + 30, y: inside.y + 10), Point(x: inside.x + 50, y: inside.y + 40)])
        let after = try XCTUnwrap(canvas.textInProgress?.origin)
        XCTAssertEqual(after.x - before.x, 50, accuracy: 1e-9)
        XCTAssertEqual(after.y - before.y, 40, accuracy: 1e-9)
        XCTAssertTrue(canvas.isEditingText, "moving does not commit")
        key(.escape)
        guard case .text(let block)? = canvas.document.items.last else { return XCTFail("a text item") }
        XCTAssertEqual(block.size, 60)
        XCTAssertEqual(block.color, .blue)
        XCTAssertEqual(block.origin, after)
        board.selectTool(at: 0)
        XCTAssertEqual(board.bottomBarController.widthLabel.text, "Width \(Int(penWidth))")
    }

    func testAClickInTheBoxPlacesTheCaret() throws {
        startText(at: 100, 200)
        type("abcdef")
        let box = try XCTUnwrap(canvas.textEditing)
        // A click on the left edge of the text: the caret goes to the start.
        let start = box.convert(Point(x: 1, y: box.bounds.midY), to: nil)
        driver.tap(start)
        XCTAssertEqual(box.editor.caret, 0)
        type("X")
        XCTAssertEqual(canvas.textInProgress?.text, "Xabcdef")
    }

    func testTheBoxShowsExactlyThePixelsItCommits() throws {
        board.setColor(.black)
        startText(at: 120.3, 200.6)
        type("Wave 照片 AV")
        session.window.render()
        let origin = canvas.convert(Point.zero, to: nil)
        let screen = session.window.backbuffer
        let before = Bitmap(width: screen.width, height: screen.height)
        before.copy(screen.bounds, from: screen, toX: 0, y: 0)
        key(.escape)
        session.window.render()
        let art = canvas.renderArtwork()
        guard case .text(let block)? = canvas.document.items.last else { return XCTFail("a text item") }
        let layout = block.layout(atScale: 1)
        // Inside the text (away from the frame and the caret drawn around it while typing).
        var compared = 0, inkedPixels = 0
        for y in Int(block.origin.y + 3)..<Int(block.origin.y + layout.height - 3) {
            for x in Int(block.origin.x + 3)..<Int(block.origin.x + layout.width - 4) {
                let shown = before[Int(origin.x) + x, Int(origin.y) + y]
                XCTAssertEqual(shown, art[x, y], "(\(x), \(y)) as typed is as committed")
                XCTAssertEqual(session.window.backbuffer[Int(origin.x) + x, Int(origin.y) + y], art[x, y], "(\(x), \(y)) on screen as saved")
                compared += 1
                if art[x, y] != Color.white.premultipliedPixel { inkedPixels += 1 }
            }
        }
        XCTAssertGreaterThan(inkedPixels, 300)
        XCTAssertGreaterThan(compared, 2000)
    }

    /// A line thousands of characters long draws only what shows each key, and what
    /// shows, wherever the canvas is scrolled, is what the commit leaves.
    func testALongLineShowsWhatItCommitsWhereverItIsScrolledAndDrawsOnlyThat() throws {
        board.newDocument(width: 4000, height: 300)
        canvas.setZoom(1)
        board.setColor(.black)
        startText(at: 10, 100)
        canvas.typeText(String(repeating: "Long line of words 照片. ", count: 60))
        type("AV")
        session.window.render()
        let view = try XCTUnwrap(canvas.subviews.compactMap { $0 as? TextEditingView }.first)
        XCTAssertGreaterThan(view.frame.width, 10_000, "the box is as long as the line")
        XCTAssertLessThanOrEqual(view.renderedPixelWidth, Int(canvas.bounds.width) + 2 * 64 + 1, "only the part that shows is drawn")
        func screenshot() -> Bitmap {
            let screen = session.window.backbuffer
            let copy = Bitmap(width: screen.width, height: screen.height)
            copy.copy(screen.bounds, from: screen, toX: 0, y: 0)
            return copy
        }
        // Scrolled 2,500 points on: another part of the line shows, drawn then.
        canvas.scroll(by: Point(x: 2500, y: 0))
        session.window.render()
        let block = view.block
        let typed = screenshot()
        key(.escape)
        session.window.render()
        let committed = screenshot()
        let layout = block.layout(atScale: 1)
        let top = Int(canvas.convert(Point(x: 0, y: canvas.viewport.viewPoint(block.origin).y), to: nil).y)
        var compared = 0, inkedPixels = 0, differing = 0
        for y in (top + 3)..<(top + Int(layout.height) - 3) {
            for x in Int(canvas.frame.minX)..<Int(canvas.frame.maxX) {
                if typed[x, y] != committed[x, y] { differing += 1 }
                compared += 1
                if committed[x, y] != Color.white.premultipliedPixel { inkedPixels += 1 }
            }
        }
        XCTAssertEqual(differing, 0, "as typed is as committed, pixel for pixel")
        XCTAssertGreaterThan(inkedPixels, 1000, "the line's later words show")
        XCTAssertGreaterThan(compared, 10_000)
    }

    /// While typing, [ and ] are text, and Ctrl+] / Ctrl+[ grow and shrink it.
    func testBracketsAreTypedAndCtrlBracketsChangeTheSize() throws {
        startText(at: 100, 200)
        let size = canvas.textSize
        type("a[b]")
        XCTAssertEqual(canvas.textInProgress?.text, "a[b]", "brackets are text while typing")
        XCTAssertEqual(canvas.textSize, size)
        key(.character("]"), .control)
        XCTAssertEqual(canvas.textSize, size + 2, "Ctrl+] grows the text")
        XCTAssertEqual(canvas.textInProgress?.size, size + 2, "the box takes the size")
        key(.character("["), .control)
        key(.character("["), .control)
        XCTAssertEqual(canvas.textSize, size - 2)
        XCTAssertEqual(canvas.textInProgress?.text, "a[b]")
        key(.escape)
        // With the Text tool and no box, ] steps the text size, not the pen's width.
        key(.character("]"))
        XCTAssertEqual(canvas.textSize, size, "from the text's size, one step")
    }

    func testTextComesBackFromTheJournalAndASaveCommitsTheBoxFirst() throws {
        let temp = TemporaryDirectory()
        let state = temp.path + "/state"
        let store = MemoryArtworkStore()
        let first = BoardSession(store: store, pictures: temp.path, stateFolder: state)
        var driver = TouchDriver(window: first.window)
        first.window.send(KeyEvent(.character("t")))
        driver.tap(first.board.canvas.convert(Point(x: 150, y: 150), to: nil))
        for character in "سلام 你好 Text" { first.window.send(KeyEvent(.character(Character(character.lowercased())), text: String(character))) }
        // Save while typing: the words are in the file (and the document) first.
        first.board.save()
        XCTAssertFalse(first.board.canvas.isEditingText)
        XCTAssertEqual(first.board.canvas.document.items.count, 1)
        let saved = first.board.canvas.renderArtwork()
        XCTAssertGreaterThan(inked(saved, in: PixelRect(x0: 140, y0: 120, x1: 400, y1: 200)), 300)
        // Typing again, then the app ends (SIGTERM, the window closed): that box is kept too.
        driver.tap(first.board.canvas.convert(Point(x: 150, y: 300), to: nil))
        first.window.send(KeyEvent(.character("o"), text: "o"))
        first.board.flushJournal()
        first.board.journal?.close()
        let second = BoardSession(pictures: temp.path, stateFolder: state)
        XCTAssertEqual(second.board.canvas.document.items.count, 2)
        guard case .text(let block)? = second.board.canvas.document.items.first else { return XCTFail("text came back") }
        XCTAssertEqual(block.text, "سلام 你好 Text")
        XCTAssertTrue(second.board.canvas.undo())
        XCTAssertTrue(second.board.canvas.renderArtwork().isEqual(to: saved), "recovered pixel for pixel")
    }

    func testOnAHiDPILayerTheTextIsLaidOutAtTheLayersPixels() {
        let block = TextBlock(text: "Hi 照片", origin: Point(x: 10, y: 10), size: 20, color: .black)
        let one = Bitmap(width: 200, height: 60, color: .white), two = Bitmap(width: 400, height: 120, color: .white)
        StrokeRenderer(scale: 1).render(block, onto: one)
        StrokeRenderer(scale: 2).render(block, onto: two)
        // Sharp at twice the pixels: ink at the same places, not the 1x text enlarged.
        let inkOne = inked(one, in: one.bounds), inkTwo = inked(two, in: two.bounds)
        XCTAssertGreaterThan(Double(inkTwo), 3 * Double(inkOne), "about four times the inked pixels")
        XCTAssertLessThan(Double(inkTwo), 5 * Double(inkOne))
        let layout = block.layout(atScale: 2)
        XCTAssertEqual(layout.width, 2 * block.layout(atScale: 1).width, accuracy: 0.5)
    }
}
