import Foundation
import DrawingBoard
import XCTest

/// The pen, the palette and the window's size survive a restart, kept in
/// $XDG_CONFIG_HOME/x11paint/settings.toml; a damaged file is said and ignored.
final class SettingsEndToEndTests: XCTestCase {
    private let home = NSTemporaryDirectory() + "x11paint-settings-" + UUID().uuidString
    private var settingsPath: String { home + "/config/x11paint/settings.toml" }

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(atPath: home + "/config", withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: home) }

    private func closeAndWait(_ app: RunningApp, _ client: X11TestClient) {
        client.requestClose(window: UInt(app.windowID)!)
        XCTAssertTrue(app.wait(timeout: 10) { !app.process.isRunning }, "nothing unsaved: closes at once")
    }

    private func settings() throws -> String { try String(contentsOfFile: settingsPath, encoding: .utf8) }

    func testThePenAndTheWindowSizeComeBackAfterARestart() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let client = try X11TestClient(display: server.display)
        let first = try RunningApp(display: server.display, home: home, arguments: ["--size", "700x500"])
        try first.xdotool(["windowfocus", "--sync", first.windowID])
        try first.key("r")                        // the rectangle
        for _ in 0..<3 { try first.key("bracketright") } // width 6 -> 9
        try first.xdotool(["getwindowname", first.windowID])
        closeAndWait(first, client)
        let written = try settings()
        XCTAssertTrue(written.contains("tool = 'r'") || written.contains("tool = \"r\""), written)
        XCTAssertTrue(written.contains("stroke_width = 9"), written)
        XCTAssertTrue(written.contains("window_width = 700"), written)
        // No --size now: the last run's size; what it saves again is what it was given.
        let second = try RunningApp(display: server.display, home: home)
        let size = client.size(of: UInt(second.windowID)!)
        XCTAssertEqual(size.width, 700)
        XCTAssertEqual(size.height, 500)
        closeAndWait(second, client)
        let again = try settings()
        XCTAssertTrue(again.contains("tool = 'r'") || again.contains("tool = \"r\""), "the tool was applied: \(again)")
        XCTAssertTrue(again.contains("stroke_width = 9"), again)
    }

    /// Settings changed during a run survive a kill -9: they are written as they change.
    func testSettingsChangedDuringARunSurviveAKill() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "700x500"])
        try app.xdotool(["windowfocus", "--sync", app.windowID])
        try app.key("r")
        for _ in 0..<4 { try app.key("bracketright") } // width 6 -> 10
        XCTAssertTrue(app.wait(timeout: 10) { ((try? self.settings()) ?? "").contains("stroke_width = 10") }, "written while it runs")
        kill(app.process.processIdentifier, SIGKILL)
        app.process.waitUntilExit()
        let written = try settings()
        XCTAssertTrue(written.contains("tool = 'r'") || written.contains("tool = \"r\""), written)
        let again = try RunningApp(display: server.display, home: home)
        let client = try X11TestClient(display: server.display)
        closeAndWait(again, client)
        XCTAssertTrue(try settings().contains("stroke_width = 10"), "the next run started with them")
    }

    func testADamagedSettingsFileIsSaidAndIgnored() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let client = try X11TestClient(display: server.display)
        try FileManager.default.createDirectory(atPath: home + "/config/x11paint", withIntermediateDirectories: true)
        try "tool = [\nstroke_width = \"wide\"\n".write(toFile: settingsPath, atomically: true, encoding: .utf8)
        let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600"])
        try app.xdotool(["windowfocus", "--sync", app.windowID])
        try app.drag([(200, 300), (400, 300)]) // the app draws as ever
        try app.key("ctrl+s")
        XCTAssertTrue(app.wait { ((try? FileManager.default.contentsOfDirectory(atPath: self.home + "/Pictures")) ?? []).contains { $0.hasSuffix(".png") } })
        closeAndWait(app, client)
        XCTAssertTrue(app.standardError.contains("could not be read"), app.standardError)
        XCTAssertTrue(try settings().contains("stroke_width = 6"), "written anew with what the run used")
        // A value of the wrong kind costs that value only.
        try "tool = 'l'\nstroke_width = 'wide'\n".write(toFile: settingsPath, atomically: true, encoding: .utf8)
        let next = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600"])
        try next.xdotool(["getwindowname", next.windowID])
        closeAndWait(next, client)
        XCTAssertTrue(next.standardError.contains("stroke_width"), next.standardError)
        let kept = try settings()
        XCTAssertTrue(kept.contains("tool = 'l'") || kept.contains("tool = \"l\""), kept)
    }
}
