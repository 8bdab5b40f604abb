import XCTest
@testable import PaintToolkit
import ToolkitTestSupport

/// The editing a desktop text field has (GTK's entry): Ctrl+A selects the whole text and what
/// is typed next replaces it (a file name in Save As), Ctrl+Backspace deletes a word, stopping
/// at a path's or a name's separators; the caret moves by character, word and end, Shift
/// selects, a click places it, a drag or a double click selects, Ctrl+Z takes typing back, and
/// the clipboard's and PRIMARY's text are pasted.
final class TextFieldEditingTests: XCTestCase {
    private func editingField(_ text: String) -> (GestureHarness, TextField) {
        let h = GestureHarness()
        let field = TextField(text: text, frame: Rect(x: 10, y: 10, width: 200, height: 24))
        h.view.addSubview(field)
        field.beginEditing()
        return (h, field)
    }

    func testControlASelectsAllAndTypingReplacesIt() {
        let (h, field) = editingField("Drawing.png")
        var changes = 0
        field.addAction(for: .valueChanged) { _ in changes += 1 }
        XCTAssertTrue(h.window.send(KeyEvent.control("a")))
        XCTAssertTrue(field.selectsAll)
        XCTAssertTrue(h.window.send(KeyEvent(.character("s"), text: "s")))
        XCTAssertEqual(field.text, "s", "the selection replaced")
        XCTAssertFalse(field.selectsAll)
        XCTAssertTrue(h.window.send(KeyEvent(.character("k"), text: "k")))
        XCTAssertEqual(field.text, "sk", "then typing goes on")
        XCTAssertEqual(changes, 2)
        // Backspace takes a selection whole; editing ending drops it.
        h.window.send(KeyEvent.control("a"))
        h.window.send(KeyEvent(.backspace))
        XCTAssertEqual(field.text, "")
        field.text = "x"
        h.window.send(KeyEvent.control("a"))
        field.endEditing()
        XCTAssertFalse(field.selectsAll)
        XCTAssertEqual(field.text, "x")
        // An empty field has nothing to select.
        let (h2, empty) = editingField("")
        h2.window.send(KeyEvent.control("a"))
        XCTAssertFalse(empty.selectsAll)
    }

    func testControlBackspaceDeletesAWord() {
        let (h, field) = editingField("/home/ann/My Pictures/sunset.png")
        let steps = ["/home/ann/My Pictures/sunset.", "/home/ann/My Pictures/sunset", "/home/ann/My Pictures/", "/home/ann/My Pictures",
                     "/home/ann/My ", "/home/ann/"]
        for expected in steps {
            h.window.send(KeyEvent(.backspace, modifiers: .control))
            XCTAssertEqual(field.text, expected)
        }
        XCTAssertEqual(TextField.deletingLastWord(of: "two words  "), "two ", "spaces after the word go with it")
        XCTAssertEqual(TextField.deletingLastWord(of: ""), "")
    }

    private func type(_ h: GestureHarness, _ text: String) {
        for c in text { h.window.send(KeyEvent(.character(c), text: String(c))) }
    }

    func testTheCaretMovesAndATypoInTheMiddleIsFixed() {
        let (h, field) = editingField("sunste.png")
        XCTAssertEqual(field.editor.caret, 10, "the caret starts at the end")
        h.window.send(KeyEvent(.home))
        for _ in 0..<3 { h.window.send(KeyEvent(.right)) }
        type(h, "s")
        XCTAssertEqual(field.text, "sunsste.png")
        h.window.send(KeyEvent(.delete))
        XCTAssertEqual(field.text, "sunste.png", "Delete takes the character after the caret")
        h.window.send(KeyEvent(.right, modifiers: .control))
        XCTAssertEqual(field.editor.caret, 6, "Ctrl+Right: to the end of the word")
        h.window.send(KeyEvent(.right, modifiers: .control))
        XCTAssertEqual(field.editor.caret, 7, "over the dot alone")
        h.window.send(KeyEvent(.left, modifiers: [.control, .shift]))
        h.window.send(KeyEvent(.left, modifiers: [.control, .shift]))
        XCTAssertEqual(field.editor.selectedText, "sunste.", "Ctrl+Shift+Left selects by word")
        type(h, "sunset.")
        XCTAssertEqual(field.text, "sunset.png", "typing replaces the selection")
        h.window.send(KeyEvent(.end, modifiers: .shift))
        XCTAssertEqual(field.editor.selectedText, "png")
        h.window.send(KeyEvent(.left))
        XCTAssertNil(field.editor.selection, "Left collapses a selection to its start")
        XCTAssertEqual(field.editor.caret, 7)
    }

