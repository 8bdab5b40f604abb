import XCTest
@testable import PaintToolkit
import ToolkitTestSupport

/// The editing keys a desktop text field has (GTK's and Qt's): Ctrl+A selects the whole text
/// and what is typed next replaces it (a file name in Save As), Ctrl+Backspace deletes a word,
/// stopping at a path's or a name's separators.
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
}
