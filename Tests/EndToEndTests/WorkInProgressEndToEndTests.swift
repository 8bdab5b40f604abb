import Foundation
import DrawingBoard
import XCTest

/// Kill -9 while a selection floats, while words are being typed,
/// and after a crop; then kill -9 at random moments through all three.
final class WorkInProgressEndToEndTests: XCTestCase {
    private var home: String!
    private var state: String { home + "/.local/state/x11paint" }

    override func setUpWithError() throws {
        home = NSTemporaryDirectory() + "x11paint-wip-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home + "/config", withIntermediateDirectories: true)
    }

    override func tearDown() {
        if let home { try? FileManager.default.removeItem(atPath: home) }
    }

    private func moves(_ app: RunningApp, _ points: [(Int, Int)]) -> [String] {
        points.flatMap { ["mousemove", "--window", app.windowID, "\($0.0)", "\($0.1)"] }
    }

    private func drag(_ app: RunningApp, _ points: [(Int, Int)]) -> [String] {
        moves(app, [points[0]]) + ["mousedown", "1"] + moves(app, Array(points.dropFirst())) + ["mouseup", "1"]
    }

    /// Two strokes, drawn and finished before anything else happens.
    private func drawTwoStrokes(_ app: RunningApp) throws {
        try app.xdotool(["windowfocus", "--sync", app.windowID])
        // The pencil: a run killed with another tool chosen keeps that tool for the next start.
        try app.key("p")
        try app.xdotool(drag(app, [(150, 200), (300, 210), (450, 200)]) + drag(app, [(150, 260), (300, 270), (450, 260)]))
        try app.xdotool(["getwindowname", app.windowID]) // a round trip: the strokes have arrived
    }

    /// Selects around both strokes and drags them 100 right and 120 down (they float there).
    private func liftAndMove(_ app: RunningApp) -> [String] {
        ["key", "s"] + drag(app, [(120, 170), (300, 230), (480, 290)]) + drag(app, [(300, 205), (350, 265), (400, 325)])
    }

    private func kill9(_ app: RunningApp) {
        kill(app.process.processIdentifier, SIGKILL)
        app.process.waitUntilExit()
    }

    private func count(_ items: [Document.Item], _ isKind: (Document.Item) -> Bool) -> Int { items.filter(isKind).count }
    private func isStroke(_ item: Document.Item) -> Bool { if case .stroke = item { return true } else { return false } }
    private func isClearArea(_ item: Document.Item) -> Bool { if case .clearArea = item { return true } else { return false } }
    private func isPhoto(_ item: Document.Item) -> Bool { if case .photo = item { return true } else { return false } }

    func testKillMinusNineWhileASelectionFloatsKeepsItWhereItWasMoved() throws {
        let server = try XvfbServer()
        let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600"])
        try drawTwoStrokes(app)
        try app.xdotool(liftAndMove(app))
        try app.xdotool(["getwindowname", app.windowID])
        usleep(1_600_000) // the place it floats at is journaled every second
        kill9(app)
        let recovery = DocumentJournal.recover(folder: state)
        XCTAssertEqual(count(recovery.document.items, isStroke), 2)
        XCTAssertEqual(count(recovery.document.items, isClearArea), 1, "lifted")
        guard case .photo(let floating)? = recovery.pendingItem else { return XCTFail("the floating pixels are in the journal") }
        // The selection's corner was at document (120, 126) and moved by (100, 120).
        XCTAssertEqual(floating.placement.tx, 220, accuracy: 1.5)
        XCTAssertEqual(floating.placement.ty, 126 + 120, accuracy: 1.5)
        // The next start bakes them there and says what came back.
        let again = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600"])
        again.stop()
        XCTAssertEqual(count(DocumentJournal.recover(folder: state).document.items, isPhoto), 1, "baked into the drawing")
        XCTAssertTrue(again.standardError.contains("restored 4 items"), again.standardError)
    }

    func testClosingTheWindowWhileASelectionFloatsBakesIt() throws {
        let server = try XvfbServer()
        let client = try X11TestClient(display: server.display)
        let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600"])
        try drawTwoStrokes(app)
        try app.xdotool(liftAndMove(app))
        try app.xdotool(["getwindowname", app.windowID])
        client.requestClose(window: UInt(app.windowID)!)
        // Unsaved changes: the question; Enter saves (baking what floats) and closes.
        usleep(500_000)
        XCTAssertTrue(app.process.isRunning)
        try app.key("Return")
        XCTAssertTrue(app.wait(timeout: 10) { !app.process.isRunning })
        let recovery = DocumentJournal.recover(folder: state)
        XCTAssertNil(recovery.pendingItem, "nothing left floating")
        XCTAssertEqual(recovery.document.items.count, 4, "two strokes, the lifting and the pixels where they were left")
        guard case .photo(let baked)? = recovery.document.items.last else { return XCTFail("baked") }
        XCTAssertEqual(baked.placement.tx, 220, accuracy: 1.5)
    }

