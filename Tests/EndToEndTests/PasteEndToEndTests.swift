import Foundation
import DrawingBoard
import XCTest

/// Pictures pasted in INCR chunks from an owner as fast as there
/// can be always arrive whole, and an owner that never stops is cut off at a stated size.
final class PasteEndToEndTests: XvfbTestCase {
    private var state: String { home + "/.local/state/x11paint" }

    private func photos() -> Int {
        DocumentJournal.recover(folder: state).document.items.filter { if case .photo = $0 { return true } else { return false } }.count
    }

    func testIncrementalPastesAlwaysArriveWhole() throws {
        // Noise, which PNG cannot shrink: several INCR chunks a paste.
        var random = SystemRandomNumberGenerator()
        let noise = Bitmap(width: 300, height: 200)
        for i in 0..<noise.width * noise.height { noise.pixels[i] = 0xFF00_0000 | UInt32.random(in: 0...0xFF_FFFF, using: &random) }
        let png = [UInt8](try PNGCodec.encode(noise))
        let owner = try StreamingClipboardOwner(display: server.display, payload: png, chunkSize: 16 * 1024)
        defer { owner.stop() }
        let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600"])
        try app.xdotool(["windowfocus", "--sync", app.windowID])
        let pastes = 20
        for paste in 1...pastes {
            try app.key("ctrl+v")
            XCTAssertTrue(app.wait(timeout: 10) { owner.finished == paste }, "paste \(paste) was sent whole")
            // Placed once decoded; Enter bakes it (the journal then holds it).
            try app.xdotool(["sleep", "0.15", "key", "Return"])
            try app.xdotool(["getwindowname", app.windowID])
        }
        usleep(300_000)
        app.stop()
        XCTAssertFalse(app.standardError.contains("empty"), app.standardError)
        XCTAssertEqual(photos(), pastes, "every paste arrived whole and was placed")
    }

    func testAClipboardThatNeverEndsIsCutOffAtAStatedSize() throws {
        let owner = try StreamingClipboardOwner(display: server.display, payload: nil, chunkSize: 256 * 1024)
        defer { owner.stop() }
        let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600"])
        try app.xdotool(["windowfocus", "--sync", app.windowID])
        let before = app.residentMegabytes
        try app.key("ctrl+v")
        var peak = before
        let deadline = Date().addingTimeInterval(6)
        while Date() < deadline {
            peak = max(peak, app.residentMegabytes)
            usleep(100_000)
        }
        let sent = owner.sent
        try app.drag([(100, 200), (300, 220)]) // still drawing
        try app.xdotool(["getwindowname", app.windowID])
        usleep(300_000)
        app.stop()
        print("an endless clipboard: \(sent / 1_048_576) MB offered, resident \(before) MB before, \(peak) MB at most")
        let cap = PasteboardError.maximumBytes / 1_048_576
        XCTAssertTrue(app.standardError.contains("The clipboard offered more than \(cap) MB"), app.standardError)
        XCTAssertLessThan(sent, PasteboardError.maximumBytes + 4 * 1_048_576, "the transfer stopped at the cap")
        XCTAssertLessThan(peak - before, 2 * cap + 64, "memory bounded by the cap")
        XCTAssertEqual(DocumentJournal.recover(folder: state).document.items.count, 1, "the stroke drawn after")
    }
}
