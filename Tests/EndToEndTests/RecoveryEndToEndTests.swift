import Foundation
import DrawingBoard
import XCTest

/// Never lose a drawing: kill -9 and a vanished X server, on the real binary.
final class RecoveryEndToEndTests: XCTestCase {
    private var home: String!

    override func setUpWithError() throws {
        home = NSTemporaryDirectory() + "x11paint-recovery-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home + "/config", withIntermediateDirectories: true)
    }

    override func tearDown() {
        if let home { try? FileManager.default.removeItem(atPath: home) }
    }

    private func restoredItems(on server: XvfbServer) throws -> (Int, String) {
        let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600"])
        usleep(300_000)
        let items = DocumentJournal.recover(folder: home + "/.local/state/x11paint").document.items.count
        // What it said (swift-log, on standard error), read once it has ended.
        app.stop()
        return (items, app.standardError)
    }

    func testKillMinusNineLosesNothingButTheLastSecond() throws {
        let server = try XvfbServer()
        let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600"])
        try app.drag([(100, 150), (300, 160), (500, 150)])
        try app.drag([(100, 250), (300, 260), (500, 250)])
        // A third stroke held down for over a second, then the process is killed.
        try app.xdotool(["mousemove", "--window", app.windowID, "100", "350", "mousedown", "1",
                         "mousemove", "--window", app.windowID, "200", "360", "mousemove", "--window", app.windowID, "300", "350"])
        usleep(1_600_000)
        kill(app.process.processIdentifier, SIGKILL)
        app.process.waitUntilExit()
        try app.xdotool(["mouseup", "1"])
        let (items, output) = try restoredItems(on: server)
        XCTAssertEqual(items, 3, "two strokes and the one in progress")
        XCTAssertTrue(output.contains("restored 3 items"), output)
    }

    /// kill -9 after changing an opened file: the next start is that file again, marked as
    /// changed; after a save and kill -9 it comes back not marked.
    func testKillMinusNineKeepsTheFileNameAndWhetherItWasSaved() throws {
        let server = try XvfbServer()
        let client = try X11TestClient(display: server.display)
        try PNGCodec.encode(Bitmap(width: 300, height: 200, color: .white)).write(to: URL(fileURLWithPath: home + "/test.png"))
        let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600", home + "/test.png"])
        let window = UInt(app.windowID)!
        func title(_ id: UInt) -> String { String(decoding: client.property("_NET_WM_NAME", of: id), as: UTF8.self) }
        XCTAssertTrue(app.wait { title(window) == "test.png - X11Paint" })
        try app.drag([(300, 250), (500, 260)])
        XCTAssertTrue(app.wait { title(window) == "*test.png - X11Paint" })
        usleep(300_000)
        kill(app.process.processIdentifier, SIGKILL)
        app.process.waitUntilExit()
        let again = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600"])
        let second = UInt(again.windowID)!
        XCTAssertTrue(again.wait { title(second) == "*test.png - X11Paint" }, "restored as test.png, unsaved: \(title(second))")
        try again.xdotool(["windowfocus", "--sync", again.windowID])
        try again.key("ctrl+s")
        XCTAssertTrue(again.wait { title(second) == "test.png - X11Paint" }, "saved into test.png")
        usleep(300_000)
        kill(again.process.processIdentifier, SIGKILL)
        again.process.waitUntilExit()
        let third = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600"])
        XCTAssertTrue(third.wait { title(UInt(third.windowID)!) == "test.png - X11Paint" }, "saved: not marked")
        third.stop()
    }

    func testTheXServerDyingMidStrokeKeepsEverything() throws {
        let server = try XvfbServer()
        let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600"])
        try app.drag([(100, 150), (300, 160), (500, 150)])
        try app.xdotool(["mousemove", "--window", app.windowID, "100", "350", "mousedown", "1",
                         "mousemove", "--window", app.windowID, "200", "360"])
        usleep(300_000)
        server.stop()
        XCTAssertTrue(app.wait(timeout: 10) { !app.process.isRunning })
        guard !app.process.isRunning else { return }
        XCTAssertNotEqual(app.process.terminationStatus, 0)
        XCTAssertTrue(app.standardError.contains("your drawing is kept"), app.standardError)
        let second = try XvfbServer()
        let (items, _) = try restoredItems(on: second)
        XCTAssertEqual(items, 2, "the finished stroke and the one being drawn when the server went")
    }
}

/// A file that cannot be opened is said in the log too (support and scripts read it),
/// with its whole path.
final class OpenErrorLogEndToEndTests: XvfbTestCase {
    func testAnOpenErrorGoesToTheLogWithTheWholePath() throws {
        let file = home + "/" + String(repeating: "long-", count: 30) + "not-a-picture.png"
        try Data("text".utf8).write(to: URL(fileURLWithPath: file))
        let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "640x480", file])
        try app.xdotool(["getwindowname", app.windowID])
        usleep(500_000)
        app.stop()
        XCTAssertTrue(app.standardError.contains("cannot open \(file): "), app.standardError)
        XCTAssertTrue(app.standardError.contains("is not a PNG, JPEG, WebP, HEIC, AVIF, TIFF, GIF, BMP or SVG picture"), app.standardError)
    }
}

/// Two windows with one file open: the second to save finds the file changed since
/// it opened it and asks, instead of silently replacing the other's save.
final class TwoWindowsOneFileEndToEndTests: XCTestCase {
    func testTheSecondSaveAsksInsteadOfReplacingTheFirst() throws {
        let home = NSTemporaryDirectory() + "x11paint-two-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home + "/config", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let server = try XvfbServer()
        let client = try X11TestClient(display: server.display)
        let file = home + "/shared.png"
        try PNGCodec.encode(Bitmap(width: 300, height: 200, color: .white)).write(to: URL(fileURLWithPath: file))
        let first = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600", file])
        let second = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600", file])
        func title(_ app: RunningApp) -> String { String(decoding: client.property("_NET_WM_NAME", of: UInt(app.windowID)!), as: UTF8.self) }
        for app in [first, second] { XCTAssertTrue(app.wait { title(app) == "shared.png - X11Paint" }) }
        // The second window draws and saves: the file is its drawing now.
        // The windows overlap (no window manager here): each is raised before it is drawn on.
        try second.xdotool(["windowraise", second.windowID])
        try second.drag([(300, 250), (500, 260)])
        try second.xdotool(["windowfocus", "--sync", second.windowID])
        try second.key("ctrl+s")
        XCTAssertTrue(second.wait { title(second) == "shared.png - X11Paint" && FileFingerprint.of(file) != nil })
        usleep(300_000)
        let afterSecond = try Data(contentsOf: URL(fileURLWithPath: file))
        // The first draws elsewhere and saves: it asks, and the file keeps the second's drawing.
        try first.xdotool(["windowraise", first.windowID])
        usleep(200_000)
        try first.drag([(300, 350), (500, 360)])
        try first.xdotool(["windowfocus", "--sync", first.windowID])
        try first.key("ctrl+s")
        usleep(800_000)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file)), afterSecond, "not replaced without asking")
        XCTAssertEqual(title(first), "*shared.png - X11Paint", "still unsaved, the question showing")
        first.stop()
        second.stop()
    }
}
