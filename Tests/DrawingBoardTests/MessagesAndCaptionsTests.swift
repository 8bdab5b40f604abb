import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// Each command says what it did, a message that describes a state
/// goes when the state ends, and the New dialog's caption describes what it will create.
final class MessagesAndCaptionsTests: XCTestCase {
    private var session: BoardSession!
    private var window: Window { session.window }
    private var board: DrawingBoardViewController { session.board }
    private var status: String { board.statusLabel.text }

    private final class Clipboard: Pasteboard {
        func requestImage(_ completion: @escaping (Result<[UInt8], PasteboardError>) -> Void) { completion(.failure(PasteboardError("empty"))) }
        func provideImage(_ png: [UInt8]) -> Bool { true }
    }
    private let clipboard = Clipboard()

    override func setUp() {
        session = BoardSession()
        board.pasteboard = clipboard
    }

    private func key(_ key: KeyEvent.Key, _ modifiers: KeyEvent.Modifiers = [], text: String? = nil) {
        window.send(KeyEvent(key, modifiers: modifiers, text: text))
    }

    /// Paste Into New Layer with nothing to paste says so and adds no layer, no undo step.
    func testPasteIntoNewLayerWithAnEmptyClipboardAddsNothing() {
        let items = board.canvas.document.items.count
        key(.character("v"), [.control, .shift])
        waitFor { status.contains("empty") }
        XCTAssertTrue(status.contains("empty"), status)
        XCTAssertEqual(board.canvas.content.layers.count, 1, "no empty layer left behind")
        XCTAssertEqual(board.canvas.document.items.count, items, "no undo step")
        XCTAssertFalse(board.undoButton.isEnabled)
    }

    /// Runs the UI thread's queue until `done` (a copy encodes beside it).
    private func waitFor(_ done: () -> Bool) {
        let deadline = Date().addingTimeInterval(5)
        while !done() && Date() < deadline {
            window.application.tick()
            usleep(2000)
        }
    }

    func testCutSaysCutAndUndoSaysWhatItTookBack() {
        session.drag(y: 100)
        key(.character("a"), .control)
        key(.character("x"), .control)
        waitFor { status.hasPrefix("Cut") }
        XCTAssertTrue(status.hasPrefix("Cut 800x456 pixels"), status)
        XCTAssertFalse(status.contains("Copied"), status)
        key(.character("c"), .control)
        waitFor { status.hasPrefix("Copied") }
        XCTAssertTrue(status.hasPrefix("Copied"), status)
    }

    func testAClearMessageGoesWhenUndoBringsTheDrawingBack() {
        session.drag(y: 100)
        board.clear()
        XCTAssertTrue(status.hasPrefix("Cleared"), status)
        key(.character("z"), .control)
        XCTAssertFalse(status.contains("Cleared"), "the clear is taken back: \(status)")
        XCTAssertTrue(status.contains("Undid the clear"), status)
        key(.character("z"), [.control, .shift])
        XCTAssertTrue(status.contains("Redid the clear"), status)
    }

    func testThePlacingHintGoesWhenThePhotoIsDropped() {
        board.placePhoto(Photo(asset: ImageAsset(bitmap: Bitmap(width: 60, height: 40, color: .blue), name: "blue")))
        XCTAssertTrue(status.contains("Drag to move"), status)
        key(.escape)
        XCTAssertNil(board.photoPlacement)
        XCTAssertFalse(status.contains("Drag to move"), "the hint went with the photo: \(status)")
        XCTAssertTrue(status.contains("Photo dropped"), status)
    }

