import Foundation
import DrawingBoard
import XCTest

/// Every orderly end keeps the stroke in progress, two windows on
/// one HOME keep each other's work, a resize storm drops nothing, a file that fails to read is a
/// message and not a crash.
final class JournalEndToEndTests: XCTestCase {
    private var home: String!
    private var state: String { home + "/.local/state/x11paint" }

    override func setUpWithError() throws {
        home = NSTemporaryDirectory() + "x11paint-journal-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home + "/config", withIntermediateDirectories: true)
    }

    override func tearDown() {
        if let home { try? FileManager.default.removeItem(atPath: home) }
    }

    private func moves(_ app: RunningApp, _ points: [(Int, Int)]) -> [String] {
        points.flatMap { ["mousemove", "--window", app.windowID, "\($0.0)", "\($0.1)"] }
    }

    func testSignalsAndClosingTheWindowMidStrokeKeepAllOfTheStroke() throws {
        let server = try XvfbServer()
        let client = try X11TestClient(display: server.display)
        let path: [(Int, Int)] = (0..<12).map { (100 + $0 * 40, 200 + ($0 % 3) * 20) }
        for end in ["TERM", "INT", "HUP", "close"] {
            try? FileManager.default.removeItem(atPath: state)
            let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600"])
            try app.xdotool(moves(app, [path[0]]) + ["mousedown", "1"] + moves(app, Array(path.dropFirst())))
            try app.xdotool(["getwindowname", app.windowID]) // a round trip: the moves have arrived
            usleep(400_000) // well before the once-a-second progress record
            switch end {
            case "TERM": kill(app.process.processIdentifier, SIGTERM)
            case "INT": kill(app.process.processIdentifier, SIGINT)
            case "HUP": kill(app.process.processIdentifier, SIGHUP)
            default: client.requestClose(window: UInt(app.windowID)!)
            }
            XCTAssertTrue(app.wait(timeout: 10) { !app.process.isRunning }, end)
            try app.xdotool(["mouseup", "1"])
            let recovery = DocumentJournal.recover(folder: state)
            let stroke = recovery.unfinishedStroke ?? recovery.document.items.compactMap { item -> Stroke? in
                if case .stroke(let s) = item { return s } else { return nil }
            }.last
            XCTAssertEqual(stroke?.points.count, path.count, "\(end): the whole stroke in progress is kept")
        }
    }

    func testTwoInstancesOnOneHomeLoseNothing() throws {
        let server = try XvfbServer()
        let a = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600"])
        try a.drag([(100, 150), (300, 160), (500, 150)])
        let b = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600"])
        try b.drag([(100, 400), (500, 420)])
        // No window manager: B opened on top of A; bring A up so its drag reaches it.
        try a.xdotool(["windowraise", a.windowID])
        try a.xdotool(["getwindowname", a.windowID])
        usleep(200_000)
        try a.drag([(100, 250), (300, 260), (500, 250)])
        try a.xdotool(["getwindowname", a.windowID])
        try b.xdotool(["getwindowname", b.windowID])
        usleep(300_000)
        a.stop()
        b.stop()
        XCTAssertEqual(DocumentJournal.recover(folder: state).document.items.count, 2, "both of the first window's strokes")
        XCTAssertEqual(DocumentJournal.recover(folder: state + "/window-2").document.items.count, 1, "the second window's own")
        let again = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600"])
        usleep(300_000)
        again.stop()
        XCTAssertTrue(again.standardError.contains("restored 2 items"), again.standardError)
    }

    func testAResizeStormMidStrokeDropsNothing() throws {
        let server = try XvfbServer()
        let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600"])
        var script = moves(app, [(100, 200)]) + ["mousedown", "1"]
        for step in 1...30 {
            script += moves(app, [(100 + step * 10, 200 + step % 5)])
            // A pause lets the app lay out (and redraw) between the resizes, as a person's drag does.
            script += ["windowsize", app.windowID, "\(700 + (step % 4) * 60)", "\(560 + (step % 3) * 40)", "sleep", "0.03"]
        }
        script += ["mouseup", "1"]
        try app.xdotool(script)
        try app.xdotool(["getwindowname", app.windowID])
        usleep(500_000)
        let rss = app.residentMegabytes
        app.stop()
        let strokes = DocumentJournal.recover(folder: state).document.items
        XCTAssertEqual(strokes.count, 1, "the stroke drawn through the resizes is kept")
        if case .stroke(let stroke)? = strokes.first { XCTAssertEqual(stroke.points.count, 31) }
        print("resident memory after the resize storm: \(rss) MB")
        XCTAssertLessThan(rss, 200)
    }

    func testFilesThatFailToReadOrNeverEndAreAMessage() throws {
        let server = try XvfbServer()
        for (index, photo) in ["/proc/self/mem", "/dev/zero", "/proc/kmsg"].enumerated() {
            let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "640x480", "--photo", photo])
            try app.drag([(100, 200), (400, 220)])
            try app.xdotool(["getwindowname", app.windowID])
            usleep(200_000)
            XCTAssertTrue(app.process.isRunning, "\(photo): still running")
            app.stop()
            // It said why (the log has the whole path), and the drawing took the stroke: no
            // photo was placed over it, nothing else changed.
            XCTAssertTrue(app.standardError.contains("cannot open \(photo): "), "\(photo): \(app.standardError)")
            let items = DocumentJournal.recover(folder: home + "/.local/state/x11paint").document.items
            XCTAssertEqual(items.count, index + 1, "\(photo): one stroke a run, nothing more")
            XCTAssertTrue(items.allSatisfy { if case .stroke = $0 { return true } else { return false } }, "\(photo): strokes only")
        }
    }
}
