import Foundation
import DrawingBoard
import TestSupport
import XCTest

/// Several documents in the real binary's window: files from the command line open as tabs,
/// keys switch and save them, and image operations come back as steps of the history after
/// kill -9.
final class TabsEndToEndTests: XvfbTestCase {
    private var state: String { home + "/.local/state/x11paint" }

    private func writePicture(_ name: String, color: Color) throws -> String {
        let path = home + "/" + name
        try PNGCodec.encode(Bitmap(width: 300, height: 200, color: color)).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func windowName(_ app: RunningApp) throws -> String {
        try app.xdotool(["getwindowname", app.windowID]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testTwoFilesOpenAsTabsAndCtrlSWritesOnlyTheOneShown() throws {
        let a = try writePicture("a.png", color: .red), b = try writePicture("b.png", color: .blue)
        let aBytes = try Data(contentsOf: URL(fileURLWithPath: a)), bBytes = try Data(contentsOf: URL(fileURLWithPath: b))
        let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600", a, b])
        try app.xdotool(["windowfocus", "--sync", app.windowID])
        XCTAssertTrue(app.wait { (try? self.windowName(app)) == "b.png - X11Paint" }, "the last file is the tab shown")
        // A stroke across the middle of the second picture (the canvas is centred under the tabs).
        try app.key("p")
        try app.drag([(250, 320), (400, 330), (550, 320)])
        XCTAssertTrue(app.wait { (try? self.windowName(app)) == "*b.png - X11Paint" }, "the stroke marks b.png unsaved")
        try app.key("ctrl+s")
        XCTAssertTrue(app.wait { (try? Data(contentsOf: URL(fileURLWithPath: b))) != bBytes }, "b.png written")
        XCTAssertTrue(app.wait { (try? self.windowName(app)) == "b.png - X11Paint" })
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: a)), aBytes, "a.png untouched")
        let saved = try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: b)))
        XCTAssertEqual(saved.width, 300)
        XCTAssertTrue((0..<200).contains { y in saved[150, y] != Color.blue.premultipliedPixel }, "the stroke is in b.png")
        // Ctrl+Tab shows the other tab, its name in the title.
        try app.key("ctrl+Tab")
        XCTAssertTrue(app.wait { (try? self.windowName(app)) == "a.png - X11Paint" })
        app.stop()
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: a)), aBytes, "closing wrote nothing into a.png")
    }

    func testAResizeAndACropComeBackAsStepsAfterKillMinusNineAndCtrlZTwiceGivesTheOriginalSize() throws {
        let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600"])
        try app.xdotool(["windowfocus", "--sync", app.windowID])
        try app.key("p")
        try app.drag([(150, 200), (300, 210), (450, 200)])
        try app.xdotool(["getwindowname", app.windowID])
        let original = try XCTUnwrap(DocumentJournal.recover(folder: state).document.format)
        // Resize Image to half: its percentage field has the keys, its text selected.
        try app.key("ctrl+r")
        usleep(300_000)
        try app.type("50", delay: 10)
        try app.key("Return")
        XCTAssertTrue(app.wait { DocumentJournal.recover(folder: self.state).document.format?.pixelWidth == original.pixelWidth / 2 }, "resized")
        // A rectangle selected and cropped to.
        try app.key("s")
        try app.drag([(200, 200), (300, 260), (350, 300)])
        try app.key("ctrl+shift+x")
        XCTAssertTrue(app.wait { DocumentJournal.recover(folder: self.state).document.format?.pixelWidth ?? 0 < original.pixelWidth / 2 }, "cropped")
        kill(app.process.processIdentifier, SIGKILL)
        app.process.waitUntilExit()
        let killed = DocumentJournal.recover(folder: state)
        let steps = killed.document.items.suffix(2).map(\.historyName)
        XCTAssertEqual(steps, ["Resize Image", "Crop to Selection"], "both are steps of the history (its panel's rows)")
        let again = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600"])
        try again.xdotool(["windowfocus", "--sync", again.windowID])
        try again.key("ctrl+z")
        try again.key("ctrl+z")
        XCTAssertTrue(again.wait { DocumentJournal.recover(folder: self.state).document.format == original },
                      "Ctrl+Z twice after the restart gave the original size")
        again.stop()
        let back = DocumentJournal.recover(folder: state)
        XCTAssertEqual(back.document.format, original)
        XCTAssertEqual(back.redo.count, 2, "and both can be redone")
    }
}