    func testTheNewDialogsCaptionDescribesTheTypedSize() throws {
        board.screenPixelSize = (1600, 1000)
        board.chooseNewDocument()
        let chooser = try XCTUnwrap(board.presentedViewController as? NewDocumentViewController)
        XCTAssertEqual(chooser.messageLabel.text, "Screen: 1600 x 1000 pixels")
        for _ in 0..<4 { key(.backspace) }
        for c in "640" { key(.character(c), text: String(c)) }
        XCTAssertEqual(chooser.messageLabel.text, "640 x 1000 pixels", "what Create will make")
        for _ in 0..<3 { key(.backspace) }
        XCTAssertTrue(chooser.messageLabel.text.hasPrefix("A size from 1 x 1"), chooser.messageLabel.text)
        for c in "1920" { key(.character(c), text: String(c)) }
        key(.tab)
        for _ in 0..<4 { key(.backspace) }
        for c in "1080" { key(.character(c), text: String(c)) }
        XCTAssertEqual(chooser.messageLabel.text, "Full HD: 1920 x 1080 pixels", "a preset's size is named")
    }
}

/// Toggles look like toggles; the toolbar's Eraser and the tool
/// strip's always show the same state, however the eraser was taken up or put down.
final class TogglesShowTheirStateTests: XCTestCase {
    func testTheTwoErasersAlwaysAgree() {
        for width in [1024.0, 480] {
            let window = Window(size: Size(width: width, height: 600), application: Application(clock: ManualClock()))
            let board = DrawingBoardViewController(store: MemoryArtworkStore())
            window.rootViewController = board
            window.render()
            func agree(_ how: String) {
                let eraser = board.toolbarController.selectedTool == DrawingBoardViewController.eraserIndex
                XCTAssertEqual(board.eraserButton.isSelected, eraser, "\(Int(width)) wide, \(how): the toolbar's Eraser")
                XCTAssertEqual(board.toolPicker.selectedSegmentIndex == DrawingBoardViewController.eraserIndex, eraser, "\(Int(width)), \(how): the strip")
                XCTAssertEqual(board.toolPopUp.selectedIndex == DrawingBoardViewController.eraserIndex, eraser, "\(Int(width)), \(how): the pop-up")
            }
            window.send(KeyEvent(.character("x"))); agree("X")
            board.eraserButton.sendActions(for: .touchUpInside); agree("the toolbar's Eraser again")
            board.toolPicker.selectedSegmentIndex = DrawingBoardViewController.eraserIndex
            board.toolPicker.sendActions(for: .valueChanged); agree("the strip")
            board.selectColor(at: 1); agree("a colour chosen while erasing")
            board.toolPopUp.selectedIndex = DrawingBoardViewController.eraserIndex
            board.toolPopUp.sendActions(for: .valueChanged); agree("the pop-up")
            window.send(KeyEvent(.character("p"))); agree("P")
        }
    }

    func testTaperIsACheckBoxThatShowsOffAndOn() {
        let session = BoardSession()
        session.board.showBrushSettings()
        for _ in 0..<10 { session.clock.advance(by: 0.05); session.window.application.tick() } // the panel slides in
        session.window.render()
        let taper = session.board.brushSettings.taperButton
        XCTAssertFalse(taper.isHidden, "the 800-point window has room for it")
        XCTAssertFalse(taper.isOn)
        let box = taper.convert(Point(x: 1 + CheckBox.boxSize / 2, y: taper.bounds.midY), to: nil)
        let edge = taper.convert(Point(x: 1.5, y: taper.bounds.midY), to: nil)
        session.window.render()
        XCTAssertNotEqual(session.window.backbuffer.color(atX: Int(edge.x), y: Int(edge.y)), Color(r: 250, g: 250, b: 252), "off: an empty box's edge shows")
        var driver = TouchDriver(window: session.window)
        driver.tap(taper)
        session.window.render()
        XCTAssertTrue(taper.isOn)
        XCTAssertTrue(session.board.canvas.penSettings.taperWithSpeed)
        XCTAssertEqual(session.window.backbuffer.color(atX: Int(box.x) - 5, y: Int(box.y) + 5), Color(r: 0, g: 122, b: 255), "on: a filled, ticked box")
    }
}
