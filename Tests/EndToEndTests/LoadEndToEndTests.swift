import Foundation
import DrawingBoard
import XCTest

/// 100,000 motion events as fast as the X server takes them: every stroke arrives whole,
/// memory stays bounded, and the app answers promptly afterwards.
final class LoadEndToEndTests: XCTestCase {
    func testAHundredThousandMotionEvents() throws {
        let home = NSTemporaryDirectory() + "x11paint-load-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home + "/config", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let server = try XvfbServer()
        let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "1000x700"])
        defer { app.stop() }
        // 100 strokes of 1,000 moves each, in one xdotool script.
        let strokes = 100, moves = 1000
        var script = ""
        for s in 0..<strokes {
            let y = 80 + (s % 40) * 12
            script += "mousemove --window \(app.windowID) 20 \(y)\nmousedown 1\n"
            for m in 1...moves { script += "mousemove --window \(app.windowID) \(20 + (m * 37) % 950) \(y + (m % 7))\n" }
            script += "mouseup 1\n"
        }
        let scriptPath = home + "/burst.xdo"
        try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        let start = Date()
        try ExternalTool.run("xdotool", [scriptPath], environment: app.environment, timeout: 300)
        let burst = Date().timeIntervalSince(start)
        // Right after the burst: Ctrl+S must be answered within a second.
        try app.xdotool(["windowfocus", "--sync", app.windowID])
        let asked = Date()
        try app.key("ctrl+s")
        let pictures = home + "/Pictures"
        let answered = app.wait(timeout: 30) { ((try? FileManager.default.contentsOfDirectory(atPath: pictures)) ?? []).contains { $0.hasSuffix(".png") } }
        let answer = Date().timeIntervalSince(asked)
        let rss = try residentMegabytes(of: app.process.processIdentifier)
        let recovered = DocumentJournal.recover(folder: home + "/.local/state/x11paint")
        let pointCounts = recovered.document.items.compactMap { item -> Int? in
            if case .stroke(let stroke) = item { return stroke.points.count }
            return nil
        }
        print("load: \(strokes * moves) motion events sent in \(String(format: "%.1f", burst)) s; save answered \(String(format: "%.2f", answer)) s later; resident memory \(Int(rss)) MB; \(pointCounts.count) strokes, fewest points \(pointCounts.min() ?? 0)")
        XCTAssertTrue(answered)
        XCTAssertLessThan(answer, 1.0, "responsive within a second of the burst")
        XCTAssertEqual(pointCounts.count, strokes, "every stroke is there")
        XCTAssertGreaterThanOrEqual(pointCounts.min() ?? 0, moves, "with every point (the first press plus each move)")
        XCTAssertLessThan(rss, 400, "memory stays bounded")
    }

    private func residentMegabytes(of pid: Int32) throws -> Double {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
    }
}
