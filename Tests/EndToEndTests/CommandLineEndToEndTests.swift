import Foundation
import XCTest
import DrawingBoard
import TestSupport

/// The command line as a terminal user meets it: help and version on
/// stdout with status 0, a bad value explained on stderr with the limits.
final class CommandLineEndToEndTests: XCTestCase {
    private struct Outcome {
        let status: Int32
        let output: String
        let errors: String
    }

    private func run(_ arguments: [String], display: String = ":9999", language: String? = nil, in folder: String? = nil) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: RunningApp.binaryPath)
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        var environment = ProcessInfo.processInfo.environment
        if display.isEmpty { environment["DISPLAY"] = nil } else { environment["DISPLAY"] = display }
        if let language {
            environment["LANG"] = language
            environment["LANGUAGE"] = nil
            environment["LC_ALL"] = nil
            environment["LC_MESSAGES"] = nil
        }
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let outText = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, output: String(decoding: outText, as: UTF8.self),
                       errors: String(decoding: errorText, as: UTF8.self))
    }

    /// `--export OUT IN` with no X server at all: the picture in OUT's format, exit 0;
    /// an ending it cannot write, a place it cannot write or a file it cannot read: one line, exit 1.
    func testExportConvertsWithoutAWindowOrAnXServer() throws {
        let folder = NSTemporaryDirectory() + "x11paint-export-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let picture = Bitmap(width: 64, height: 48)
        for y in 0..<48 { for x in 0..<64 { picture[x, y] = Color(r: x * 4, g: y * 5, b: 120).premultipliedPixel } }
        try PNGCodec.encode(picture).write(to: URL(fileURLWithPath: folder + "/in.png"))
        let png = try run(["--export", folder + "/out.png", folder + "/in.png"], display: "")
        XCTAssertEqual(png.status, 0, png.errors)
        XCTAssertTrue(try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: folder + "/out.png"))).isEqual(to: picture), "every pixel")
        let jpeg = try run(["--export", folder + "/out.jpg", folder + "/in.png"], display: "")
        XCTAssertEqual(jpeg.status, 0, jpeg.errors)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: folder + "/out.jpg")).prefix(2), Data([0xFF, 0xD8]))
        // To OpenRaster and back: the same pixels.
        let ora = try run(["--export", folder + "/out.ora", folder + "/in.png"], display: "")
        XCTAssertEqual(ora.status, 0, ora.errors)
        let back = try run(["--export", folder + "/back.png", folder + "/out.ora"], display: "")
        XCTAssertEqual(back.status, 0, back.errors)
        XCTAssertTrue(try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: folder + "/back.png"))).isEqual(to: picture), "through .ora, every pixel")
        // To lossless WebP and back: the same pixels.
        let webp = try run(["--export", folder + "/out.webp", folder + "/in.png"], display: "")
        XCTAssertEqual(webp.status, 0, webp.errors)
        XCTAssertTrue(WebPCodec.isWebP(try Data(contentsOf: URL(fileURLWithPath: folder + "/out.webp"))))
        let fromWebP = try run(["--export", folder + "/from-webp.png", folder + "/out.webp"], display: "")
        XCTAssertEqual(fromWebP.status, 0, fromWebP.errors)
        XCTAssertTrue(try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: folder + "/from-webp.png"))).isEqual(to: picture), "through .webp, every pixel")
        // TIFF and BMP out and back: the same pixels; HEIC, AVIF and GIF made by their
        // libraries' own tools open for --export too.
        for format in ["tif", "bmp"] {
            let out = try run(["--export", folder + "/out.\(format)", folder + "/in.png"], display: "")
            XCTAssertEqual(out.status, 0, out.errors)
            let back = try run(["--export", folder + "/from-\(format).png", folder + "/out.\(format)"], display: "")
            XCTAssertEqual(back.status, 0, back.errors)
            XCTAssertTrue(try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: folder + "/from-\(format).png"))).isEqual(to: picture),
                          "through .\(format), every pixel")
        }
        for (tool, arguments, name) in [("/usr/bin/heif-enc", ["-q", "90", folder + "/in.png", "-o", folder + "/in.heic"], "in.heic"),
                                        ("/usr/bin/avifenc", ["-s", "8", folder + "/in.png", folder + "/in.avif"], "in.avif")] {
            XCTAssertEqual(try ExternalCommand.run(tool, arguments).status, 0, tool)
            let out = try run(["--export", folder + "/from-\(name).png", folder + "/" + name], display: "")
            XCTAssertEqual(out.status, 0, out.errors)
            let decoded = try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: folder + "/from-\(name).png")))
            XCTAssertEqual([decoded.width, decoded.height], [64, 48], name)
        }
        let unknown = try run(["--export", folder + "/out.xyz", folder + "/in.png"], display: "")
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.errors.contains("ending names no format"), unknown.errors)
        let nowhere = try run(["--export", folder + "/gone/out.png", folder + "/in.png"], display: "")
        XCTAssertEqual(nowhere.status, 1)
        XCTAssertTrue(nowhere.errors.contains("does not exist"), nowhere.errors)
        let missing = try run(["--export", folder + "/o.png", folder + "/none.png"], display: "")
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.errors.split(separator: "\n").count, 1, "one line: \(missing.errors)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/o.png"))
    }

    /// The README's own form, bare names in the current folder, writes there in every format;
    /// a picture with transparency keeps its alpha in PNG, WebP, TIFF and OpenRaster.
    func testExportTakesBareNamesAndKeepsTransparency() throws {
        let folder = NSTemporaryDirectory() + "x11paint-export-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let icon = Bitmap(width: 32, height: 24)
        icon.fill(PixelRect(x0: 4, y0: 4, x1: 16, y1: 16), with: Color(r: 255, g: 0, b: 0, a: 128).premultipliedPixel)
        icon.fill(PixelRect(x0: 18, y0: 4, x1: 28, y1: 16), with: Color(r: 0, g: 0, b: 255).premultipliedPixel)
        try PNGCodec.encode(icon).write(to: URL(fileURLWithPath: folder + "/in.png"))
        for name in ["o.png", "o.webp", "o.tif", "o.ora", "o.jpg", "o.bmp"] {
            let outcome = try run(["--export", name, "in.png"], display: "", in: folder)
            XCTAssertEqual(outcome.status, 0, "\(name): \(outcome.errors)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/" + name), name)
        }
        for name in ["o.png", "o.webp", "o.tif", "o.ora"] {
            let back = try run(["--export", "back-" + name + ".png", name], display: "", in: folder)
            XCTAssertEqual(back.status, 0, back.errors)
            let pixels = try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: folder + "/back-" + name + ".png")))
            XCTAssertEqual(pixels[0, 0] >> 24, 0, "\(name): transparent stays transparent")
            XCTAssertEqual(pixels[8, 8] >> 24, 128, "\(name): half-transparent stays half")
            XCTAssertEqual(pixels[20, 8], icon[20, 8], "\(name): opaque stays opaque")
        }
        let bmp = try BMPCodec.decode(Data(contentsOf: URL(fileURLWithPath: folder + "/o.bmp")))
        XCTAssertEqual(bmp[0, 0], 0xFFFF_FFFF, "BMP has no alpha: over white")
    }

    func testHelpGoesToStandardOutputAndSucceeds() throws {
        let help = try run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.output.contains("USAGE: x11paint"), help.output)
        XCTAssertTrue(help.output.contains("--size <WIDTHxHEIGHT>") && help.output.contains("--photo <FILE>"), help.output)
        XCTAssertEqual(help.errors, "")
    }

    /// --help speaks the user's language (the parser's own headings stay English).
    func testHelpIsInChineseInAChineseSession() throws {
        let simplified = try run(["--help"], language: "zh_CN.UTF-8")
        XCTAssertEqual(simplified.status, 0)
        XCTAssertTrue(simplified.output.contains("X11 画板"), simplified.output)
        XCTAssertTrue(simplified.output.contains("窗口大小"), simplified.output)
        let traditional = try run(["--help"], language: "zh_TW.UTF-8")
        XCTAssertTrue(traditional.output.contains("視窗大小"), traditional.output)
        let english = try run(["--help"], language: "en_GB.UTF-8")
        XCTAssertTrue(english.output.contains("A drawing board for X11"), english.output)
    }

    func testVersionIsPrinted() throws {
        let version = try run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.output.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, version.output)
    }

    func testATooSmallSizeSaysTheLimits() throws {
        let small = try run(["--size", "10x10"])
        XCTAssertEqual(small.status, 64, "EX_USAGE")
        XCTAssertTrue(small.errors.contains("'10x10' is invalid"), small.errors)
        XCTAssertTrue(small.errors.contains("from 480x360 to 16384x16384"), small.errors)
        XCTAssertEqual(small.output, "")
        let unknown = try run(["--colour", "red"])
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.errors.contains("--colour"), unknown.errors)
    }

    func testAMissingPhotoIsReportedOnStandardErrorAndTheAppStillStarts() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let home = NSTemporaryDirectory() + "x11paint-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home + "/config", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "640x480", "--photo", home + "/gone.png"])
        XCTAssertTrue(app.process.isRunning, "the window opened; the drawing is there to use")
        app.stop()
        XCTAssertTrue(app.standardError.contains("the photo \(home)/gone.png does not exist"), app.standardError)
    }
}

