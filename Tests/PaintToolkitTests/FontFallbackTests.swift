import XCTest
@testable import PaintToolkit
@testable import PaintGraphics
import ToolkitTestSupport
import TestSupport

/// Text in any script the installed fonts cover. Each character is drawn by the
/// interface's face when it has it and by the face fontconfig finds for it otherwise; the
/// Latin part of a mixed string is drawn exactly as on its own.
final class FontFallbackTests: XCTestCase {
    private let font = Font.system(size: 15)

    func testEveryCharacterOfAMixedStringHasAFaceThatDrawsIt() throws {
        try XCTSkipUnless(font.isAvailable, "no font installed")
        // Latin, Chinese (Droid Sans Fallback on Debian: `make test` installs it), a symbol.
        for scalar in "Undo 撤销 照片 ★ é".unicodeScalars where scalar != " " {
            let face = try XCTUnwrap(font.face(for: scalar), "a face for U+\(String(scalar.value, radix: 16))")
            XCTAssertTrue(face.hasGlyph(for: scalar), "U+\(String(scalar.value, radix: 16)) drawn by \(face.file), not as a box")
            let glyph = try XCTUnwrap(font.glyph(for: scalar))
            XCTAssertTrue(glyph.coverage.contains { $0 > 128 }, "U+\(String(scalar.value, radix: 16)) has ink")
        }
        XCTAssertNotEqual(font.face(for: "撤")?.file, font.face(for: "U")?.file, "Chinese from a CJK face, Latin from the interface's")
    }

    func testTheLatinPartOfAMixedStringIsDrawnAsOnItsOwn() throws {
        try XCTSkipUnless(font.isAvailable, "no font installed")
        func render(_ text: String) -> Bitmap {
            let bitmap = Bitmap(width: 200, height: 30, color: .white)
            GraphicsContext(bitmap: bitmap).draw(text, at: Point(x: 4, y: 20), font: font, color: .black)
            return bitmap
        }
        let latin = render("Undo"), mixed = render("Undo撤销")
        let width = Int(font.width(of: "Undo").rounded(.down)) + 4
        var differing = 0, inked = 0
        for y in 0..<30 {
            for x in 0..<width {
                if latin[x, y] != mixed[x, y] { differing += 1 }
                if latin[x, y] != Color.white.premultipliedPixel { inked += 1 }
            }
        }
        XCTAssertGreaterThan(inked, 20, "Undo is drawn")
        XCTAssertEqual(differing, 0, "identical pixels")
        // And the Chinese after it is drawn too.
        var chineseInk = 0
        for y in 0..<30 { for x in width + 2..<200 where mixed[x, y] != Color.white.premultipliedPixel { chineseInk += 1 } }
        XCTAssertGreaterThan(chineseInk, 20)
    }

    /// No translated message draws a box. Every character of every msgstr in both
    /// Chinese catalogs has a face that draws it (Droid Sans Fallback, which `make test`
    /// installs, is the only CJK font a Debian machine may have, and it has no Latin letters).
    func testEveryCharacterOfEveryChineseTranslationHasAFace() throws {
        try XCTSkipUnless(font.isAvailable, "no font installed")
        for language in ["zh_CN", "zh_TW"] {
            let catalog = try String(contentsOfFile: "\(Catalogs.repository)/po/\(language).po", encoding: .utf8)
            var missing: Set<String> = []
            var checked = 0
            for line in catalog.components(separatedBy: "\n") where line.hasPrefix("msgstr") {
                guard let open = line.firstIndex(of: "\"") else { continue }
                for scalar in line[line.index(after: open)...].dropLast().unicodeScalars where scalar.value > 0x20 {
                    checked += 1
                    if !(font.face(for: scalar)?.hasGlyph(for: scalar) ?? false) { missing.insert(String(scalar)) }
                }
            }
            XCTAssertGreaterThan(checked, 1000, language)
            XCTAssertEqual(missing, [], "\(language): characters no installed font draws")
        }
    }

    /// A long label in a fixed place shrinks a little, then ends in "…", never spills.
    func testALongLabelShrinksThenEndsInAnEllipsisWithinItsWidth() throws {
        try XCTSkipUnless(font.isAvailable, "no font installed")
        let text = "崩溃恢复已暂停。画作仍完好地显示在屏幕上"
        let label = Label(text: text, frame: Rect(x: 0, y: 0, width: 1000, height: 24))
        label.font = Font.system(size: 15)
        XCTAssertEqual(label.fitted.text, text, "room enough: as it is")
        XCTAssertEqual(label.fitted.font.size, 15)
        let full = label.font.width(of: text)
        label.frame = Rect(x: 0, y: 0, width: (full * 0.9).rounded(), height: 24)
        XCTAssertEqual(label.fitted.text, text, "a little short: the whole text, smaller")
        XCTAssertLessThan(label.fitted.font.size, 15)
        XCTAssertLessThanOrEqual(label.fitted.font.width(of: label.fitted.text), label.bounds.width)
        label.frame = Rect(x: 0, y: 0, width: 120, height: 24)
        XCTAssertTrue(label.fitted.text.hasSuffix("…"), label.fitted.text)
        XCTAssertTrue(text.hasPrefix(String(label.fitted.text.dropLast())))
        XCTAssertLessThanOrEqual(label.fitted.font.width(of: label.fitted.text), 120)
    }
}
