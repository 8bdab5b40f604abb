import Foundation
import DrawingBoard
import XCTest

/// A dialog's text field and the desktop's selections, with another client (xclip) on the
/// other side: Ctrl+V pastes the CLIPBOARD's text at the caret, Ctrl+C puts the selected text
/// on it, and selecting text offers it as PRIMARY; the name typed that way is the file saved.
final class TextFieldClipboardEndToEndTests: XvfbTestCase {
    /// What xclip reads from a selection (`-o -selection NAME`).
    private func xclip(_ arguments: String, app: RunningApp) throws -> String {
        try ExternalTool.run("xclip", arguments.split(separator: " ").map(String.init), environment: app.environment)
    }

    func testTheSaveAsNameTakesPastedTextAndGivesItsSelectionToOthers() throws {
        let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600"])
        defer { app.stop() }
        try app.xdotool(["windowfocus", "--sync", app.windowID])
        try app.drag([(200, 300), (400, 320)])
        let words = home + "/words.txt"
        try "nic".write(toFile: words, atomically: true, encoding: .utf8)
        // Another client owns the CLIPBOARD with text (xclip serves it from the background).
        let owner = Process()
        owner.executableURL = try ExternalTool.locate("xclip")
        // In the foreground (no daemon to wait on), gone after it has served two requests
        // (TARGETS-less clients ask once; the app asks for UTF8_STRING).
        owner.arguments = ["-quiet", "-loops", "2", "-selection", "clipboard", "-i", words]
        owner.environment = app.environment
        owner.standardOutput = FileHandle.nullDevice
        owner.standardError = FileHandle.nullDevice
        try owner.run()
        defer { if owner.isRunning { owner.terminate() } }
        usleep(300_000)
        try app.key("ctrl+shift+s")
        usleep(500_000)
        // The name field has the keys: its text replaced, then "nic" pasted in its middle.
        try app.key("ctrl+a")
        try app.type("pic.png")
        for _ in 0..<4 { try app.key("Left") }
        try app.key("ctrl+v")
        usleep(300_000)
        // Shift+Home selects "picnic": offered as PRIMARY, and Ctrl+C puts it on the CLIPBOARD.
        try app.key("shift+Home")
        usleep(200_000)
        XCTAssertEqual(try xclip("-o -selection primary", app: app), "picnic")
        try app.key("ctrl+c")
        usleep(200_000)
        XCTAssertEqual(try xclip("-o -selection clipboard", app: app), "picnic")
        try app.key("End")
        try app.key("Return")
        let saved = home + "/Pictures/picnic.png"
        XCTAssertTrue(app.wait { FileManager.default.fileExists(atPath: saved) }, "saved under the name typed and pasted")
    }
}
