import Foundation
import DrawingBoard

/// The Image and Adjustments menus' heavy operations on photo-sized pictures, beside
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

    /// A script of the checkout's scripts/ folder (found from the bench's own path).
    static func script(_ name: String) -> String {
        let bench = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = bench.deletingLastPathComponent()
        while folder.path != "/" && !FileManager.default.fileExists(atPath: folder.appendingPathComponent("scripts/" + name).path) {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appendingPathComponent("scripts/" + name).path
    }

    /// The seconds scripts/image-anchor.py printed for `library` (nil: it could not run);
    /// libvips on `threads` threads (nil: as many as it takes, one per core).
    static func anchor(_ library: String, _ arguments: [String], threads: Int? = nil) -> Double? {
        let concurrency = threads.map { ["VIPS_CONCURRENCY=\($0)"] } ?? []
        return run(concurrency + ["python3", script("image-anchor.py"), library] + arguments).flatMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    static func run(runs: Int) -> [BenchmarkResult] {
        blur(runs: runs) + resize(runs: runs) + pointAdjustments(runs: runs)
    }

    /// The blur on all the cores beside libvips on as many threads, on one core beside libvips
    /// and Pillow on one; then how far its four box passes are from a true Gaussian (libvips'
    /// in floating point) at three radii, which a user would not see within a level on average
    /// and four at most.
    static func blur(runs: Int) -> [BenchmarkResult] {
        let width = 3840, height = 2160, sigma = 20.0, cores = RowBands.availableCores
        let source = picture(width: width, height: height)
        func ours(on threads: Int) -> Double {
            RowBands.cores = threads
            defer { RowBands.cores = cores }
            return Stopwatch.best(runs: runs, setup: { source.cropped(to: source.bounds) }) { copy in
                ImageEffect.gaussianBlur(radius: sigma).apply(to: copy, in: copy.bounds)
            }
        }
        let allCores = ours(on: cores), oneCore = ours(on: 1)
        let raw = "/tmp/x11paint-bench-4k.raw"
        writeRaw(source, to: raw)
        var results: [BenchmarkResult] = []
        let name = "Gaussian blur σ 20, 3840x2160 RGBA"
        if let vips = anchor("vips", ["blur", raw, "\(width)", "\(height)", "-", "\(sigma)"], threads: cores),
           let vipsOne = anchor("vips", ["blur", raw, "\(width)", "\(height)", "-", "\(sigma)"], threads: 1) {
            results.append(BenchmarkResult(name: "\(name), against libvips \(vipsVersion) (gaussblur into memory), both on \(cores) threads (at least as fast)",
                                           ours: allCores, cairo: vips, target: .speedup(1), anchor: "libvips"))
            results.append(BenchmarkResult(name: "\(name), against libvips, both on one thread (at least as fast)",
                                           ours: oneCore, cairo: vipsOne, target: .speedup(1), anchor: "libvips"))
        } else {
            print("    (pyvips not found: `scripts/install-deps.sh bench` installs libvips and pyvips)")
        }
        if let pillow = anchor("pillow", ["blur", raw, "\(width)", "\(height)", "-", "\(sigma)"]) {
            results.append(BenchmarkResult(name: "\(name), against Pillow \(pillowVersion) (ImageFilter.GaussianBlur), both on one thread (Pillow has no threads; at least 3x)",
                                           ours: oneCore, cairo: pillow, target: .speedup(3), anchor: "Pillow"))
        } else {
            print("    (Pillow not found: `scripts/install-deps.sh bench` installs it)")
        }
        return results + blurError(width: 1920, height: 1080)
    }

    /// Our blur's mean and largest difference, in levels, from libvips' floating-point Gaussian
    /// of the same picture (edges repeated in both), at σ 2, 10 and 50.
    static func blurError(width: Int, height: Int) -> [BenchmarkResult] {
        let source = picture(width: width, height: height)
        let raw = "/tmp/x11paint-bench-blur-source.raw", exact = "/tmp/x11paint-bench-blur-exact.raw"
        writeRaw(source, to: raw)
        var results: [BenchmarkResult] = []
        for sigma in [2.0, 10, 50] {
            guard anchor("vips", ["exactblur", raw, "\(width)", "\(height)", exact, "\(sigma)"]) != nil,
                  let bytes = FileManager.default.contents(atPath: exact), bytes.count == width * height * 4 else { continue }
            let blurred = source.cropped(to: source.bounds)
            ImageEffect.gaussianBlur(radius: sigma).apply(to: blurred, in: blurred.bounds)
            var total = 0, worst = 0
            for i in 0..<(width * height) {
                for channel in 0..<3 {
                    let ours = Int((blurred.pixels[i] >> UInt32(16 - 8 * channel)) & 0xFF)
                    let difference = abs(ours - Int(bytes[i * 4 + channel]))
                    total += difference
                    worst = max(worst, difference)
                }
            }
            let mean = Double(total) / Double(width * height * 3)
            let levels: (Double) -> String = { format($0, digits: 3) + " levels" }
            results.append(BenchmarkResult(name: "Gaussian blur σ \(Int(sigma)): mean difference from libvips' float Gaussian, \(width)x\(height) (at most 1 level)",
                                           ours: mean, cairo: 1, target: .budget, anchor: "libvips", unit: levels))
            results.append(BenchmarkResult(name: "Gaussian blur σ \(Int(sigma)): largest difference from it (at most 4 levels)",
                                           ours: Double(worst), cairo: 4, target: .budget, anchor: "libvips", unit: levels))
        }
        return results
    }

    static var pillowVersion: String {
        run(["python3", "-c", "import PIL; print(PIL.__version__)"])?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
    }

    static var vipsVersion: String {
        run(["python3", "-c", "import pyvips; print('%d.%d' % (pyvips.version(0), pyvips.version(1)))"])?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
    }

    static func resize(runs: Int) -> [BenchmarkResult] {
        let width = 6000, height = 4000, newWidth = 1920, newHeight = 1280
        let source = picture(width: width, height: height)
        var made = Bitmap(width: 1, height: 1)
        let cores = RowBands.availableCores
        func ours(on threads: Int) -> Double {
            RowBands.cores = threads
            defer { RowBands.cores = cores }
            return Stopwatch.best(runs: runs, setup: { () }) { _ in
                made = Resampler.resample(source, width: newWidth, height: newHeight, filter: .lanczos3)
            }
        }
        let oneCore = ours(on: 1), allCores = ours(on: cores)
        let raw = "/tmp/x11paint-bench-24mp.raw", pillowOutput = "/tmp/x11paint-bench-pillow.raw", vipsOutput = "/tmp/x11paint-bench-vips.raw"
        writeRaw(source, to: raw)
        let reference = LanczosReference.resample(source, width: newWidth, height: newHeight)
        let ourError = LanczosReference.error(of: { i, c in Double((made.pixels[i] >> UInt32(16 - 8 * c)) & 0xFF) }, against: reference)
        /// An anchor's output's error, read back from its raw RGBA.
        func error(of path: String) -> (mean: Double, worst: Double)? {
            guard let bytes = FileManager.default.contents(atPath: path), bytes.count == newWidth * newHeight * 4 else { return nil }
            return LanczosReference.error(of: { i, c in Double(bytes[i * 4 + c]) }, against: reference)
        }
        func describe(_ error: (mean: Double, worst: Double)?) -> String {
            error.map { "mean error against a float64 Lanczos-3 \(format($0.mean, digits: 3)) levels (worst \(format($0.worst)))" } ?? "error not read"
        }
        var results: [BenchmarkResult] = []
        if let vips = anchor("vips", ["resize", raw, "\(width)", "\(height)", vipsOutput, "\(newWidth)", "\(newHeight)"], threads: cores),
           let vipsOne = anchor("vips", ["resize", raw, "\(width)", "\(height)", "-", "\(newWidth)", "\(newHeight)"], threads: 1) {
            results.append(BenchmarkResult(name: "resize 6000x4000 → 1920x1280 Lanczos-3 against libvips, both on one thread (at least as fast)",
                                           ours: oneCore, cairo: vipsOne, target: .speedup(1), anchor: "libvips"))
            results.append(BenchmarkResult(name: "resize 6000x4000 → 1920x1280 Lanczos-3 against libvips \(vipsVersion) (resize kernel lanczos3 into memory), both on \(cores) threads (at least as fast)",
                                           ours: allCores, cairo: vips, target: .speedup(1),
                                           note: "libvips: \(describe(error(of: vipsOutput))); X11Paint: \(describe(ourError))", anchor: "libvips"))
        }
        if let pillow = anchor("pillow", ["resize", raw, "\(width)", "\(height)", pillowOutput, "\(newWidth)", "\(newHeight)"]) {
            results.append(BenchmarkResult(name: "resize 6000x4000 → 1920x1280 Lanczos-3 against Pillow \(pillowVersion) (Image.resize LANCZOS), both on one thread (Pillow has no threads; at least 3x)",
                                           ours: oneCore, cairo: pillow, target: .speedup(3), anchor: "Pillow"))
            if let pillowError = error(of: pillowOutput) {
                results.append(BenchmarkResult(name: "that resize's mean error against a float64 Lanczos-3 (no larger than Pillow's)",
                                               ours: ourError.mean, cairo: pillowError.mean, target: .budget,
                                               note: "worst: X11Paint \(format(ourError.worst)), Pillow \(format(pillowError.worst)) levels",
                                               anchor: "Pillow", unit: { format($0, digits: 3) + " levels" }))
            }
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
            return BenchmarkResult(name: "\(name), 3840x2160 (≤ 25 ms)", ours: time, cairo: 0.025, target: .budget)
        }
    }
}
