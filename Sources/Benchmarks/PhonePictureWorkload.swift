import Foundation
import DrawingBoard

/// Decoding a 24-megapixel HEIC and AVIF (4:2:0, as phones write them) beside their
/// libraries' own command-line decoders in the same run: `heif-convert` (libheif with libde265)
/// and `avifdec` (libavif with dav1d, two threads as the app gives it), each timed from starting
/// the process to its exit, writing Y4M (raw YUV, no colour conversion: the cheapest output they
/// have). Ours: the file read and decoded to the app's premultiplied RGB pixels. The files are
/// made once by heif-enc and avifenc and kept in /tmp (heif-enc takes half a minute).
enum PhonePictureWorkload {
    static func run(runs: Int) -> [BenchmarkResult] {
        let width = 6000, height = 4000
        let source = "/tmp/x11paint-bench-24mp-source.png"
        if !FileManager.default.fileExists(atPath: source) {
            guard let png = try? PNGCodec.encode(AdjustmentWorkload.picture(width: width, height: height)),
                  FileManager.default.createFile(atPath: source, contents: png) else { return [] }
        }
        var results: [BenchmarkResult] = []
        let heic = "/tmp/x11paint-bench-24mp.heic", avif = "/tmp/x11paint-bench-24mp.avif"
        if make(heic, ["heif-enc", "-q", "80", source, "-o", heic]) {
            results += compare("HEIC", heic, runs: runs, tool: ["heif-convert", heic, "/tmp/x11paint-bench-heic.y4m"], anchor: "heif-convert") {
                _ = try HEIFCodec.decode($0)
            }
        }
        if make(avif, ["avifenc", "-s", "8", "-j", "2", "-y", "420", "--min", "20", "--max", "30", source, avif]) {
            results += compare("AVIF", avif, runs: runs, tool: ["avifdec", "-j", "2", avif, "/tmp/x11paint-bench-avif.y4m"], anchor: "avifdec") {
                _ = try AVIFCodec.decode($0)
            }
        }
        return results
    }

    /// Makes `path` with a tool unless it is there; false when the tool is missing or fails.
    private static func make(_ path: String, _ arguments: [String]) -> Bool {
        if FileManager.default.fileExists(atPath: path) { return true }
        guard wallTime(arguments) != nil else {
            print("    (\(arguments[0]) did not run: install libheif-examples and libavif-bin)")
            return false
        }
        return FileManager.default.fileExists(atPath: path)
    }

    /// Seconds from starting a process to its exit, nil when it fails.
    static func wallTime(_ arguments: [String]) -> Double? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let start = DispatchTime.now().uptimeNanoseconds
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        return process.terminationStatus == 0 ? Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 : nil
    }

    private static func compare(_ format: String, _ path: String, runs: Int, tool: [String], anchor: String,
                                decode: @escaping (Data) throws -> Void) -> [BenchmarkResult] {
        var ours = Double.infinity, theirs = Double.infinity
        for _ in 0..<runs {
            ours = min(ours, Stopwatch.best(runs: 1, setup: { () }) { _ in try? decode(Data(contentsOf: URL(fileURLWithPath: path))) })
            if let time = wallTime(tool) { theirs = min(theirs, time) }
        }
        guard theirs.isFinite else { return [] }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        return [BenchmarkResult(name: "Decoding a 24 MP \(format) (\(size / 1000) KB), file to pixels (within 1.3x of \(anchor))",
                                ours: ours, cairo: theirs, target: .withinFactor(1.3),
                                note: "\(anchor) from its start to its exit, writing Y4M; ours converts to RGB as well", anchor: anchor)]
    }
}
