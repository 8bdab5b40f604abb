import Foundation
import DrawingBoard

/// WebP beside libwebp's own command-line tools in the same run. Decoding a
/// 24-megapixel lossy WebP against `dwebp` (its own "Time to decode picture", without starting
/// the process or writing the output); encoding a 4K drawing as lossless WebP against
/// `cwebp -lossless -exact` at the same quality and method (its "Time to encode picture"), and
/// the two files' sizes. The same libwebp does the work in both: the comparison shows what the
/// app adds (reading the header, converting to and from premultiplied pixels).
enum WebPWorkload {
    static func run(runs: Int) -> [BenchmarkResult] {
        decode(runs: runs) + encode(runs: runs)
    }

    /// The seconds a libwebp tool printed for `label` ("Time to decode picture: 0.123s").
    static func toolTime(_ arguments: [String], label: String) -> Double? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return nil }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, let line = output.split(separator: "\n").first(where: { $0.contains(label) }) else { return nil }
        return Double(line.split(separator: ":").last!.trimmingCharacters(in: .whitespaces).dropLast())
    }

    static func decode(runs: Int) -> [BenchmarkResult] {
        let width = 6000, height = 4000
        let photo = AdjustmentWorkload.picture(width: width, height: height)
        let path = "/tmp/x11paint-bench-24mp.webp"
        guard let data = try? WebPCodec.encode(photo, lossless: false, quality: 80),
              FileManager.default.createFile(atPath: path, contents: data) else { return [] }
        var ours = Double.infinity, theirs = Double.infinity
        for _ in 0..<runs {
            ours = min(ours, Stopwatch.best(runs: 1, setup: { () }) { _ in _ = try? WebPCodec.decode(Data(contentsOf: URL(fileURLWithPath: path))) })
            if let time = toolTime(["dwebp", "-v", path, "-pam", "-o", "/dev/null"], label: "Time to decode picture") { theirs = min(theirs, time) }
        }
        guard theirs.isFinite else {
            print("    (dwebp did not run: install the webp package)")
            return []
        }
        return [BenchmarkResult(name: "Decoding a 24 MP lossy WebP (\(data.count / 1000) KB), file to pixels (within 1.3x of dwebp)",
                                ours: ours, cairo: theirs, target: .withinFactor(1.3),
                                note: "dwebp's own decode time (its -v), from the file already in memory, into straight RGBA", anchor: "dwebp")]
    }

    /// A drawing: a white page with a few hundred strokes in a handful of colours.
    static func drawing(width: Int, height: Int) -> Bitmap {
        let page = Bitmap(width: width, height: height, color: .white)
        let context = GraphicsContext(bitmap: page)
        var scribble = Scribble(seed: 43)
        let colors = [Color(r: 230, g: 40, b: 40), Color(r: 40, g: 170, b: 70), Color(r: 30, g: 100, b: 230), .black]
        for stroke in 0..<300 {
            context.strokeColor = colors[stroke % colors.count]
            context.lineStyle = LineStyle(width: 2 + Double(stroke % 12), cap: .round, join: .round)
            context.stroke(.polyline(scribble.points(count: 40, step: 12, width: Double(width), height: Double(height))))
        }
        return page
    }

    static func encode(runs: Int) -> [BenchmarkResult] {
        let page = drawing(width: 3840, height: 2160)
        let png = "/tmp/x11paint-bench-drawing.png", theirsPath = "/tmp/x11paint-bench-drawing-cwebp.webp"
        guard let pngData = try? PNGCodec.encode(page), FileManager.default.createFile(atPath: png, contents: pngData) else { return [] }
        var ours = Double.infinity, theirs = Double.infinity, oursSize = 0
        for _ in 0..<runs {
            ours = min(ours, Stopwatch.best(runs: 1, setup: { () }) { _ in oursSize = (try? WebPCodec.encode(page, lossless: true, quality: 75, method: 4))?.count ?? 0 })
            if let time = toolTime(["cwebp", "-v", "-lossless", "-exact", "-q", "75", "-m", "4", png, "-o", theirsPath], label: "Time to encode picture") {
                theirs = min(theirs, time)
            }
        }
        let theirsSize = (try? FileManager.default.attributesOfItem(atPath: theirsPath)[.size] as? Int) ?? 0
        guard theirs.isFinite, theirsSize > 0 else {
            print("    (cwebp did not run: install the webp package)")
            return []
        }
        let sizeRatio = Double(oursSize) / Double(theirsSize)
        return [BenchmarkResult(name: "Encoding a 3840x2160 drawing as lossless WebP, -q 75 -m 4 (within 1.3x of cwebp -lossless)",
                                ours: ours, cairo: theirs, target: .withinFactor(1.3),
                                note: "cwebp's own encode time (its -v); ours \(oursSize) bytes, cwebp's \(theirsSize) (\(format(sizeRatio * 100, digits: 1))%)",
                                anchor: "cwebp"),
                BenchmarkResult(name: "That lossless WebP's size against cwebp's (within 5%)",
                                ours: sizeRatio, cairo: 1.05, target: .budget, anchor: "cwebp's size",
                                unit: { format($0 * 100, digits: 1) + "%" })]
    }
}
