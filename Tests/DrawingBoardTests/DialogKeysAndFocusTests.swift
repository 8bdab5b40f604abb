import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// Every dialog has a default button that Enter presses and Escape
/// cancels (one mechanism in the toolkit), and an open dialog or panel keeps the keyboard focus
/// inside it.
final class DialogKeysAndFocusTests: XCTestCase {
    private var temp: TemporaryDirectory!
    private var window: Window!
    private var board: DrawingBoardViewController!

    override func setUp() {
        temp = TemporaryDirectory()
        let session = BoardSession(pictures: temp.path)
        (window, board) = (session.window, session.board)
    }

    private func key(_ key: KeyEvent.Key, _ modifiers: KeyEvent.Modifiers = [], text: String? = nil) {
        window.send(KeyEvent(key, modifiers: modifiers, text: text))
        window.render()
    }

    private func type(_ text: String) { for c in text { key(.character(c), text: String(c)) } }

    func testEnterInSaveAsSavesWhileTheFieldHasTheKeys() throws {
        BoardSession(window: window, board: board).drag(y: 100)
        key(.character("s"), [.control, .shift])
        let chooser = try XCTUnwrap(board.presentedViewController as? FileChooserViewController)
        XCTAssertTrue(chooser.locationField.isEditing, "typing goes to the name")
        XCTAssertEqual(chooser.defaultButton?.title, "Save")
        XCTAssertTrue(chooser.defaultButton?.isDefault == true, "drawn as the default")
        // The name is selected without its ending: typing renames and keeps the format.
        XCTAssertEqual(chooser.locationField.editor.selectedText, "Drawing")
        type("sketch")
        XCTAssertEqual(chooser.locationField.text, "sketch.png")
        key(.enter) // the keypad's Enter is the same key (InputTranslator)
        board.finishSaves()
        XCTAssertNil(board.presentedViewController, "Enter pressed Save")
        XCTAssertTrue(FileManager.default.fileExists(atPath: temp.path + "/sketch.png"))
        // Escape cancels, from the field too.
        key(.character("s"), [.control, .shift])
        XCTAssertNotNil(board.presentedViewController as? FileChooserViewController)
        key(.escape)
        XCTAssertNil(board.presentedViewController)
    }

    func testEnterInNewCreatesTheTypedSize() throws {
        key(.character("n"), .control)
        let chooser = try XCTUnwrap(board.presentedViewController as? NewDocumentViewController)
        XCTAssertEqual(chooser.defaultButton?.title, "Create")
        for _ in 0..<6 { key(.backspace) }
        type("640")
        key(.tab)
        for _ in 0..<6 { key(.backspace) }
        type("480")
        key(.enter)
        XCTAssertNil(board.presentedViewController, "Enter pressed Create")
        XCTAssertEqual(board.canvas.document.format?.pixelWidth, 640)
        XCTAssertEqual(board.canvas.document.format?.pixelHeight, 480)
    }

    /// A field that gets the focus from the keyboard (the dialog opening, Tab) has its text
    /// selected, so typing replaces it: "300" Tab "200" Enter makes 300 x 200, not 1600300 x
    /// 1000200. Enter on a size that cannot be says what is wrong, in red.
    func testTypingIntoAFieldFocusedByTheKeyboardReplacesItsText() throws {
        board.newDocument(width: 1600, height: 1000)
        key(.character("n"), .control)
        let chooser = try XCTUnwrap(board.presentedViewController as? NewDocumentViewController)
        type("300")
        key(.tab)
        type("200")
        XCTAssertEqual([chooser.widthField.text, chooser.heightField.text], ["300", "200"])
        type("0000")
        key(.enter)
        XCTAssertNotNil(board.presentedViewController, "2000000 high cannot be: the dialog stays")
        XCTAssertTrue(chooser.messageLabel.text.contains("2000000"), chooser.messageLabel.text)
        XCTAssertEqual(chooser.messageLabel.textColor, DialogParts.errorColor)
        key(.tab, .shift) // back to the width: selected
        key(.tab)         // and the height again: selected
        type("200")
        key(.enter)
        XCTAssertNil(board.presentedViewController)
        XCTAssertEqual([board.canvas.document.format?.pixelWidth, board.canvas.document.format?.pixelHeight], [300, 200])
    }

    func testEnterAndEscapeAnswerAQuestionAndOtherKeysStayInIt() throws {
        BoardSession(window: window, board: board).drag(y: 100)
        board.newDocument(width: 300, height: 200)
        let alert = try XCTUnwrap(board.presentedAlert)
        XCTAssertEqual(alert.defaultButton?.title, "Save")
        XCTAssertEqual(alert.escapeButton?.title, "Cancel")
        key(.character("r")) // a tool key must not reach the board under the question
        XCTAssertNotEqual(board.toolbarController.selectedTool, 3)
        key(.escape)
        XCTAssertNil(board.presentedAlert)
        XCTAssertEqual(board.canvas.document.items.count, 1, "Cancel kept the drawing")
        board.newDocument(width: 300, height: 200)
        key(.enter)
        board.finishSaves()
        XCTAssertEqual(board.canvas.document.format?.pixelWidth, 300, "Enter: saved, then the new drawing")
    }

