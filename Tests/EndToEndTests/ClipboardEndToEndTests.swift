import Foundation
import DrawingBoard
import XCTest

/// A selection copied with Ctrl+C is read back by
/// another client (`xclip`, as GIMP or LibreOffice would ask for it: TARGETS, then image/png),
/// a large one in INCR chunks to two readers at once while the user keeps drawing; a selection
/// moved by a drag is where it was left in the saved PNG.
final class ClipboardEndToEndTests: XvfbTestCase {


    /// The canvas's top in the window, from the drawing board's own layout of an 800x600 window.
    private var canvasTop: Int {
        let window = Window(size: Size(width: 800, height: 600))
        let board = DrawingBoardViewController(store: PicturesArtworkStore(environment: [:]))
        window.rootViewController = board
        window.render()
        return Int(board.canvas.frame.minY)
    }

    /// Starts `xclip -o` for a target; its output is read as it comes (a large picture does not fit a pipe).
    private func startReading(_ target: String) throws -> (Process, () -> Data) {
        let process = Process()
        process.executableURL = try ExternalTool.locate("xclip")
        process.arguments = ["-selection", "clipboard", "-t", target, "-o"]
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = server.display
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let killer = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 20, execute: killer)
        return (process, {
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            killer.cancel()
            return data
        })
    }

    private func readClipboard(_ target: String) throws -> Data { try startReading(target).1() }

    func testACopiedSelectionIsPastedByAnotherClient() throws {
        let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600"])
        try app.xdotool(["windowfocus", "--sync", app.windowID])
        try app.drag(stride(from: 100, through: 500, by: 50).map { ($0, 200) }) // a red line
        try app.key("s")
        try app.drag([(150, 170), (250, 200), (350, 230)])
        try app.key("ctrl+c")
        var targets = ""
        XCTAssertTrue(app.wait { targets = (try? String(decoding: self.readClipboard("TARGETS"), as: UTF8.self)) ?? ""; return targets.contains("image/png") },
                      "the app offers image/png: \(targets)")
        let png = try readClipboard("image/png")
        let image = try PNGCodec.decode(png)
        XCTAssertEqual(image.width, 200)
        XCTAssertEqual(image.height, 60)
        let red = DrawingBoardViewController.palette[0].roundedTo8Bit
        XCTAssertEqual(image.color(atX: 100, y: 200 - 170), red, "the line, 30 pixels down in the selection")
        XCTAssertEqual(image.color(atX: 100, y: 5), .white)
        app.stop()
    }

    /// Closing the window while the app owns the clipboard hands the picture to the clipboard
    /// manager (SAVE_TARGETS), so it can still be pasted after X11Paint is gone.
    func testOnExitTheCopiedPictureGoesToTheClipboardManager() throws {
        let manager = try FakeClipboardManager(display: server.display)
        defer { manager.stop() }
        let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600"])
        try app.xdotool(["windowfocus", "--sync", app.windowID])
        try app.drag(stride(from: 100, through: 500, by: 50).map { ($0, 200) })
        try app.key("s")
        try app.drag([(150, 170), (250, 200), (350, 230)])
        try app.key("ctrl+c")
        XCTAssertTrue(app.wait { ((try? String(decoding: self.readClipboard("TARGETS"), as: UTF8.self)) ?? "").contains("image/png") })
        XCTAssertNil(manager.saved, "nothing handed over while the app runs")
        // Saved first: closing a saved drawing asks nothing.
        try app.key("ctrl+s")
        XCTAssertTrue(app.wait { ((try? FileManager.default.contentsOfDirectory(atPath: home + "/Pictures")) ?? []).contains { $0.hasSuffix(".png") } })
        try X11TestClient(display: server.display).requestClose(window: UInt(app.windowID)!)
        XCTAssertTrue(app.wait { !app.process.isRunning }, "the app ends")
        let saved = try XCTUnwrap(manager.saved, "the manager was given the picture")
        let image = try PNGCodec.decode(Data(saved))
        XCTAssertEqual(image.width, 200)
        XCTAssertEqual(image.height, 60)
        XCTAssertEqual(image.color(atX: 100, y: 30), DrawingBoardViewController.palette[0].roundedTo8Bit)
    }

    func testALargeSelectionGoesInIncrementsToTwoReadersWhileDrawingGoesOn() throws {
        // A picture of noise (which PNG cannot shrink): far more than one property holds.
        var random = SystemRandomNumberGenerator()
        let noise = Bitmap(width: 700, height: 400)
        for i in 0..<noise.width * noise.height { noise.pixels[i] = 0xFF00_0000 | UInt32.random(in: 0...0xFF_FFFF, using: &random) }
        let file = home + "/noise.png"
        try PNGCodec.encode(noise).write(to: URL(fileURLWithPath: file))
        let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600", file])
        try app.xdotool(["windowfocus", "--sync", app.windowID])
        usleep(500_000)
        try app.key("ctrl+a")
        try app.key("ctrl+c")
        XCTAssertTrue(app.wait { ((try? String(decoding: self.readClipboard("TARGETS"), as: UTF8.self)) ?? "").contains("image/png") })
        let first = try startReading("image/png"), second = try startReading("image/png")
        // The user keeps drawing meanwhile (after Escape: nothing selected, the pencil).
        try app.key("Escape")
        try app.key("p")
        try app.drag([(100, 300), (200, 320), (300, 340)])
        for (index, read) in [first.1, second.1].enumerated() {
            let data = read()
            XCTAssertGreaterThan(data.count, 600_000, "reader \(index): the whole picture, in INCR chunks")
            let copy = try PNGCodec.decode(data)
            XCTAssertEqual(copy.width, 700)
            XCTAssertEqual(copy.height, 400)
            XCTAssertTrue(copy.isEqual(to: noise), "reader \(index): pixel for pixel")
        }
        app.stop()
    }

    func testAMovedSelectionIsSavedWhereItWasLeft() throws {
        let top = canvasTop
        let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600"])
        try app.xdotool(["windowfocus", "--sync", app.windowID])
        try app.drag([(100, 200), (150, 200), (200, 200)]) // a short red line
        try app.key("s")
        try app.drag([(90, 190), (150, 200), (210, 210)])
        try app.drag([(150, 200), (250, 250), (450, 300)]) // moved 300 right, 100 down
        try app.key("Return")
        try app.key("ctrl+s")
        let pictures = home + "/Pictures"
        let files = { ((try? FileManager.default.contentsOfDirectory(atPath: pictures)) ?? []).filter { $0.hasSuffix(".png") } }
        XCTAssertTrue(app.wait { files().count == 1 })
        let image = try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: pictures + "/" + XCTUnwrap(files().first))))
        let red = DrawingBoardViewController.palette[0].roundedTo8Bit
        XCTAssertEqual(image.color(atX: 150, y: 200 - top), .white, "gone from where it was")
        XCTAssertEqual(image.color(atX: 450, y: 300 - top), red, "where it was left")
        XCTAssertEqual(image.color(atX: 410, y: 300 - top), red)
        app.stop()
    }
}
