import Foundation
import XCTest
@testable import PaintGraphics

/// The text tool's layout. Glyphs, their order and their positions are checked against
/// `hb-shape` (HarfBuzz's own command-line shaper, run on the same font file: Debian's
/// libharfbuzz-bin, which `make test` installs), so kerning, ligatures, Arabic joining and
/// right-to-left order are what HarfBuzz gives GTK and Qt, not what this code believes.
final class TextLayoutTests: XCTestCase {
    private let size = 48.0

    /// hb-shape's glyphs for a text in a font file: (glyph, cluster, advance in pixels) in visual order.
    private func referenceShaping(_ text: String, fontFile: String) throws -> [(glyph: UInt32, cluster: Int, advance: Double)] {
        let tool = try XCTUnwrap(["/usr/bin/hb-shape", "/usr/local/bin/hb-shape"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                 "hb-shape is missing (apt-get install libharfbuzz-bin)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        // Positions in font units (the default): scaled here, as exactly as our layout scales them.
        process.arguments = [fontFile, text, "--no-glyph-names", "--output-format=json"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let upem = try unitsPerEm(fontFile)
        let glyphs = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [[String: Int]])
        return glyphs.map { (UInt32($0["g"]!), $0["cl"]!, Double($0["ax"]!) * size / upem) }
    }

    /// The font's units per em, from `hb-info`-free means: its 'head' table read by HarfBuzz's
    /// shaper at a 1-unit size would do, but the two fonts used here are known TrueType files.
    private func unitsPerEm(_ file: String) throws -> Double {
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        // The table directory: find 'head', unitsPerEm is at offset 18 in it (OpenType spec).
        let tables = Int(data[4]) << 8 | Int(data[5])
        for i in 0..<tables {
            let entry = 12 + 16 * i
            if data[entry..<entry + 4].elementsEqual("head".utf8) {
                let offset = Int(data[entry + 8]) << 24 | Int(data[entry + 9]) << 16 | Int(data[entry + 10]) << 8 | Int(data[entry + 11])
                return Double(Int(data[offset + 18]) << 8 | Int(data[offset + 19]))
            }
        }
        throw XCTSkip("no head table in \(file)")
    }

    private func glyphs(of layout: TextLayout) -> [TextLayout.PlacedGlyph] { layout.lines.flatMap(\.glyphs) }

    func testKerningPairsAreKernedAsHarfBuzzKernsThem() throws {
        let face = try XCTUnwrap(FontFace.sansSerif, "no font installed")
        let layout = TextLayout("AVATAR", pixelSize: size)
        let reference = try referenceShaping("AVATAR", fontFile: face.file)
        let placed = glyphs(of: layout)
        XCTAssertEqual(placed.map(\.glyph), reference.map(\.glyph))
        // HarfBuzz over FreeType rounds each advance to 1/64 pixel: within that per glyph.
        var pen = 0.0
        for (i, (glyph, expected)) in zip(placed, reference).enumerated() {
            XCTAssertEqual(glyph.x, pen, accuracy: Double(i + 1) / 64, "glyph \(glyph.glyph) where HarfBuzz puts it")
            pen += expected.advance
        }
        XCTAssertEqual(layout.width, pen, accuracy: Double(placed.count) / 64)
        // And the pair really is kerned: A then V is narrower than A's own advance.
        let alone = TextLayout("A", pixelSize: size).width
        XCTAssertLessThan(placed[1].x - placed[0].x, alone - 1, "AV kerned tighter than A's advance")
    }

    func testArabicIsJoinedIntoLigaturesAndRunsRightToLeft() throws {
        let word = "سلام"
        let layout = TextLayout(word, pixelSize: size)
        // Whichever face draws Arabic here (DejaVu Sans has it), hb-shape shapes with the same file.
        let face = try XCTUnwrap(layout.lines[0].glyphs.first?.face, "no font for Arabic")
        let reference = try referenceShaping(word, fontFile: face.file)
        XCTAssertEqual(glyphs(of: layout).map(\.glyph), reference.map(\.glyph), "the joined forms and the lam-alef ligature, in visual order")
        XCTAssertLessThan(reference.count, word.unicodeScalars.count, "lam and alef became one glyph")
        let line = layout.lines[0]
        XCTAssertTrue(line.isRightToLeft)
        // The caret before the first letter is at the right end, after the last at the left end.
        XCTAssertEqual(layout.caret(atScalar: 0).x, layout.width, accuracy: 0.5)
        XCTAssertEqual(layout.caret(atScalar: 4).x, 0, accuracy: 0.5)
        XCTAssertGreaterThan(layout.caret(atScalar: 1).x, layout.caret(atScalar: 2).x, "each letter further left")
    }

    func testMixedDirectionsAreOrderedByTheBidiAlgorithm() throws {
        let layout = TextLayout("abc سلام xyz", pixelSize: size)
        let line = layout.lines[0]
        let face = try XCTUnwrap(line.glyphs.dropFirst(5).first?.face, "no font for Arabic")
        XCTAssertFalse(line.isRightToLeft, "the paragraph starts with Latin")
        let arabic = try referenceShaping("سلام", fontFile: face.file).map(\.glyph)
        let ids = line.glyphs.map(\.glyph)
        // Left to right on screen: a b c space, the Arabic word as HarfBuzz orders it, space x y z.
        let start = try XCTUnwrap(ids.firstIndex(of: arabic[0]))
        XCTAssertEqual(Array(ids[start..<start + arabic.count]), arabic)
        XCTAssertEqual(start, 4, "after abc and a space")
        XCTAssertTrue(zip(line.glyphs, line.glyphs.dropFirst()).allSatisfy { $0.x < $1.x }, "placed left to right")
        // The caret moves right through abc, left through the Arabic, right through xyz.
        XCTAssertLessThan(layout.caret(atScalar: 1).x, layout.caret(atScalar: 2).x)
        XCTAssertGreaterThan(layout.caret(atScalar: 5).x, layout.caret(atScalar: 6).x)
        XCTAssertLessThan(layout.caret(atScalar: 10).x, layout.caret(atScalar: 11).x)
    }

    func testChineseComesFromAFallbackFaceAtFullWidth() throws {
        let face = try XCTUnwrap(FontFace.sansSerif, "no font installed")
        let cjk = try XCTUnwrap(FontFace.fallback(for: "你"), "no CJK font (make test installs fonts-droid-fallback)")
        let layout = TextLayout("Hi 你好", pixelSize: size)
        let placed = glyphs(of: layout)
        XCTAssertEqual(placed.count, 5)
        XCTAssertTrue(placed[0].face === face && placed[2].face === face, "Latin and the space from the interface's face")
        XCTAssertTrue(placed[3].face === cjk && placed[4].face === cjk)
        XCTAssertEqual(placed[4].x - placed[3].x, size, accuracy: 0.5, "ideographs are one em wide")
    }

    func testLinesBreakAtNewlinesAndCaretsFollowThem() throws {
        _ = try XCTUnwrap(FontFace.sansSerif, "no font installed")
        let layout = TextLayout("ab\n\ncd", pixelSize: size)
        XCTAssertEqual(layout.lines.count, 3)
        XCTAssertEqual(layout.height, 3 * layout.lineHeight, accuracy: 1e-9)
        XCTAssertEqual(layout.lines[1].glyphs.count, 0)
        XCTAssertEqual(layout.lines[2].baseline - layout.lines[0].baseline, 2 * layout.lineHeight, accuracy: 1e-9)
        // Offsets: a0 b1 \n2 \n3 c4 d5; the empty line's caret is at its start.
        XCTAssertEqual(layout.caret(atScalar: 3).line, 1)
        XCTAssertEqual(layout.caret(atScalar: 3).x, 0)
        XCTAssertEqual(layout.caret(atScalar: 4).line, 2)
        XCTAssertEqual(layout.caret(atScalar: 2).line, 0, "the end of the first line")
        // A click on the third line after its end puts the caret at the text's end.
        XCTAssertEqual(layout.scalarOffset(at: Point(x: 500, y: 2.5 * layout.lineHeight)), 6)
        XCTAssertEqual(layout.scalarOffset(at: Point(x: -5, y: 0)), 0)
    }

    func testLayoutScalesExactlyWithThePixelSize() throws {
        _ = try XCTUnwrap(FontFace.sansSerif, "no font installed")
        // Unhinted advances: a HiDPI layer (twice the pixels) places every glyph twice as far.
        let one = TextLayout("Typography, 照片", pixelSize: 20), two = TextLayout("Typography, 照片", pixelSize: 40)
        // Within the 1/64 pixel HarfBuzz rounds each advance to.
        for (i, (a, b)) in zip(glyphs(of: one), glyphs(of: two)).enumerated() { XCTAssertEqual(b.x, 2 * a.x, accuracy: Double(i + 1) * 3 / 64) }
        XCTAssertEqual(two.width, 2 * one.width, accuracy: 0.5)
    }
}
