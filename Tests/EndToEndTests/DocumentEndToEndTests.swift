import Foundation
import DrawingBoard
import XCTest

/// A picture given on the command line is the document: zoom with Ctrl+wheel, draw,
/// save, and that file (not a new one in Pictures) has the picture's size and pixels
/// plus the stroke where it was drawn; closing with unsaved changes asks first.
final class DocumentEndToEndTests: XCTestCase {
    func testOpenZoomDrawAndSaveAPictureFromTheCommandLine() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let home = NSTemporaryDirectory() + "x11paint-document-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home + "/config", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        // 400x300: a gradient every pixel of which must survive.
        let original = Bitmap(width: 400, height: 300)
        for y in 0..<300 { for x in 0..<400 { original[x, y] = Color(r: x * 255 / 400, g: 200, b: y * 255 / 300).premultipliedPixel } }
        try PNGCodec.encode(original).write(to: URL(fileURLWithPath: home + "/photo.png"))
        let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600", home + "/photo.png"])
        defer { app.stop() }
        let client = try X11TestClient(display: server.display)
        let window = UInt(app.windowID)!
        XCTAssertTrue(app.wait { String(decoding: client.property("_NET_WM_NAME", of: window), as: UTF8.self) == "photo.png - X11Paint" },
                      "the title names the picture")
        // The canvas (800x456 at y 44) shows the 400x300 picture at 100%, centred: its top-left
        // at (200, 122) in the window. Zoom 2x about the picture's centre (600, 272) with Ctrl+wheel:
        // 1.1 a notch, about 7.27 notches; use 7 (1.949x).
        try app.xdotool(["mousemove", "--window", app.windowID, "400", "272"])
        for _ in 0..<7 { try app.xdotool(["keydown", "ctrl", "click", "4", "keyup", "ctrl"]) }
        usleep(300_000)
        // Draw a horizontal stroke through the centre: document x 200 +- 60 at zoom 1.949 is
        // window x 400 +- 117.
        try app.drag([(283, 272), (400, 272), (517, 272)])
        try app.xdotool(["windowfocus", "--sync", app.windowID])
        let opened = FileFingerprint.of(home + "/photo.png")
        try app.key("ctrl+s")
        XCTAssertTrue(app.wait { FileFingerprint.of(home + "/photo.png") != opened }, "Ctrl+S writes the picture itself")
        XCTAssertTrue(app.wait { String(decoding: client.property("_NET_WM_NAME", of: window), as: UTF8.self) == "photo.png - X11Paint" })
        let pictures = home + "/Pictures"
        XCTAssertFalse(((try? FileManager.default.contentsOfDirectory(atPath: pictures)) ?? []).contains { $0.hasSuffix(".png") },
                       "and Pictures gains nothing")
        let saved = try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: home + "/photo.png")))
        XCTAssertEqual(saved.width, 400, "the picture's own size")
        XCTAssertEqual(saved.height, 300)
        let red = Color(premultipliedPixel: DrawingBoardViewController.palette[0].premultipliedPixel)
        XCTAssertEqual(saved.color(atX: 200, y: 150), red, "the stroke at the document's centre")
        XCTAssertEqual(saved.color(atX: 250, y: 150), red)
        XCTAssertEqual(saved.color(atX: 270, y: 150), original.color(atX: 270, y: 150), "and not beyond its ends")
        XCTAssertEqual(saved.color(atX: 200, y: 140), original.color(atX: 200, y: 140), "6 pixels wide: not 10 above")
        for (x, y) in [(0, 0), (399, 0), (0, 299), (399, 299), (100, 50), (300, 250)] {
            XCTAssertEqual(saved[x, y], original[x, y], "the picture's pixels at (\(x), \(y))")
        }
        // The desktop's Recent list has it, as GLib writes it.
        let recent = home + "/.local/share/recently-used.xbel"
        XCTAssertTrue(app.wait { (try? String(contentsOfFile: recent, encoding: .utf8))?.contains("photo.png") ?? false })
        XCTAssertEqual(RecentlyUsed(path: recent).files(), [home + "/photo.png"])
        // Nothing changed since: Ctrl+S again writes nothing.
        let written = FileFingerprint.of(home + "/photo.png")
        try app.key("ctrl+s")
        usleep(500_000)
        XCTAssertEqual(FileFingerprint.of(home + "/photo.png"), written)
        // Another stroke, then the window's close button (WM_DELETE_WINDOW): the window stays
        // with the question; Enter (Save) saves that file and then closes.
        try app.drag([(283, 300), (400, 300), (517, 300)])
        XCTAssertTrue(app.wait { String(decoding: client.property("_NET_WM_NAME", of: window), as: UTF8.self) == "*photo.png - X11Paint" })
        client.requestClose(window: window)
        usleep(800_000)
        XCTAssertTrue(app.process.isRunning, "unsaved changes: the window stays and asks")
        try app.key("Return")
        XCTAssertTrue(app.wait(timeout: 10) { !app.process.isRunning }, "saved, then closed")
        XCTAssertNotEqual(FileFingerprint.of(home + "/photo.png"), written, "the second stroke is in the file")
    }
}