    func testCtrlZTakesBackTypingAWordAtATime() {
        let (h, field) = editingField("dune")
        type(h, " at dusk")
        h.window.send(KeyEvent(.backspace, modifiers: .control))
        XCTAssertEqual(field.text, "dune at ")
        h.window.send(KeyEvent.control("z"))
        XCTAssertEqual(field.text, "dune at dusk", "the deleted word back")
        h.window.send(KeyEvent.control("z"))
        XCTAssertEqual(field.text, "dune", "the typing back in one step")
        XCTAssertFalse(field.editor.canUndo)
    }

    func testAClickPlacesTheCaretADragSelectsAndADoubleClickTakesAWord() {
        let (h, field) = editingField("harbour at dawn")
        let font = field.font
        func x(_ prefix: String) -> Double { field.frame.minX + 6 + font.width(of: prefix) }
        let y = field.frame.midY
        h.down(1, x("harb") + 1, y)
        h.up(1, x("harb") + 1, y)
        XCTAssertEqual(field.editor.caret, 4, "the caret where it was clicked")
        h.wait(1)
        h.down(2, x("") + 1, y)
        h.move(2, x("harbour at") + 1, y)
        h.up(2, x("harbour at") + 1, y)
        XCTAssertEqual(field.editor.selectedText, "harbour at", "a drag selects")
        h.wait(1)
        h.down(3, x("harbour at d") + 1, y)
        h.up(3, x("harbour at d") + 1, y)
        h.down(4, x("harbour at d") + 1, y)
        h.up(4, x("harbour at d") + 1, y)
        XCTAssertEqual(field.editor.selectedText, "dawn", "a double click selects the word")
    }

    private final class TextPasteboard: Pasteboard {
        var clipboard = "", primary = "", offeredPrimary: [String] = []
        func requestImage(_ completion: @escaping (Result<[UInt8], PasteboardError>) -> Void) { completion(.failure(PasteboardError("none"))) }
        func provideImage(_ png: [UInt8]) -> Bool { false }
        func requestText(primary isPrimary: Bool, _ completion: @escaping (String?) -> Void) { completion(isPrimary ? primary : clipboard) }
        func provideText(_ text: String) { clipboard = text }
        func provideSelectedText(_ text: String) { offeredPrimary.append(text) }
    }

    func testTheClipboardAndThePrimarySelectionCarryText() {
        let (h, field) = editingField("/home/ann/")
        let pasteboard = TextPasteboard()
        h.window.application.pasteboard = pasteboard
        pasteboard.clipboard = "Pictures\n"
        h.window.send(KeyEvent.control("v"))
        XCTAssertEqual(field.text, "/home/ann/Pictures", "pasted at the caret, its line break dropped")
        h.window.send(KeyEvent(.left, modifiers: [.control, .shift]))
        XCTAssertEqual(pasteboard.offeredPrimary.last, "Pictures", "a selection is offered as PRIMARY")
        h.window.send(KeyEvent.control("x"))
        XCTAssertEqual(pasteboard.clipboard, "Pictures")
        XCTAssertEqual(field.text, "/home/ann/")
        // A middle click pastes PRIMARY where it clicks.
        pasteboard.primary = "Trips"
        let translator = PointerTranslator(window: h.window)
        let end = Point(x: field.frame.maxX - 20, y: field.frame.midY)
        translator.handle(PointerEvent(.middlePress, at: end, timestamp: 1))
        translator.handle(PointerEvent(.middleRelease, at: end, timestamp: 1.1))
        XCTAssertEqual(field.text, "/home/ann/Trips")
    }

    /// The window says where the caret of the field taking the keys is (the input method's
    /// pre-edit goes there), and nothing once no field takes them.
    func testTheWindowKnowsWhereTheCaretIs() throws {
        let (h, field) = editingField("dune")
        let atEnd = try XCTUnwrap(h.window.textInputCaret)
        XCTAssertEqual(atEnd.minX, field.frame.minX + 6 + field.font.width(of: "dune"), accuracy: 0.5)
        h.window.send(KeyEvent(.home))
        XCTAssertEqual(try XCTUnwrap(h.window.textInputCaret).minX, field.frame.minX + 6, accuracy: 0.5)
        XCTAssertTrue(atEnd.minY >= field.frame.minY && atEnd.maxY <= field.frame.maxY)
        field.endEditing()
        XCTAssertNil(h.window.textInputCaret)
    }
}