/// A FILE that cannot be opened (missing, not a picture, a folder) leaves the
/// window whole from its first frame, and a missing one is said on standard error too.
final class BadFileArgumentEndToEndTests: XvfbTestCase {
    func testTheBarsShowFromTheFirstFrameWhateverTheFile() throws {
        let notAPicture = home + "/notes.png"
        try Data("text".utf8).write(to: URL(fileURLWithPath: notAPicture))
        let client = try X11TestClient(display: server.display)
        let home: String = self.home
        for file in [home + "/missing.png", notAPicture, home] {
            let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600", file])
            try app.xdotool(["getwindowname", app.windowID])
            usleep(400_000)
            let shot = try XCTUnwrap(client.capture(window: UInt(app.windowID)!, width: 800, height: 600))
            let red = DrawingBoardViewController.palette[0].roundedTo8Bit
            XCTAssertEqual(shot.color(atX: 120, y: 565), red, "\(file): the bottom bar's first colour button shows")
            XCTAssertNotEqual(shot.color(atX: 400, y: 2), Color.white, "\(file): the toolbar shows")
            app.stop()
            if file.hasSuffix("missing.png") {
                XCTAssertTrue(app.standardError.contains("x11paint: the file \(file) does not exist"), app.standardError)
            }
        }
    }
}

