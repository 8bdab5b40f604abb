import Foundation
import DrawingBoard
import XCTest

/// Photos reaching the real app: --photo, the clipboard (Ctrl+V with xclip serving image/png)
/// and a file dropped on the window (XDND, opened as the drawing when the user says so);
/// each is kept with Enter and saved with Ctrl+S.
final class PhotoEndToEndTests: XvfbTestCase {
    private let green = Color(r: 20, g: 180, b: 60)

    override func setUpWithError() throws {
        try super.setUpWithError()
        try PNGCodec.encode(Bitmap(width: 300, height: 200, color: green)).write(to: URL(fileURLWithPath: home + "/green.png"))
    }

    /// Keeps the placed photo, saves, and returns the saved picture.
    private func keepAndSave(_ app: RunningApp) throws -> Bitmap {
        try app.xdotool(["windowfocus", "--sync", app.windowID])
        try app.key("Return")
        try app.key("ctrl+s")
        let pictures = home + "/Pictures"
        XCTAssertTrue(app.wait { ((try? FileManager.default.contentsOfDirectory(atPath: pictures)) ?? []).contains { $0.hasSuffix(".png") } })
        let name = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: pictures).first { $0.hasSuffix(".png") })
        return try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: pictures + "/" + name)))
    }

    private func assertPhotoIsInTheMiddle(_ image: Bitmap, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(image.color(atX: image.width / 2, y: image.height / 2), green, "the photo, baked", file: file, line: line)
        XCTAssertEqual(image.color(atX: 5, y: 5), .white, "only where it was placed", file: file, line: line)
    }

    func testStartingWithAPhoto() throws {
        let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600", "--photo", home + "/green.png"])
        assertPhotoIsInTheMiddle(try keepAndSave(app))
        app.stop()
    }

    /// In a Chinese session a path typed in the picker in Chinese characters (xdotool
    /// sends them as Unicode keysyms, as an input method would commit them) opens the photo.
    func testTypingAChinesePathInThePickerOpensThePhoto() throws {
        try FileManager.default.copyItem(atPath: home + "/green.png", toPath: home + "/照片.png")
        let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600"],
                                 extraEnvironment: ["LANG": "zh_CN.UTF-8", "LANGUAGE": ""])
        try app.xdotool(["windowfocus", "--sync", app.windowID])
        try app.key("ctrl+shift+o")
        usleep(500_000)
        try app.type("~/照片.png", delay: 60)
        try app.key("Return")
        usleep(800_000)
        assertPhotoIsInTheMiddle(try keepAndSave(app))
        app.stop()
    }

    func testPastingAPictureFromTheClipboard() throws {
        let clip = Process()
        clip.executableURL = try ExternalTool.locate("xclip")
        clip.arguments = ["-selection", "clipboard", "-t", "image/png", "-i", home + "/green.png"]
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = server.display
        clip.environment = environment
        try clip.run()
        defer { if clip.isRunning { clip.terminate() } }
        usleep(300_000)
        let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600"])
        try app.xdotool(["windowfocus", "--sync", app.windowID])
        try app.key("ctrl+v")
        usleep(500_000)
        assertPhotoIsInTheMiddle(try keepAndSave(app))
        app.stop()
    }

    func testDroppingAFileOnTheWindow() throws {
        let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600"])
        let client = try X11TestClient(display: server.display)
        let path = home + "/green.png"
        let uri = "file://" + (path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path) + "\r\n"
        XCTAssertTrue(client.dropFiles(uri, on: UInt(app.windowID)!, at: (400, 300)), "the app accepted the drop")
        // Asked "Open or place as photo?": Return opens it as the drawing: the drawing is that
        // file now, so its name is the title and an export has its size and pixels.
        usleep(300_000)
        try app.xdotool(["windowfocus", "--sync", app.windowID])
        try app.key("Return")
        let window = UInt(app.windowID)!
        XCTAssertTrue(app.wait { String(decoding: client.property("_NET_WM_NAME", of: window), as: UTF8.self) == "green.png - X11Paint" })
        // Export's suggestion: a copy beside it, in the drawing's own folder.
        let copy = home + "/green (copy).png"
        try app.key("ctrl+shift+e")
        usleep(300_000)
        try app.key("Return")
        XCTAssertTrue(app.wait { FileManager.default.fileExists(atPath: copy) })
        let saved = try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: copy)))
        XCTAssertEqual(saved.width, 300)
        XCTAssertEqual(saved.height, 200)
        XCTAssertEqual(saved.color(atX: 5, y: 5), green, "the dropped picture is the drawing")
        app.stop()
    }
}
