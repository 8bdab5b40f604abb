import Foundation
import DrawingBoard

/// Memory case: a 3840x2160 document with 20 layers each holding a few strokes,
/// loaded into a canvas in a 1920x1080 window and drawn on (a stroke on the top layer, then
/// undo and redo), in a child process (`--probe-layers`) so the resident memory is its own.
enum LayerMemoryWorkload {
    static let layers = 20, strokesPerLayer = 5

    /// Child side: prints the resident and the peak resident megabytes.
    static func probe() -> Never {
        var items: [Document.Item] = []
        for index in 0..<layers {
            if index > 0 { items.append(.layer(.add(id: index, index: index, properties: LayerProperties(name: "Layer \(index + 1)")))) }
            let strokes = SyntheticDocument.strokes(count: strokesPerLayer, size: ViewportWorkload.documentFormat.size, seed: UInt64(100 + index),
                                                    palette: SyntheticDocument.mutedColors)
            items += strokes.items.map { index == 0 ? $0 : .onLayer(index, $0) }
        }
        let window = PaintToolkit.Window(size: ViewportWorkload.windowSize, application: Application(clock: ManualClock()))
        let canvas = CanvasView(frame: window.bounds)
        window.addSubview(canvas)
        window.render()
        canvas.load(Document(items: items, format: ViewportWorkload.documentFormat))
        window.render()
        var driver = 0.0
        for (phase, x) in [(Touch.Phase.began, 100.0), (.moved, 400), (.moved, 800), (.ended, 900)] {
            driver += 0.01
            window.send([TouchInput(identifier: 1, phase: phase, location: Point(x: x, y: 300 + x / 4), timestamp: driver)])
            window.render()
        }
        canvas.undo()
        canvas.redo()
        window.render()
        print("\(residentMegabytes("VmRSS:")) \(residentMegabytes("VmHWM:"))")
        exit(0)
    }

    private static func residentMegabytes(_ field: String) -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix(field) } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1024
    }

    static func run() -> [BenchmarkResult] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--probe-layers"]
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return [] }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let parts = output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard parts.count == 2 else { return [] }
        var result = BenchmarkResult(name: "resident memory, a 3840x2160 document of \(layers) layers with \(strokesPerLayer) strokes each, "
                                         + "in a 1920x1080 window, drawn on (under 250 MB)",
                                     ours: Double(parts[0]), cairo: 250, target: .budget, note: "peak \(parts[1]) MB")
        result.unit = { "\(Int($0)) MB" }
        return [result]
    }
}
