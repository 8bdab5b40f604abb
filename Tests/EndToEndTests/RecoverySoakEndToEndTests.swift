import Foundation
import DrawingBoard
import TestSupport
import XCTest

/// A seeded soak on the real binary: rounds of random work with every kind of change (the
/// painting tools, text, a selection cleared, layers added, copied, merged and moved,
/// adjustments, turns, resizes and crops of the image, undo and redo), then the drawing exported as the app has
/// it, a second's rest, kill -9, a restart, and the drawing exported again: the two files
/// must hold the same pixels, every round. X11PAINT_SOAK_SECONDS sets how long it runs (a
/// minute by default; `make soak` runs twenty); X11PAINT_SOAK_SEED the seed.
final class RecoverySoakEndToEndTests: XvfbTestCase {
    private var random = SeededGenerator(seed: 67)
    private func pick(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
    private func point() -> (Int, Int) { (40 + pick(720), 80 + pick(380)) }

    /// One random change, through the keys and the mouse as a user makes it.
    private func act(_ app: RunningApp) throws -> String {
        switch pick(21) {
        case 0, 1:
            try app.key("p")
            try app.drag((0..<(2 + pick(4))).map { _ in point() })
            return "pencil"
        case 2:
            try app.key(["r", "e", "l", "u", "v"][pick(5)])
            try app.drag([point(), point()])
            return "shape"
        case 3:
            try app.key("f")
            let (x, y) = point()
            try app.click(x, y)
            return "fill"
        case 4:
            try app.key("x")
            try app.drag([point(), point(), point()])
            try app.key("p")
            return "eraser"
        case 5: try app.key("ctrl+shift+n"); return "new layer"
        case 6: try app.key("ctrl+shift+d"); return "duplicate layer"
        case 7: try app.key("ctrl+m"); return "merge down"
        case 8: try app.key(pick(2) == 0 ? "ctrl+shift+Prior" : "ctrl+shift+Next"); return "move layer"
        case 9: try app.key(pick(2) == 0 ? "ctrl+shift+i" : "ctrl+shift+g"); return "adjustment"
        case 10: try app.key(["ctrl+j", "ctrl+h", "ctrl+g"][pick(3)]); return "turn"
        case 11: try app.key("ctrl+z"); return "undo"
        case 12: try app.key("ctrl+shift+z"); return "redo"
        case 13:
            try app.key("s")
            try app.drag([point(), point()])
            try app.key("Delete")
            try app.key("Escape")
            try app.key("p")
            return "selection cleared"
        case 14:
            try app.key("t")
            let (x, y) = point()
            try app.click(x, y)
            try app.type("soak \(pick(100))", delay: 10)
            try app.key("Escape")
            try app.key("p")
            return "text"
        case 15:
            try app.key("g")
            try app.drag([point(), point()])
            try app.key("p")
            return "gradient"
        case 16:
            try app.key("y")
            try app.drag([point(), point(), point()])
            try app.key("p")
            return "spray"
        case 18:
            // Resize Image: its percentage field has the keys, its text selected.
            try app.key("ctrl+r")
            usleep(300_000)
            try app.type(["90", "110", "75"][pick(3)], delay: 10)
            try app.key("Return")
            usleep(600_000)
            return "resize"
        case 19:
            try app.key(pick(2) == 0 ? "ctrl+alt+x" : "ctrl+a")
            try app.key("ctrl+shift+x")
            try app.key("p")
            return "crop"
        default:
            try app.click(160 + pick(3) * 300, 565) // a quick colour
            try app.key("bracketright")
            return "colour and width"
        }
    }

    /// The drawing as the app has it, exported through File → Export (its own chooser: no
    /// desktop portal here) under `name`; nil when the file did not appear.
    private func export(_ app: RunningApp, as name: String) throws -> Bitmap? {
        try app.key("ctrl+shift+e")
        usleep(400_000)
        try app.key("ctrl+a")
        try app.type(name + ".png", delay: 10)
        try app.key("Return")
        let path = home + "/Pictures/" + name + ".png"
        guard app.wait(timeout: 20, until: { (try? PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: path)))) != nil }) else { return nil }
        return try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: path)))
    }

    private func start() throws -> RunningApp {
        let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600"])
        try app.xdotool(["windowfocus", "--sync", app.windowID])
        usleep(300_000)
        return app
    }

    func testRandomWorkKilledEveryRoundComesBackPixelForPixel() throws {
        let environment = ProcessInfo.processInfo.environment
        let seconds = environment["X11PAINT_SOAK_SECONDS"].flatMap(Double.init) ?? 60
        random = SeededGenerator(seed: environment["X11PAINT_SOAK_SEED"].flatMap(UInt64.init) ?? 67)
        try FileManager.default.createDirectory(atPath: home + "/Pictures", withIntermediateDirectories: true)
        let started = Date()
        var app = try start()
        var rounds = 0, exact = 0, actions = 0, changed = 0, kinds: [String: Int] = [:]
        var previous: Bitmap?
        while Date().timeIntervalSince(started) < seconds || rounds == 0 {
            for _ in 0..<(8 + pick(10)) {
                kinds[try act(app), default: 0] += 1
                actions += 1
            }
            let before = try XCTUnwrap(try export(app, as: "before-\(rounds)"), "round \(rounds): exported before the kill")
            // The round's work shows in what is compared (a round that changed nothing proves nothing).
            if previous.map({ $0.width != before.width || $0.height != before.height || !$0.isEqual(to: before) }) ?? true { changed += 1 }
            // The journal's writer has a second to write the last change (what the app promises).
            usleep(1_500_000)
            kill(app.process.processIdentifier, SIGKILL)
            app.process.waitUntilExit()
            app = try start()
            let after = try XCTUnwrap(try export(app, as: "after-\(rounds)"), "round \(rounds): exported after the restart")
            let same = before.width == after.width && before.height == after.height && before.isEqual(to: after)
            XCTAssertTrue(same, "round \(rounds): \(before.width)x\(before.height) before the kill, \(after.width)x\(after.height) after, "
                          + "\(same ? 0 : Self.differingPixels(before, after)) pixels differ")
            if same { exact += 1 }
            previous = after
            rounds += 1
        }
        app.stop()
        XCTAssertGreaterThan(changed * 2, rounds, "most rounds changed the drawing")
        let summary = kinds.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        print("soak: \(rounds) kills in \(Int(Date().timeIntervalSince(started))) s, \(actions) changes (\(summary)); \(changed) rounds changed the drawing, \(exact) of \(rounds) came back pixel for pixel")
    }

    private static func differingPixels(_ a: Bitmap, _ b: Bitmap) -> Int {
        guard a.width == b.width, a.height == b.height else { return max(a.width * a.height, b.width * b.height) }
        return (0..<(a.width * a.height)).filter { a.pixels[$0] != b.pixels[$0] }.count
    }
}
