import Foundation
import DrawingBoard

/// Issue 41: the Image and Adjustments menus' heavy operations on photo-sized pictures, beside
/// libvips (its `vips` command, all cores) and Pillow (one core) on the same pixels in the same
/// run. vips is timed as a command on its own `.v` files (mapped, not decoded); its copy of the
/// same file is timed too, and the difference is the operation's share.
enum AdjustmentWorkload {
    /// An opaque photo-like picture: gradients, a fine texture and hard edges.
    static func picture(width: Int, height: Int) -> Bitmap {
        let picture = Bitmap(width: width, height: height)
        for y in 0..<height {
            let row = picture.pixels + y * width
            for x in 0..<width {
                let edge = ((x / 97 + y / 61) % 2) * 60
                row[x] = 0xFF00_0000 | UInt32(min(255, x * 200 / width + edge)) << 16 | UInt32(y * 255 / height) << 8 | UInt32((x ^ y) & 0xFF)
            }
        }
        return picture
    }

    /// The picture as raw RGBA (the byte order vips and Pillow read).
    static func writeRaw(_ bitmap: Bitmap, to path: String) {
        var bytes = [UInt8](repeating: 0, count: bitmap.width * bitmap.height * 4)
        for i in 0..<(bitmap.width * bitmap.height) {
            let p = bitmap.pixels[i]
            bytes[i * 4] = UInt8((p >> 16) & 0xFF)
            bytes[i * 4 + 1] = UInt8((p >> 8) & 0xFF)
            bytes[i * 4 + 2] = UInt8(p & 0xFF)
            bytes[i * 4 + 3] = UInt8(p >> 24)
        }
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
    }

    /// Runs a command, its output (nil: it failed).
    @discardableResult
    static func run(_ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus == 0 ? output : nil
    }

    /// The best of `runs` timings of a vips command, and of its copy of the input (the command's
    /// own start, mapping and writing): nil when vips is missing.
    static func vips(_ arguments: [String], input: String, runs: Int) -> (total: Double, floor: Double)? {
        var total = Double.infinity, floor = Double.infinity
        for _ in 0..<runs {
            var start = Stopwatch.now()
            guard run(["vips"] + arguments) != nil else { return nil }
            total = min(total, Stopwatch.now() - start)
            start = Stopwatch.now()
            run(["vips", "copy", input, "/tmp/x11paint-bench-copy.v"])
            floor = min(floor, Stopwatch.now() - start)
        }
        return (total, floor)
    }

