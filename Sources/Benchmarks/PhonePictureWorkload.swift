import Foundation
import DrawingBoard

/// Decoding a 24-megapixel HEIC and AVIF (4:2:0, as phones write them) beside their libraries
/// in the same run, timed in process for the decoding alone (scripts/codec-anchor.c): libheif
/// with libde265 and libavif with dav1d, each from the file's bytes to 8-bit RGBA in memory, on
/// as many threads as the app gives them. Ours: the file read and decoded to the app's
/// premultiplied RGB pixels. The files are made once by heif-enc and avifenc and kept in /tmp
/// (heif-enc takes half a minute).
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
            results += compare("HEIC", heic, runs: runs, anchor: "libheif \(version("libheif"))", kind: "heic") {
                _ = try HEIFCodec.decode($0)
            }
        }
        if make(avif, ["avifenc", "-s", "8", "-j", "2", "-y", "420", "--min", "20", "--max", "30", source, avif]) {
            results += compare("AVIF", avif, runs: runs, anchor: "libavif \(version("libavif"))", kind: "avif") {
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

    /// A library's version as pkg-config has it.
    static func version(_ library: String) -> String {
        AdjustmentWorkload.run(["pkg-config", "--modversion", library])?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
    }

    /// Our decoding and the library's, their runs in turns. The app decodes on two threads
    /// (dav1d's, libde265's through libheif): the anchor is given as many.
    private static func compare(_ format: String, _ path: String, runs: Int, anchor: String, kind: String,
                                decode: @escaping (Data) throws -> Void) -> [BenchmarkResult] {
        let threads = 2
        var ours = Double.infinity, theirs = Double.infinity
        for _ in 0..<runs {
            ours = min(ours, Stopwatch.best(runs: 1, setup: { () }) { _ in try? decode(Data(contentsOf: URL(fileURLWithPath: path))) })
            if let time = CodecAnchor.time([kind, path, "1", "\(threads)"]) { theirs = min(theirs, time) }
        }
        guard theirs.isFinite else { return [] }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        return [BenchmarkResult(name: "Decoding a 24 MP \(format) (\(size / 1000) KB), file to pixels (within 1.3x of \(anchor))",
                                ours: ours, cairo: theirs, target: .withinFactor(1.3),
                                note: "both on \(threads) threads; \(anchor) timed in process, file bytes to RGBA, no output file", anchor: anchor)]
    }
}