    func testTabStaysInsideAnOpenPanelAndNothingItCoversTakesTheFocus() {
        board.showBrushSettings()
        window.render()
        let panel = board.brushPanel
        var visited: [Control] = []
        for _ in 0..<40 {
            key(.tab)
            guard let control = window.firstResponder as? Control else { continue }
            visited.append(control)
        }
        XCTAssertFalse(visited.isEmpty)
        for control in visited {
            XCTAssertTrue(window.isInActiveFocusScope(control), "\(Swift.type(of: control)) \((control as? Button)?.title ?? "") is in the panel")
            var view: View? = control
            while let v = view, v !== panel { view = v.superview }
            XCTAssertNotNil(view, "inside the Brush panel")
        }
        XCTAssertTrue(visited.contains { $0 === panel.doneButton }, "Tab cycles through the panel, Done included")
        XCTAssertFalse(visited.contains { $0 === board.brushButton }, "never the bottom bar's buttons under it")
    }

    func testAFocusedControlThatAPanelCoversLosesTheKeysAndItsRing() {
        while !(window.firstResponder === board.brushButton) { key(.tab) }
        key(.enter) // opens the Brush panel over the button
        window.render()
        XCTAssertTrue(board.brushPanel.isPresented)
        XCTAssertFalse(window.isInActiveFocusScope(board.brushButton))
        key(.tab)
        XCTAssertTrue(window.isInActiveFocusScope(window.firstResponder as! View), "the next Tab lands inside the panel")
    }
}

/// Pop-up menus work from the keyboard and light the row under the pointer.
final class PopUpMenuKeyboardTests: XCTestCase {
    private var window: Window!
    private var button: PopUpButton!
    private var changes = 0

    override func setUp() {
        window = Window(size: Size(width: 480, height: 360), application: Application(clock: ManualClock()))
        button = PopUpButton(items: ["Pencil", "Line", "Dashes", "Rect", "Ellipse", "Eraser", "Lasso"], frame: Rect(x: 20, y: 20, width: 140, height: 32))
        button.addAction(for: .valueChanged) { [unowned self] _ in self.changes += 1 }
        window.addSubview(button)
        window.render()
    }

    private func key(_ key: KeyEvent.Key) { XCTAssertTrue(window.send(KeyEvent(key, text: nil))) }

    func testArrowsHomeEndLettersAndEnterChooseAndEscapeCloses() throws {
        // Focused with Tab, Space opens it.
        key(.tab)
        XCTAssertTrue(window.firstResponder === button)
        key(.character(" "))
        let menu = try XCTUnwrap(button.menu)
        XCTAssertEqual(menu.highlighted, 0, "the current choice is lit")
        key(.down); key(.down)
        XCTAssertEqual(menu.highlighted, 2)
        key(.end)
        XCTAssertEqual(menu.highlighted, 6)
        key(.home)
        XCTAssertEqual(menu.highlighted, 0)
        key(.character("e"))
        XCTAssertEqual(menu.highlighted, 4, "E jumps to Ellipse")
        key(.character("e"))
        XCTAssertEqual(menu.highlighted, 5, "and again to Eraser")
        key(.up)
        XCTAssertEqual(menu.highlighted, 4)
        key(.enter)
        XCTAssertNil(button.menu, "Enter picks and closes")
        XCTAssertEqual(button.selectedIndex, 4)
        XCTAssertEqual(changes, 1)
        XCTAssertTrue(window.firstResponder === button, "the keys go back to the button")
        // Escape closes with nothing chosen; Down opens too.
        key(.down)
        XCTAssertNotNil(button.menu)
        key(.down)
        key(.escape)
        XCTAssertNil(button.menu)
        XCTAssertEqual(button.selectedIndex, 4)
        XCTAssertEqual(changes, 1)
    }

    func testTheRowUnderThePointerIsLit() throws {
        button.openMenu()
        window.render()
        let menu = try XCTUnwrap(button.menu)
        let row = menu.frame(ofRow: 3)
        let point = Point(x: row.midX, y: row.midY)
        window.updateHover(at: point, over: window.hitTest(point))
        XCTAssertEqual(menu.highlighted, 3)
        window.render()
        let lit = window.backbuffer.color(atX: Int(row.minX + 6), y: Int(row.midY))
        XCTAssertEqual(lit, Color(r: 0, g: 122, b: 255), "drawn lit")
    }
}
