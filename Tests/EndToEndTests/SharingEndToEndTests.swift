import Foundation
import PaintDocument
import PaintGraphics
import TestSupport
import XCTest

/// Two app windows drawing together through the session server inside the first: `--host`
/// prints the invitation, `--join LINK` opens the shared drawing, a stroke drawn in one shows in
/// the other, and both save the same picture; the session's recording, exported by
/// x11paint-server, plays back in a third window to that picture too.
final class SharingEndToEndTests: XCTestCase {
    private var server: XvfbServer!
    private var homes: [String] = []

    override func setUpWithError() throws {
        // Room for both windows side by side.
        server = try XvfbServer(width: 1700, height: 700)
        homes = try ["host", "guest", "viewer"].map { name in
            let home = NSTemporaryDirectory() + "x11paint-e2e-\(name)-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: home + "/config", withIntermediateDirectories: true)
            return home
        }
    }

    override func tearDown() {
        server?.stop()
        for home in homes { try? FileManager.default.removeItem(atPath: home) }
    }

    /// The first line the app prints, within `seconds`.
    private func firstLine(of app: RunningApp, seconds: Double = 20) -> String? {
        let found = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var line: String?
        Thread.detachNewThread {
            line = app.standardOutput.split(separator: "\n").first.map(String.init)
            found.signal()
        }
        return found.wait(timeout: .now() + seconds) == .success ? line : nil
    }

    func testAStrokeDrawnInTheHostShowsInTheGuestAndBothSaveTheSamePictureAndItsRecordingPlaysBackToIt() throws {
        let host = try RunningApp(display: server.display, home: homes[0], arguments: ["--size", "800x600", "--host", "--public-name", "127.0.0.1"],
                                  extraEnvironment: ["X11PAINT_NAME": "Ana"])
        let link = try XCTUnwrap(firstLine(of: host), "--host printed its invitation")
        XCTAssertTrue(link.hasPrefix("x11paint://127.0.0.1:"), link)
        let guest = try RunningApp(display: server.display, home: homes[1], arguments: ["--size", "800x600", "--join", link],
                                   extraEnvironment: ["X11PAINT_NAME": "Bo"])
        try guest.xdotool(["windowmove", guest.windowID, "850", "0"])
        let client = try X11TestClient(display: server.display)
        let guestWindow = UInt(guest.windowID)!
        func guestPixels() -> Bitmap? { client.capture(window: guestWindow, width: 800, height: 600) }
        // The guest has the host's drawing (a blank canvas of the host's size) once joined.
        XCTAssertTrue(guest.wait { DocumentJournal.recover(folder: self.homes[1] + "/.local/state/x11paint").document.format != nil })
        usleep(500_000)
        let before = try XCTUnwrap(guestPixels())

        try host.xdotool(["windowfocus", "--sync", host.windowID])
        try host.key("p")
        try host.drag([(200, 300), (400, 320), (600, 300)])
        let released = Date()
        var changedAfter: Double?
        while Date().timeIntervalSince(released) < 10 {
            if let now = guestPixels(), now.pixelsDiffering(from: before) > 100 {
                changedAfter = Date().timeIntervalSince(released)
                break
            }
            usleep(5_000)
        }
        let delay = try XCTUnwrap(changedAfter, "the host's stroke never showed in the guest's window")
        print("sharing: the host's stroke showed in the guest's window \(Int(delay * 1000)) ms after the button was released")
        XCTAssertLessThan(delay, 2, "the stroke reached the other window")

        // The guest draws too; the host sees it; then both save.
        try guest.xdotool(["windowfocus", "--sync", guest.windowID])
        try guest.key("p")
        try guest.drag([(200, 400), (400, 420), (600, 400)])
        let hostState = homes[0] + "/.local/state/x11paint", guestState = homes[1] + "/.local/state/x11paint"
        XCTAssertTrue(host.wait { DocumentJournal.recover(folder: hostState).document.items.count == 2 }, "both strokes in the host's drawing")
        XCTAssertTrue(guest.wait { DocumentJournal.recover(folder: guestState).document.items.count == 2 }, "both strokes in the guest's drawing")
        try guest.key("ctrl+s")
        try host.xdotool(["windowfocus", "--sync", host.windowID])
        try host.key("ctrl+s")
        let saved = try homes.prefix(2).map { home -> Bitmap in
            let pictures = home + "/Pictures"
            XCTAssertTrue(host.wait { ((try? FileManager.default.contentsOfDirectory(atPath: pictures)) ?? []).contains { $0.hasSuffix(".png") } },
                          "saved in \(pictures)")
            let name = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: pictures).first { $0.hasSuffix(".png") })
            return try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: pictures + "/" + name)))
        }
        XCTAssertEqual(saved[0].width, saved[1].width)
        XCTAssertEqual(saved[0].height, saved[1].height)
        XCTAssertEqual(saved[0].pixelsDiffering(from: saved[1]), 0, "both saved the same picture")
        guest.stop()

        // The session's log is its recording: exported from the host's sessions while it still
        // serves them, and played in a window of a third person.
        let session = try XCTUnwrap(URL(string: link)?.path.dropFirst().description)
        let recording = homes[0] + "/session.x11session"
        let export = Process()
        export.executableURL = URL(fileURLWithPath: URL(fileURLWithPath: RunningApp.binaryPath).deletingLastPathComponent().path + "/x11paint-server")
        export.arguments = ["export", session, recording, "--database", hostState + "/sessions.sqlite"]
        export.standardOutput = FileHandle.nullDevice
        try export.run()
        export.waitUntilExit()
        XCTAssertEqual(export.terminationStatus, 0, "x11paint-server exported the recording")
        host.stop()
        let viewer = try RunningApp(display: server.display, home: homes[2], arguments: ["--size", "800x600", recording, "--play-speed", "0"])
        let viewerState = homes[2] + "/.local/state/x11paint"
        XCTAssertTrue(viewer.wait { DocumentJournal.recover(folder: viewerState).document.items.count == 2 }, "both strokes played back")
        try viewer.xdotool(["windowfocus", "--sync", viewer.windowID])
        try viewer.key("ctrl+s")
        let pictures = homes[2] + "/Pictures"
        XCTAssertTrue(viewer.wait { ((try? FileManager.default.contentsOfDirectory(atPath: pictures)) ?? []).contains { $0.hasSuffix(".png") } })
        let name = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: pictures).first { $0.hasSuffix(".png") })
        let played = try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: pictures + "/" + name)))
        XCTAssertEqual(played.pixelsDiffering(from: saved[0]), 0, "the played recording saves the picture both saved")
        viewer.stop()
    }
}

private extension Bitmap {
    /// How many pixels differ from `other`'s (all of them when the sizes differ).
    func pixelsDiffering(from other: Bitmap) -> Int {
        guard width == other.width, height == other.height else { return width * height }
        var count = 0
        for y in 0..<height { for x in 0..<width where self[x, y] != other[x, y] { count += 1 } }
        return count
    }
}
