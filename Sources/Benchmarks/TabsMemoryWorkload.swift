import Foundation
import DrawingBoard
import Glibc
import PaintDocument

/// Memory case: ten 1920x1080 drawings of 200 strokes each open as tabs in a 1920x1080 window,
/// in a child process (`--probe-tabs`) so the resident memory is its own. The budget: one
/// tab's resident memory (the process with one drawing shown) plus one and a half times the
/// other nine drawings' pixels (8.3 MB each). Switching tabs must draw the new one within a
/// frame at 60 Hz.
enum TabsMemoryWorkload {
    static let tabs = 10, strokes = 200
    static let format = DocumentFormat(pixelWidth: 1920, pixelHeight: 1080)
    static var pixelBytes: Double { Double(format.pixelWidth * format.pixelHeight * 4) }

    /// Child side: prints one tab's and ten tabs' resident megabytes (as fractions), and the
    /// slowest tab switch (its frame drawn) in milliseconds.
    static func probe() -> Never {
        let window = PaintToolkit.Window(size: Size(width: 1920, height: 1080), application: Application(clock: ManualClock()))
        let make = { DrawingBoardViewController(store: DiscardingArtworkStore(), picturesFolder: NSTemporaryDirectory()) }
        let controller = DocumentTabsController(first: make(), makeBoard: make)
        window.rootViewController = controller
        window.render()
        var oneTab = 0.0
        for index in 0..<tabs {
            let board = controller.boardForNewDocument(from: controller.current)
            window.layoutIfNeeded()
            let drawing = SyntheticDocument.strokes(count: strokes, size: format.size, seed: UInt64(300 + index), palette: SyntheticDocument.mutedColors)
            board.canvas.load(Document(items: drawing.items, format: format))
            window.render()
            settle(window)
            if index == 0 { oneTab = residentMegabytes() }
        }
        var slowest = 0.0
        for _ in 0..<(2 * tabs) {
            let start = DispatchTime.now().uptimeNanoseconds
            controller.selectTab(offset: 1)
            window.render()
            slowest = max(slowest, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            settle(window)
        }
        print("\(oneTab) \(residentMegabytes()) \(slowest) \(controller.boards.count)")
        exit(0)
    }

    /// What the app's loop does while the user looks at a tab: the work handed back from
    /// beside the UI thread runs (the zoomed-out copies built there are put in place, or let go
    /// when their tab is behind another), and the history's snapshots are packed.
    private static func settle(_ window: PaintToolkit.Window) {
        for _ in 0..<3 {
            usleep(100_000)
            window.application.tick()
        }
        KeptLayerPixels.waitUntilPacked()
    }

    private static func residentMegabytes() -> Double {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Double(Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1024
    }

    static func run() -> [BenchmarkResult] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--probe-tabs"]
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return [] }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let parts = output.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        guard parts.count == 4, Int(parts[3]) == tabs else { return [] }
        let budget = parts[0] + 1.5 * Double(tabs - 1) * pixelBytes / (1024 * 1024)
        var memory = BenchmarkResult(name: "resident memory, \(tabs) open 1920x1080 tabs of \(strokes) strokes each "
                                         + "(at most one tab's \(Int(parts[0])) MB + 1.5x the other nine drawings' pixels)",
                                     ours: parts[1], cairo: budget, target: .budget, note: "one tab \(Int(parts[0])) MB")
        memory.unit = { "\(Int($0)) MB" }
        let switching = BenchmarkResult(name: "switching tabs, the new one drawn in a 1920x1080 window, the slowest of \(2 * tabs) (one frame)",
                                        ours: parts[2] / 1000, cairo: 1.0 / 60, target: .budget)
        return [memory, switching]
    }
}