    static var pillowScript: String {
        let bench = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        // .build/release/x11paint-bench → the checkout's scripts/.
        var folder = bench.deletingLastPathComponent()
        while folder.path != "/" && !FileManager.default.fileExists(atPath: folder.appendingPathComponent("scripts/pillow-anchor.py").path) {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appendingPathComponent("scripts/pillow-anchor.py").path
    }

    static func run(runs: Int) -> [BenchmarkResult] {
        blur(runs: runs) + resize(runs: runs) + pointAdjustments(runs: runs)
    }

    static func blur(runs: Int) -> [BenchmarkResult] {
        let width = 3840, height = 2160, sigma = 20.0
        let source = picture(width: width, height: height)
        let ours = Stopwatch.best(runs: runs, setup: { source.cropped(to: source.bounds) }) { copy in
            ImageEffect.gaussianBlur(radius: sigma).apply(to: copy, in: copy.bounds)
        }
        let raw = "/tmp/x11paint-bench-4k.raw", vipsInput = "/tmp/x11paint-bench-4k.v"
        writeRaw(source, to: raw)
        run(["vips", "rawload", raw, vipsInput, "\(width)", "\(height)", "4"])
        var results: [BenchmarkResult] = []
        if let vips = vips(["gaussblur", vipsInput, "/tmp/x11paint-bench-blur.v", "\(sigma)"], input: vipsInput, runs: runs) {
            results.append(BenchmarkResult(name: "Gaussian blur σ 20, 3840x2160 RGBA, against libvips (vips gaussblur, both cores; issue 41: at least as fast)",
                                           ours: ours, cairo: vips.total - vips.floor, target: .speedup(1),
                                           note: "libvips: the command \(formatTime(vips.total)), its copy of the file \(formatTime(vips.floor)); the difference is the blur's",
                                           anchor: "libvips"))
        } else {
            print("    (vips not found: `scripts/install-deps.sh bench` installs libvips-tools)")
        }
        if let output = run(["python3", pillowScript, "blur", raw, "\(width)", "\(height)", "-", "\(sigma)"]), let pillow = Double(output.trimmingCharacters(in: .whitespacesAndNewlines)) {
            results.append(BenchmarkResult(name: "Gaussian blur σ 20, 3840x2160 RGBA, against Pillow \(pillowVersion) (ImageFilter.GaussianBlur; issue 41: at least 3x)",
                                           ours: ours, cairo: pillow, target: .speedup(3), anchor: "Pillow"))
        } else {
            print("    (Pillow not found: `scripts/install-deps.sh bench` installs it)")
        }
        return results
    }

    static var pillowVersion: String {
        run(["python3", "-c", "import PIL; print(PIL.__version__)"])?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
    }

    static func resize(runs: Int) -> [BenchmarkResult] {
        let width = 6000, height = 4000, newWidth = 1920, newHeight = 1280
        let source = picture(width: width, height: height)
        var made = Bitmap(width: 1, height: 1)
        let ours = Stopwatch.best(runs: runs, setup: { () }) { _ in
            made = Resampler.resample(source, width: newWidth, height: newHeight, filter: .lanczos3)
        }
        let raw = "/tmp/x11paint-bench-24mp.raw", vipsInput = "/tmp/x11paint-bench-24mp.v", pillowOutput = "/tmp/x11paint-bench-pillow.raw"
        writeRaw(source, to: raw)
        run(["vips", "rawload", raw, vipsInput, "\(width)", "\(height)", "4"])
        var results: [BenchmarkResult] = []
        var vipsResult: BenchmarkResult?
        if let vips = vips(["resize", vipsInput, "/tmp/x11paint-bench-resize.v", "\(Double(newWidth) / Double(width))", "--kernel", "lanczos3"], input: vipsInput, runs: runs) {
            vipsResult = BenchmarkResult(name: "resize 6000x4000 → 1920x1280 Lanczos-3 against libvips (vips resize --kernel lanczos3, both cores; issue 41: at least as fast)",
                                         ours: ours, cairo: vips.total - vips.floor, target: .speedup(1),
                                         note: "libvips: the command \(formatTime(vips.total)), its copy of the file \(formatTime(vips.floor))", anchor: "libvips")
        }
        if let output = run(["python3", pillowScript, "resize", raw, "\(width)", "\(height)", pillowOutput, "\(newWidth)", "\(newHeight)"]),
           let pillow = Double(output.trimmingCharacters(in: .whitespacesAndNewlines)),
           let pillowBytes = FileManager.default.contents(atPath: pillowOutput) {
            let reference = LanczosReference.resample(source, width: newWidth, height: newHeight)
            let ourError = LanczosReference.error(of: { i, c in Double((made.pixels[i] >> UInt32(16 - 8 * c)) & 0xFF) }, against: reference)
            let pillowError = LanczosReference.error(of: { i, c in Double(pillowBytes[i * 4 + c]) }, against: reference)
            if var vipsResult {
                run(["vips", "rawsave", "/tmp/x11paint-bench-resize.v", "/tmp/x11paint-bench-resize.raw"])
                if let vipsBytes = FileManager.default.contents(atPath: "/tmp/x11paint-bench-resize.raw"), vipsBytes.count == newWidth * newHeight * 4 {
                    let vipsError = LanczosReference.error(of: { i, c in Double(vipsBytes[i * 4 + c]) }, against: reference)
                    vipsResult.note += "; its mean error against a float64 Lanczos-3 \(format(vipsError.mean, digits: 3)) levels (worst \(format(vipsError.worst))), X11Paint's \(format(ourError.mean, digits: 3))"
                }
                results.append(vipsResult)
            }
            results.append(BenchmarkResult(name: "resize 6000x4000 → 1920x1280 Lanczos-3 against Pillow \(pillowVersion) (Image.resize LANCZOS; issue 41: at least 3x)",
                                           ours: ours, cairo: pillow, target: .speedup(3), anchor: "Pillow"))
            let error = BenchmarkResult(name: "that resize's mean error against a float64 Lanczos-3 (issue 41: no larger than Pillow's)",
                                        ours: ourError.mean, cairo: pillowError.mean, target: .budget,
                                        note: "worst: X11Paint \(format(ourError.worst)), Pillow \(format(pillowError.worst)) levels",
                                        anchor: "Pillow", unit: { format($0, digits: 3) + " levels" })
            results.append(error)
        }
        return results
    }

    /// Levels, curves, hue/saturation and invert of a 4K layer: tables or a few multiplies a pixel.
    static func pointAdjustments(runs: Int) -> [BenchmarkResult] {
        let source = picture(width: 3840, height: 2160)
        let adjustments: [(String, PixelAdjustment)] = [
            ("levels", .levels(.init(low: [10, 20, 30], high: [240, 230, 220], gamma: [0.8, 1.2, 1], outputLow: [0, 0, 0], outputHigh: [255, 255, 255]))),
            ("curves", .curves(ColorCurves(all: [.init(0, 0), .init(90, 60), .init(190, 210), .init(255, 255)]))),
            ("hue/saturation", .hueSaturation(hue: 40, saturation: 130, lightness: 10)),
            ("invert", .invert),
        ]
        return adjustments.map { name, adjustment in
            let time = Stopwatch.best(runs: runs, setup: { source.cropped(to: source.bounds) }) { copy in adjustment.apply(to: copy, in: copy.bounds) }
            return BenchmarkResult(name: "\(name), 3840x2160 (issue 41: ≤ 25 ms)", ours: time, cairo: 0.025, target: .budget)
        }
    }
}
