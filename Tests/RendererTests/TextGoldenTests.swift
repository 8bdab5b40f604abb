import Foundation
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import XCTest

/// The text tool's rendering against reference renderings. The reference is
/// `hb-view` (HarfBuzz's own renderer: its shaping, glyph outlines drawn by cairo, unhinted),
/// run on the same font file: a kerned Latin line, a Chinese line and an Arabic phrase. Ours
/// must be close to it (FreeType's light hinting and rasterizer differ a little), and much
/// closer than the same text rendered wrongly (kerning off, Arabic letters left unjoined), so
/// the comparison can tell. Our own renderings are pinned as goldens besides, each for the face
/// it was made with: on a machine whose fontconfig picks another face (a desktop with Noto CJK
/// draws Chinese with it, not Droid Sans Fallback), HarfBuzz's rendering of that same face is
/// the whole check, and says so.
final class TextGoldenTests: XCTestCase {
    private let size = 48.0

    /// hb-view's rendering of a text in a font file, black on white, no margin; `features`
    /// turns OpenType features off to draw the text wrongly on purpose.
    private func reference(_ text: String, fontFile: String, features: String? = nil) throws -> Bitmap {
        let tool = try XCTUnwrap(["/usr/bin/hb-view", "/usr/local/bin/hb-view"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                 "hb-view is missing (apt-get install libharfbuzz-bin)")
        let output = NSTemporaryDirectory() + "x11paint-hb-view-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = [fontFile, text, "--font-size=\(Int(size))", "--margin=0", "-O", "png", "-o", output]
            + (features.map { ["--features=\($0)"] } ?? [])
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: output)))
    }

    /// Ours, black on white, on a canvas the reference's size, the first baseline where hb-view
    /// puts it (the font's ascender from the top).
    private func ours(_ layout: TextLayout, like reference: Bitmap, ascender: Double) -> Bitmap {
        let bitmap = Bitmap(width: reference.width, height: reference.height, color: .white)
        TextRenderer.draw(layout, color: .black, at: Point(x: 0, y: ascender - layout.ascender), clip: bitmap.bounds, on: bitmap)
        return bitmap
    }

    /// The least mean error over shifts of up to two pixels (the tools round the baseline and
    /// the extents differently).
    private func distance(_ a: Bitmap, _ b: Bitmap) -> Double {
        // Different widths (a text drawn wrongly is wider): compared on the larger canvas.
        let width = max(a.width, b.width), height = max(a.height, b.height)
        func padded(_ image: Bitmap) -> Bitmap {
            let canvas = Bitmap(width: width, height: height, color: .white)
            canvas.copy(image.bounds, from: image, toX: 0, y: 0)
            return canvas
        }
        let a = padded(a), b = padded(b)
        var best = Double.infinity
        for dy in -2...2 {
            for dx in -2...2 {
                let shifted = Bitmap(width: a.width, height: a.height, color: .white)
                shifted.copy(a.bounds, from: a, toX: dx, y: dy)
                best = min(best, ImageComparison.meanAbsoluteError(shifted, b))
            }
        }
        return best
    }

    /// The font file each golden was drawn with (the goldens of a text drawn with another face
    /// say nothing about this renderer).
    private static let goldenFaces = ["kerning": "DejaVuSans.ttf", "chinese": "DroidSansFallbackFull.ttf", "arabic": "DejaVuSans.ttf"]

    /// `features` off, or `wrongFont` instead, draw the text wrongly.
    private func compare(_ name: String, _ text: String, wrongly features: String? = nil, wrongFont: String? = nil,
                         file: StaticString = #filePath, line: UInt = #line) throws {
        let layout = TextLayout(text, pixelSize: size)
        let face = try XCTUnwrap(layout.lines[0].glyphs.last?.face, "no font for \(text)")
        XCTAssertTrue(layout.lines[0].glyphs.allSatisfy { $0.face === face }, "one font draws the whole line", file: file, line: line)
        let right = try reference(text, fontFile: face.file)
        let wrong = try reference(text, fontFile: wrongFont ?? face.file, features: features)
        let mine = ours(layout, like: right, ascender: face.metrics(pixelSize: size).ascender)
        let error = distance(mine, right), wrongError = distance(wrong, right)
        print("\(name): mean error \(String(format: "%.2f", error)) against hb-view, \(String(format: "%.2f", wrongError)) for the wrong rendering")
        // Light hinting (as GTK's hintslight) snaps horizontal edges where hb-view does not: a few levels.
        XCTAssertLessThan(error, 5, "\(name): close to HarfBuzz's own rendering", file: file, line: line)
        XCTAssertLessThan(error * 5, wrongError, "\(name): far closer than the text drawn wrongly", file: file, line: line)
        if error >= 5 { _ = ImageComparison.writeFailure(name: "text-\(name)", actual: mine, expected: right, cairo: wrong) }
        let faceFile = (face.file as NSString).lastPathComponent
        guard faceFile == Self.goldenFaces[name] else {
            return print("\(name): drawn with \(faceFile), not the golden's \(Self.goldenFaces[name] ?? "face"): HarfBuzz's rendering of it is the check")
        }
        try GoldenFiles.check("text-\(name)", mine, file: file, line: line)
    }

    func testAKernedLatinLine() throws {
        try compare("kerning", "AVATAR Wave To Yo", wrongly: "-kern")
    }

    func testAChineseLine() throws {
        // Wrong as it was before fallback fonts: the Latin face's missing-glyph boxes.
        let latin = try XCTUnwrap(FontFace.sansSerif).file
        try compare("chinese", "中文排版，你好世界", wrongFont: latin)
    }

    func testAnArabicPhrase() throws {
        try compare("arabic", "مرحبا بالعالم", wrongly: "-init,-medi,-fina,-isol,-rlig,-liga,-calt")
    }
}
