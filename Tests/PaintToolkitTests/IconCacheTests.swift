import Foundation
@testable import PaintToolkit
import XCTest

/// Icons drawn from SVG are kept between runs (librsvg at start cost 7.8 MB).
final class IconCacheTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("icon-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A translucent circle: its premultiplied edge pixels would round through a PNG.
    private func writeSVG(named name: String, fill: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><circle cx="8" cy="8" r="6.3" fill="\(fill)" fill-opacity="0.6"/></svg>
        """
        try svg.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func draw(_ path: String, pixels: Int) -> Bitmap? {
        SVGRenderer.render(file: path, width: pixels, height: pixels)
    }

    func testASecondRunTakesTheKeptPixelsExactlyWithoutDrawing() throws {
        let svg = try writeSVG(named: "dot.svg", fill: "#3070c0")
        let cache = IconCache(folder: folder.appendingPathComponent("cache").path)
        var draws = 0
        let first = try XCTUnwrap(cache.bitmap(svg: svg, pixels: 24) { draws += 1; return draw(svg, pixels: 24) })
        // Another cache on the same folder: the next start of the app.
        let again = IconCache(folder: folder.appendingPathComponent("cache").path)
        let second = try XCTUnwrap(again.bitmap(svg: svg, pixels: 24) { draws += 1; return draw(svg, pixels: 24) })
        XCTAssertEqual(draws, 1, "the second start reads the kept icon")
        XCTAssertEqual((0..<24 * 24).map { first.pixels[$0] }, (0..<24 * 24).map { second.pixels[$0] })
        XCTAssertTrue((0..<24 * 24).contains { first.pixels[$0] >> 24 != 0 && first.pixels[$0] >> 24 != 255 }, "translucent pixels were kept")
        // Another size is another entry.
        _ = again.bitmap(svg: svg, pixels: 32) { draws += 1; return draw(svg, pixels: 32) }
        XCTAssertEqual(draws, 2)
    }

    func testAChangedFileIsDrawnAnew() throws {
        let svg = try writeSVG(named: "dot.svg", fill: "#3070c0")
        let cache = IconCache(folder: folder.appendingPathComponent("cache").path)
        let blue = try XCTUnwrap(cache.bitmap(svg: svg, pixels: 16) { draw(svg, pixels: 16) })
        // The theme updated: new contents (and a new modification time).
        _ = try writeSVG(named: "dot.svg", fill: "#c03030")
        var drew = false
        let red = try XCTUnwrap(cache.bitmap(svg: svg, pixels: 16) { drew = true; return draw(svg, pixels: 16) })
        XCTAssertTrue(drew)
        XCTAssertNotEqual(blue.pixels[8 * 16 + 8], red.pixels[8 * 16 + 8])
    }

    func testADamagedEntryIsDrawnAgainAndReplaced() throws {
        let svg = try writeSVG(named: "dot.svg", fill: "#3070c0")
        let cacheFolder = folder.appendingPathComponent("cache")
        let cache = IconCache(folder: cacheFolder.path)
        let drawn = try XCTUnwrap(cache.bitmap(svg: svg, pixels: 16) { draw(svg, pixels: 16) })
        let entry = try XCTUnwrap(FileManager.default.contentsOfDirectory(atPath: cacheFolder.path).first)
        let entryPath = cacheFolder.appendingPathComponent(entry).path
        for damage in [Data("X11PAINT-ICON-1\n".utf8), Data(count: 0), Data(repeating: 0xFF, count: 1 << 12)] {
            try damage.write(to: URL(fileURLWithPath: entryPath))
            var drew = false
            let again = try XCTUnwrap(cache.bitmap(svg: svg, pixels: 16) { drew = true; return draw(svg, pixels: 16) })
            XCTAssertTrue(drew, "a damaged entry is not used")
            XCTAssertEqual(again.pixels[8 * 16 + 8], drawn.pixels[8 * 16 + 8])
        }
        var drew = false
        _ = cache.bitmap(svg: svg, pixels: 16) { drew = true; return draw(svg, pixels: 16) }
        XCTAssertFalse(drew, "the replaced entry is good")
    }

    func testAnUnwritableCacheOnlyCostsTheDrawing() throws {
        let svg = try writeSVG(named: "dot.svg", fill: "#3070c0")
        // A file where the folder should be: nothing can be kept.
        let blocked = folder.appendingPathComponent("blocked")
        try Data().write(to: blocked)
        let cache = IconCache(folder: blocked.appendingPathComponent("icons").path)
        var draws = 0
        for _ in 0..<2 { XCTAssertNotNil(cache.bitmap(svg: svg, pixels: 16) { draws += 1; return draw(svg, pixels: 16) }) }
        XCTAssertEqual(draws, 2)
    }
}