    func testKillMinusNineWhileTypingLosesAtMostTheLastSecond() throws {
        let server = try XvfbServer()
        let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600"])
        try app.xdotool(["windowfocus", "--sync", app.windowID])
        try app.key("t")
        try app.click(150, 200)
        try app.type("Kept words 你好", delay: 40)
        usleep(1_600_000)
        kill9(app)
        guard case .text(let block)? = DocumentJournal.recover(folder: state).pendingItem else { return XCTFail("the words being typed are journaled") }
        XCTAssertEqual(block.text, "Kept words 你好")
        let again = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600"])
        again.stop()
        XCTAssertEqual(DocumentJournal.recover(folder: state).document.items.count, 1, "the words are in the drawing")
    }

    func testACropCanBeTakenBackAfterKillMinusNineAndARestart() throws {
        let server = try XvfbServer()
        let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600"])
        try drawTwoStrokes(app)
        let whole = try XCTUnwrap(DocumentJournal.recover(folder: state).document.format)
        try app.xdotool(["key", "s"] + drag(app, [(120, 170), (300, 230), (480, 290)]) + ["key", "ctrl+shift+x"])
        try app.xdotool(["getwindowname", app.windowID])
        usleep(500_000)
        kill9(app)
        let cropped = DocumentJournal.recover(folder: state)
        XCTAssertEqual(cropped.document.format?.pixelWidth, 360, "cropped")
        // A crop to a rectangle is one item of the document's history (it was a whole document
        // kept aside for Ctrl+Z): the size before it is read back through it.
        XCTAssertEqual(cropped.document.initialFormat, whole, "the whole document's size is the history's start")
        XCTAssertTrue(cropped.documentsBeforeCrop.isEmpty, "no whole document kept aside")
        guard case .canvasSize(let change)? = cropped.document.items.last else { return XCTFail("the crop is the last item") }
        XCTAssertEqual(change.purpose, .crop)
        let again = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600"])
        try again.xdotool(["windowfocus", "--sync", again.windowID])
        try again.key("ctrl+z")
        try again.xdotool(["getwindowname", again.windowID])
        usleep(300_000)
        again.stop()
        let back = DocumentJournal.recover(folder: state)
        XCTAssertEqual(back.document.format, whole, "Ctrl+Z after the restart brought the whole picture back")
        XCTAssertEqual(count(back.document.items, isStroke), 2)
    }

    /// kill -9 at a random moment while strokes are lifted and moved, words typed and the
    /// drawing cropped: whatever moment it lands, the two strokes are all there (before the crop
    /// in the document's history when it was cropped), and every lifting has its pixels. The first round
    /// runs the whole script unkilled: it must end cropped, and it times the script, so that the
    /// later rounds each kill at a random moment in one quarter of it.
    func testRandomKillsThroughSelectionsTextAndCropsLoseNothing() throws {
        let server = try XvfbServer()
        var generator = SystemRandomNumberGenerator()
        var duration = 0.0
        for round in 0..<5 {
            try? FileManager.default.removeItem(atPath: state)
            let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600"])
            try drawTwoStrokes(app)
            // xdotool's `type` takes the rest of a chain as its text: three commands in a row.
            let xdotool = try ExternalTool.locate("xdotool").path
            let steps = [liftAndMove(app) + ["sleep", "1.2", "key", "Return", "key", "t"] + moves(app, [(150, 450)]) + ["click", "1"],
                         ["type", "--delay", "30", "Words"],
                         ["sleep", "1.2", "key", "Escape", "key", "s"] + drag(app, [(60, 120), (300, 300), (700, 480)])
                            + ["key", "ctrl+shift+x", "sleep", "0.5"]]
            let runner = Process()
            runner.executableURL = URL(fileURLWithPath: "/bin/sh")
            runner.arguments = ["-c", steps.map { ([xdotool] + $0).joined(separator: " ") }.joined(separator: " && ")]
            runner.environment = app.environment
            runner.standardError = FileHandle.nullDevice // its moves after the kill find no window
            let started = Date()
            try runner.run()
            var delay = 0.0
            if round == 0 {
                runner.waitUntilExit()
                duration = Date().timeIntervalSince(started)
            } else {
                let quarter = duration / 4
                delay = Double.random(in: (quarter * Double(round - 1))...(quarter * Double(round)), using: &generator)
                usleep(UInt32(delay * 1_000_000))
            }
            kill9(app)
            runner.waitUntilExit()
            try app.xdotool(["mouseup", "1"])
            let recovery = DocumentJournal.recover(folder: state)
            // The crop is an item of the document (it was a document kept aside for Ctrl+Z).
            var items = recovery.document.items
            if let pending = recovery.pendingItem { items.append(pending) }
            let crops = count(items) { if case .canvasSize = $0 { return true } else { return false } }
            let what = round == 0 ? "the whole script (\(String(format: "%.2f", duration)) s)" : "round \(round), killed after \(String(format: "%.2f", delay)) s"
            if round == 0 {
                XCTAssertEqual(crops, 1, "\(what) ends cropped")
                XCTAssertEqual(count(items, isPhoto), 1, "\(what): the moved pixels")
                XCTAssertTrue(items.contains { if case .text(let block) = $0 { return block.text == "Words" } else { return false } }, what)
            }
            XCTAssertEqual(count(items, isStroke), 2, "\(what): both strokes")
            XCTAssertEqual(count(items, isClearArea), count(items, isPhoto), "\(what): every lifting has its pixels")
            XCTAssertFalse(recovery.isDamaged, what)
            print("\(what): \(items.count) items, \(crops) crop(s)")
        }
    }
}