/// The binary finds its icons and translations in the resource bundle the
/// build put beside it, from any folder; a copy taken away from them says so once, with the
/// variables that point it at them.
final class ResourceBundleEndToEndTests: XvfbTestCase {
    func testTheBuildsBinaryFindsItsBundleAndACopyAloneSaysWhatIsMissingOnce() throws {
        let built = try RunningApp(display: server.display, home: home, arguments: ["--size", "640x480"], extraEnvironment: ["LANG": "zh_CN.UTF-8"])
        try built.xdotool(["getwindowname", built.windowID])
        built.stop()
        XCTAssertFalse(built.standardError.contains("were not found"), built.standardError)
        // A copy alone in another folder.
        let lonely = home + "/elsewhere/bin"
        try FileManager.default.createDirectory(atPath: lonely, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: RunningApp.binaryPath, toPath: lonely + "/x11paint")
        let copy = Process()
        copy.executableURL = URL(fileURLWithPath: lonely + "/x11paint")
        copy.arguments = ["--size", "640x480"]
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = server.display
        environment["HOME"] = home
        environment["X11PAINT_NO_JOURNAL"] = "1"
        copy.environment = environment
        let errors = Pipe()
        copy.standardError = errors
        copy.standardOutput = FileHandle.nullDevice
        try copy.run()
        usleep(1_500_000)
        copy.terminate()
        copy.waitUntilExit()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let warnings = said.components(separatedBy: "were not found").count - 1
        XCTAssertEqual(warnings, 1, "one warning: \(said)")
        XCTAssertTrue(said.contains("icons and translations"), said)
        XCTAssertTrue(said.contains("X11PAINT_RESOURCES") && said.contains("X11PAINT_LOCALEDIR"), said)
        XCTAssertTrue(said.contains(lonely), "it says where it looked: \(said)")
    }
}
