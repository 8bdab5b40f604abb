import Foundation
import DrawingBoard
import TestSupport
import XCTest

/// Libheif and libavif, with the HEVC and AV1 codecs they bring, are
/// opened only when a phone picture is: a drawing started without one has none of them mapped;
/// started with an AVIF, libavif is there and the picture is the drawing. librsvg (with cairo
/// and pixman) likewise, only when an SVG is drawn: the first start draws the icons with it,
/// a warm start takes them from the icon cache and never opens it; nor libcrypto, whose MD5 only
/// names thumbnails, nor GdkPixbuf (with gio), which only reads and writes BMP, nor libtiff, nor
/// libxml2 (with ICU), which reads and writes the recently-used list and OpenRaster's stack.xml,
/// nor the JPEG, WebP and GIF codecs and Little CMS, which only a picture of theirs needs, nor
/// HarfBuzz (with GLib, graphite2 and PCRE2) and FriBidi, which lay out the text tool's blocks.
final class CodecLoadingEndToEndTests: XCTestCase {
    func testPhonePictureLibrariesLoadOnlyWhenAPictureNeedsThem() throws {
        let server = try XvfbServer(width: 1200, height: 900)
        let home = try newHome("codecs")
        let plain = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600"])
        try plain.xdotool(["getwindowname", plain.windowID])
        let atStart = plain.mappedLibraries
        plain.stop()
        XCTAssertTrue(atStart.contains { $0.hasPrefix("libpng") }, "the maps were read: \(atStart.sorted())")
        for library in ["libheif", "libavif", "libdav1d", "libaom", "librav1e", "libx265", "libde265"] {
            XCTAssertFalse(atStart.contains { $0.hasPrefix(library) }, "\(library) is not loaded at start")
        }

        let picture = Bitmap(width: 120, height: 80, color: Color(r: 200, g: 60, b: 30))
        let png = home + "/source.png", avif = home + "/photo.avif"
        try PNGCodec.encode(picture).write(to: URL(fileURLWithPath: png))
        XCTAssertEqual(try ExternalCommand.run("/usr/bin/avifenc", ["-s", "8", png, avif]).status, 0)
        try FileManager.default.createDirectory(atPath: home + "/second/config", withIntermediateDirectories: true)
        let opening = try RunningApp(display: server.display, home: home + "/second", arguments: ["--size", "800x600", avif])
        try opening.xdotool(["getwindowname", opening.windowID])
        var loaded = false, title = ""
        for _ in 0..<50 where !(loaded && title.contains("photo.avif")) {
            loaded = opening.mappedLibraries.contains { $0.hasPrefix("libavif") }
            title = try opening.xdotool(["getwindowname", opening.windowID])
            usleep(100_000)
        }
        opening.stop()
        XCTAssertTrue(loaded, "libavif is loaded to open the AVIF")
        XCTAssertTrue(title.contains("photo.avif"), title)
    }

    func testLibrsvgLoadsOnlyWhenAnSVGIsDrawn() throws {
        let server = try XvfbServer(width: 1200, height: 900)
        let home = try newHome("rsvg")
        func librariesOfAStart() throws -> Set<String> {
            let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600"])
            defer { app.stop() }
            try app.xdotool(["getwindowname", app.windowID])
            // The first frame (its icons) is drawn once the window is mapped.
            usleep(500_000)
            return app.mappedLibraries
        }
        let cold = try librariesOfAStart()
        XCTAssertTrue(cold.contains { $0.hasPrefix("librsvg") }, "the first start draws its SVG icons: \(cold.sorted())")
        let warm = try librariesOfAStart()
        XCTAssertTrue(warm.contains { $0.hasPrefix("libpng") }, "the maps were read: \(warm.sorted())")
        for library in ["librsvg", "libcairo", "libpixman", "libcrypto", "libgdk_pixbuf", "libgio", "libtiff", "libLerc", "libjbig",
                        "libxml2", "libicuuc", "libjpeg", "libwebp", "libgif", "liblcms2", "libharfbuzz", "libglib", "libgraphite2",
                        "libpcre2", "libfribidi"] {
            XCTAssertFalse(warm.contains { $0.hasPrefix(library) }, "\(library) is not loaded at a warm start")
        }
    }

