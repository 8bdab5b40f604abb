import Foundation
import DrawingBoard
import XCTest

/// A storm of window resizes while drawing leaves no memory behind once idle: the
/// buffers sized to old windows are let go.
final class MemoryEndToEndTests: XCTestCase {
    /// Resident megabytes of a drawing made with `resizes` window resizes during its last
    /// stroke, the window back at its first size, after a second idle.
    private func residentAfterDrawing(resizes: Int, server: XvfbServer) throws -> Int {
        let home = NSTemporaryDirectory() + "x11paint-memory-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home + "/config", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "1600x1000"])
        var script: [String] = []
        for stroke in 0..<10 {
            script += ["mousemove", "--window", app.windowID, "100", "\(150 + stroke * 30)", "mousedown", "1"]
            for step in 1...20 { script += ["mousemove", "--window", app.windowID, "\(100 + step * 60)", "\(150 + stroke * 30 + step % 7)"] }
            script += ["mouseup", "1"]
        }
        script += ["mousemove", "--window", app.windowID, "200", "700", "mousedown", "1"]
        for step in 0..<resizes {
            script += ["mousemove", "--window", app.windowID, "\(200 + step % 600)", "\(700 + step % 90)",
                       "windowsize", app.windowID, "\(700 + (step * 377) % 1200)", "\(500 + (step * 253) % 800)", "sleep", "0.02"]
        }
        script += ["windowsize", app.windowID, "1600", "1000", "mouseup", "1"]
        try app.xdotool(script)
        try app.xdotool(["getwindowname", app.windowID])
        usleep(1_500_000)
        let resident = app.residentMegabytes
        app.stop()
        return resident
    }

    func testAResizeStormWhileDrawingLeavesNoMemoryBehind() throws {
        let server = try XvfbServer(width: 2000, height: 1400)
        let calm = try residentAfterDrawing(resizes: 0, server: server)
        let storm = try residentAfterDrawing(resizes: 200, server: server)
        print("resident after the same drawing: \(calm) MB without resizes, \(storm) MB after 200 resizes (\(String(format: "%.2f", Double(storm) / Double(calm)))x)")
        XCTAssertGreaterThan(calm, 0)
        XCTAssertLessThanOrEqual(Double(storm), Double(calm) * 1.3, "within 1.3x of the drawing without resizes")
    }
}
