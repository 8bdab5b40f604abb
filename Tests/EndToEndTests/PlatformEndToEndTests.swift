import Foundation
import DrawingBoard
import XCTest

/// The X11 platform layer on real X servers: presentation with and without shared memory,
/// window manners, faults, and idleness.
final class PlatformEndToEndTests: XCTestCase {
    private var home: String!

    override func setUpWithError() throws {
        home = NSTemporaryDirectory() + "x11paint-platform-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home + "/config", withIntermediateDirectories: true)
    }

    override func tearDown() {
        if let home { try? FileManager.default.removeItem(atPath: home) }
    }

    private func drawAndCapture(on server: XvfbServer) throws -> (Bitmap, String) {
        // A home of its own: the second run must not restore the first one's drawing.
        let runHome = home + "/" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: runHome + "/config", withIntermediateDirectories: true)
        let app = try RunningApp(display: server.display, home: runHome, arguments: ["--size", "640x480"])
        defer { app.stop() }
        try app.drag([(100, 200), (300, 250), (500, 200)])
        try app.click(320, 460) // the green colour button
        try app.drag([(100, 300), (500, 320)])
        // The app has handled the events once a round trip through it has come back.
        try app.xdotool(["getwindowname", app.windowID])
        usleep(300_000)
        let client = try X11TestClient(display: server.display)
        let image = try XCTUnwrap(client.capture(window: UInt(app.windowID)!, width: 640, height: 480))
        app.stop()
        return (image, app.standardError)
    }

    func testSharedMemoryAndItsFallbackShowTheSamePixels() throws {
        let withShm = try XvfbServer()
        let (shared, sharedLog) = try drawAndCapture(on: withShm)
        withShm.stop()
        let withoutShm = try XvfbServer(extraArguments: ["-extension", "MIT-SHM"])
        let (plain, plainLog) = try drawAndCapture(on: withoutShm)
        withoutShm.stop()
        XCTAssertFalse(sharedLog.contains("MIT-SHM is not available"), sharedLog)
        XCTAssertTrue(plainLog.contains("MIT-SHM is not available"), "the fallback says so: \(plainLog)")
        XCTAssertTrue(shared.isEqual(to: plain), "identical pixels either way")
        let red = DrawingBoardViewController.palette[0].premultipliedPixel
        XCTAssertEqual(shared[300, 250], red, "and they are the drawing, not a blank window")
        XCTAssertEqual(shared[300, 100], Color.white.premultipliedPixel)
    }

    /// F11 asks the window manager to make the window full screen (EWMH's _NET_WM_STATE_ADD of
    /// _NET_WM_STATE_FULLSCREEN), and F11 again or Escape to leave it.
    func testFullScreenAsksTheWindowManager() throws {
        let server = try XvfbServer()
        let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "640x480"])
        defer { app.stop() }
        let client = try X11TestClient(display: server.display)
        client.actAsWindowManager()
        try app.xdotool(["windowfocus", "--sync", app.windowID])
        let state = client.atom("_NET_WM_STATE_FULLSCREEN")
        try app.key("F11")
        let add = try XCTUnwrap(client.nextRootMessage("_NET_WM_STATE"), "asked the window manager")
        XCTAssertEqual(add[0], 1, "_NET_WM_STATE_ADD")
        XCTAssertEqual(add[1], state)
        XCTAssertEqual(add[3], 1, "from an application")
        try app.key("Escape")
        let remove = try XCTUnwrap(client.nextRootMessage("_NET_WM_STATE"), "Escape leaves full screen")
        XCTAssertEqual(remove[0], 0, "_NET_WM_STATE_REMOVE")
        XCTAssertEqual(remove[1], state)
        try app.key("F11")
        XCTAssertEqual(client.nextRootMessage("_NET_WM_STATE")?[0], 1)
        try app.key("F11")
        XCTAssertEqual(client.nextRootMessage("_NET_WM_STATE")?[0], 0, "F11 again leaves it")
    }

    func testClosingTheWindowExitsCleanlyAndTheWindowIsWellMannered() throws {
        let server = try XvfbServer()
        let app = try RunningApp(display: server.display, home: home)
        let client = try X11TestClient(display: server.display)
        let window = UInt(app.windowID)!
        let wmClass = client.property("WM_CLASS", of: window)
        XCTAssertEqual(String(decoding: wmClass, as: UTF8.self), "x11paint\u{0}X11Paint\u{0}")
        XCTAssertEqual(String(decoding: client.property("_NET_WM_NAME", of: window), as: UTF8.self), "Untitled - X11Paint")
        let pid = client.property("_NET_WM_PID", of: window).withUnsafeBytes { $0.load(as: UInt.self) }
        XCTAssertEqual(Int32(pid), app.process.processIdentifier)
        XCTAssertFalse(client.property("_NET_WM_ICON", of: window).isEmpty, "an icon for task bars")
        client.requestClose(window: window)
        XCTAssertTrue(app.wait(timeout: 10) { !app.process.isRunning }, "WM_DELETE_WINDOW closes the app")
        if !app.process.isRunning { XCTAssertEqual(app.process.terminationStatus, 0) }
    }

    func testAHiDPIWindowOpensInsideTheWorkAreaAndEverythingFitsAtItsMinimum() throws {
        // A 1600x1000 screen whose panels leave 1600x940 (as a window manager says in _NET_WORKAREA).
        let server = try XvfbServer(width: 1600, height: 1000)
        defer { server.stop() }
        let client = try X11TestClient(display: server.display)
        client.setRootCardinals("_NET_WORKAREA", [0, 30, 1600, 940])
        let app = try RunningApp(display: server.display, home: home, extraEnvironment: ["X11PAINT_SCALE": "2"])
        defer { app.stop() }
        let window = UInt(app.windowID)!
        let size = client.size(of: window)
        XCTAssertLessThanOrEqual(size.width, 1600, "was 2048: the 1024-point default at 2x")
        XCTAssertLessThanOrEqual(size.height, 940, "was 1536, with the bottom bar off-screen")
        XCTAssertEqual(size.height, 940, "as much of the work area as the default asks for")
        let minimum = try XCTUnwrap(client.minimumSize(of: window))
        XCTAssertEqual(minimum.width, Int(DrawingBoardViewController.minimumSize.width * 2))
        XCTAssertEqual(minimum.height, Int(DrawingBoardViewController.minimumSize.height * 2))
    }

    func testInAChineseLocaleTheInterfaceIsDrawnInRealLettersNotBoxes() throws {
        // Until the interface is translated it is the same English text; what must not happen
        // is fontconfig's CJK choice for "sans-serif" drawing every letter as a box.
        func toolbar(lang: String) throws -> Bitmap {
            let server = try XvfbServer()
            defer { server.stop() }
            let runHome = home + "/" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: runHome + "/config", withIntermediateDirectories: true)
            // 1024 wide: the tools show as icons (narrower they fold into a pop-up naming the
            // tool, which is translated).
            let app = try RunningApp(display: server.display, home: runHome, arguments: ["--size", "1024x480"],
                                     extraEnvironment: ["LANG": lang, "LC_ALL": lang, "X11PAINT_NO_JOURNAL": "1"])
            defer { app.stop() }
            usleep(500_000)
            let client = try X11TestClient(display: server.display)
            return try XCTUnwrap(client.capture(window: UInt(app.windowID)!, width: 1024, height: 44))
        }
        let english = try toolbar(lang: "C.UTF-8")
        let chinese = try toolbar(lang: "zh_CN.UTF-8")
        XCTAssertTrue(chinese.isEqual(to: english), "the same letters in the same places")
    }

    func testLosingTheXServerExitsWithAMessage() throws {
        let server = try XvfbServer()
        let app = try RunningApp(display: server.display, home: home)
        try app.drag([(100, 200), (300, 250)])
        server.stop()
        XCTAssertTrue(app.wait(timeout: 10) { !app.process.isRunning })
        guard !app.process.isRunning else { return }
        XCTAssertNotEqual(app.process.terminationStatus, 0)
        XCTAssertTrue(app.standardError.contains("X server"), app.standardError)
    }

    func testIdleCostsNoCPU() throws {
        let server = try XvfbServer()
        let app = try RunningApp(display: server.display, home: home)
        try app.drag([(100, 200), (300, 250)])
        usleep(500_000)
        let before = try cpuTicks(of: app.process.processIdentifier)
        usleep(2_000_000)
        let after = try cpuTicks(of: app.process.processIdentifier)
        // Ticks are hundredths of a second: at most 2 in 2 s is under 1% CPU.
        XCTAssertLessThanOrEqual(after - before, 2, "CPU ticks used while idle for 2 s")
        app.stop()
    }

    private func cpuTicks(of pid: Int32) throws -> Int {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        let fields = stat[stat.index(after: stat.lastIndex(of: ")")!)...].split(separator: " ")
        return Int(fields[11])! + Int(fields[12])! // utime and stime
    }
}