    /// The interface's labels are laid out by FreeType alone: HarfBuzz and FriBidi (and the
    /// GLib HarfBuzz brings) wait for the first words typed with the text tool. (A first start
    /// has them: librsvg, drawing the icons, brings Pango's.)
    func testTextShapingLibrariesLoadWithTheFirstWordsTyped() throws {
        let server = try XvfbServer(width: 1200, height: 900)
        let home = try warmedHome("shaping", on: server)
        let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600"])
        defer { app.stop() }
        try app.xdotool(["windowfocus", "--sync", app.windowID])
        usleep(500_000)
        let atStart = app.mappedLibraries
        XCTAssertTrue(atStart.contains { $0.hasPrefix("libfreetype") }, "the maps were read: \(atStart.sorted())")
        for library in ["libharfbuzz", "libfribidi", "libglib"] {
            XCTAssertFalse(atStart.contains { $0.hasPrefix(library) }, "\(library) is not loaded at start")
        }
        try app.key("t")
        try app.click(300, 300)
        try app.type("Ab")
        XCTAssertTrue(app.wait { ["libharfbuzz", "libfribidi"].allSatisfy { name in app.mappedLibraries.contains { $0.hasPrefix(name) } } },
                      "typing opened HarfBuzz and FriBidi: \(app.mappedLibraries.sorted())")
    }

    /// A HarfBuzz that is not the library it should be (an empty one, found first through
    /// LD_LIBRARY_PATH): the words typed are still laid out, unshaped, and kept, and the log
    /// says why, once.
    func testTextIsLaidOutWithoutAShapingLibraryAndTheLogSaysWhy() throws {
        let server = try XvfbServer(width: 1200, height: 900)
        // A warm start: a first start's librsvg would bring HarfBuzz itself (Pango's).
        let home = try warmedHome("unshaped", on: server)
        let fake = home + "/lib"
        try FileManager.default.createDirectory(atPath: fake, withIntermediateDirectories: true)
        _ = try ExternalTool.run("clang", ["-shared", "-x", "c", "/dev/null", "-o", fake + "/libharfbuzz.so.0"],
                                 environment: ProcessInfo.processInfo.environment)
        let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600"],
                                 extraEnvironment: ["LD_LIBRARY_PATH": fake])
        try app.xdotool(["windowfocus", "--sync", app.windowID])
        try app.key("t")
        try app.click(300, 300)
        try app.type("Ab")
        try app.key("Escape")
        try app.xdotool(["getwindowname", app.windowID])
        usleep(300_000)
        XCTAssertTrue(app.process.isRunning, "the app goes on without shaping")
        // The letters are on the canvas, right of and below the click.
        let client = try X11TestClient(display: server.display)
        let shot = try XCTUnwrap(client.capture(window: UInt(app.windowID)!, width: 800, height: 600))
        var inked = 0
        for y in 290..<340 { for x in 290..<380 where shot.color(atX: x, y: y).green < 0.5 { inked += 1 } }
        XCTAssertGreaterThan(inked, 40, "two letters drawn (pixels of the pen's red)")
        app.stop()
        let texts = DocumentJournal.recover(folder: home + "/.local/state/x11paint").document.items.compactMap { item -> String? in
            if case .text(let block) = item { return block.text }
            return nil
        }
        XCTAssertEqual(texts, ["Ab"], "the words were laid out and kept")
        let log = app.standardError
        XCTAssertEqual(log.components(separatedBy: "text is laid out without shaping").count - 1, 1, log)
        XCTAssertTrue(log.contains("libharfbuzz.so.0 could not be opened"), log)
    }

    /// A home the app has started in once (drawing and keeping its icons), for a warm start.
    private func warmedHome(_ name: String, on server: XvfbServer) throws -> String {
        let home = try newHome(name)
        let first = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600"])
        try first.xdotool(["getwindowname", first.windowID])
        usleep(500_000)
        first.stop()
        return home
    }

    /// An empty home (with its config folder) for the app, removed when the test ends.
    private func newHome(_ name: String) throws -> String {
        let home = NSTemporaryDirectory() + "x11paint-\(name)-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home + "/config", withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: home) }
        return home
    }
}
