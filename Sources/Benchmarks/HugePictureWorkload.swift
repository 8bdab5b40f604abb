import Foundation
import DrawingBoard

/// Small files that decode to huge pictures: each is opened in a fresh
/// child process (`--probe-open FILE`) so its peak memory is its own, the way the app opens
/// a photo for a 1920x1080 window (kept at up to 4x the canvas's pixels).
enum HugePictureWorkload {
    /// The canvas of a 1920x1080 window (toolbar and bottom bar take 144 px).
    static let maximumPixels = 1920 * (1080 - 144) * 4

    /// Child side: opens the file as the app does and prints seconds and peak resident MB.
    static func probe(path: String) -> Never {
        let start = Stopwatch.now()
        do {
            let data = try FileReader.read(path)
            let opened = try PhotoDecoder.open(data, name: "probe", maximumPixels: maximumPixels, job: DecodeJob())
            let seconds = Stopwatch.now() - start
            print("\(seconds) \(peakResidentMegabytes()) \(opened.photo.asset.image.width)x\(opened.photo.asset.image.height)")
            exit(0)
        } catch {
            print("error \(error)")
            exit(1)
        }
    }

    /// VmHWM, the address space's own high-water mark (getrusage's ru_maxrss survives exec,
    /// so a child would report the parent's peak).
    static func peakResidentMegabytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1024
    }

    static func run() -> [BenchmarkResult] {
        let folder = NSTemporaryDirectory() + "x11paint-huge-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var results: [BenchmarkResult] = []
        // 10000 x 10000 gray with thin stripes: about 100 KB of file, 400 MB decoded whole.
        let side = 10_000
        var rows = [UInt8](repeating: 255, count: side * (1 + side))
        for y in 0..<side {
            rows[y * (1 + side)] = 0
            if y % 100 < 3 { for x in 0..<side { rows[y * (1 + side) + 1 + x] = 40 } }
        }
        let files: [(String, Data?, Double, Double, String)] = [
            ("10000x10000 PNG", RawPNGWriter.png(width: side, height: side, colorType: 0, scanlines: rows), 2.5, 200,
             "before: 2.5 s on the UI thread and 798 MB; now off the UI thread"),
            ("64x64 PNG with 2 GB of surplus image data",
             RawPNGWriter.png(width: 64, height: 64, colorType: 2, scanlines: [UInt8](repeating: 0, count: 64 * (1 + 64 * 3)),
                              surplus: 2_000_000_000), 0.05, 100, "before: 6.75 s inflating the surplus"),
        ]
        rows = []
        for (name, data, timeBudget, memoryBudget, before) in files {
            guard let data else { continue }
            let path = folder + "/\(results.count).png"
            FileManager.default.createFile(atPath: path, contents: data)
            guard let (seconds, megabytes, size) = probeInChild(path) else {
                print("\(name): the probe failed")
                continue
            }
            let kb = data.count / 1024
            results.append(BenchmarkResult(name: "open a \(kb) KB \(name), kept at \(size)", ours: seconds, cairo: timeBudget,
                                           target: .budget, note: before))
            var memory = BenchmarkResult(name: "    peak memory of that open (whole process)", ours: Double(megabytes),
                                         cairo: memoryBudget, target: .budget)
            memory.unit = { "\(Int($0)) MB" }
            results.append(memory)
        }
        return results
    }

    private static func probeInChild(_ path: String) -> (Double, Int, String)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--probe-open", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return nil }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let parts = output.split(separator: " ").map(String.init)
        guard parts.count == 3, let seconds = Double(parts[0]), let megabytes = Int(parts[1]) else { return nil }
        return (seconds, megabytes, parts[2].trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
