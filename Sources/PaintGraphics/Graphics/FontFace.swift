import CFontShim

/// A font file found through fontconfig and opened with FreeType.
package final class FontFace {
    package let handle: OpaquePointer
    package let file: String

    package init(pattern: String) throws {
        var error = [CChar](repeating: 0, count: 256)
        guard let handle = fontshim_open(pattern, &error, error.count) else {
            throw FontError.unavailable(String(cString: error))
        }
        self.handle = handle
        file = String(cString: fontshim_file(handle))
    }

    private init(handle: OpaquePointer) {
        self.handle = handle
        file = String(cString: fontshim_file(handle))
    }

    deinit { fontshim_close(handle) }

    package func hasGlyph(for scalar: Unicode.Scalar) -> Bool { fontshim_has_glyph(handle, scalar.value) != 0 }

    /// Ascender (up, positive), descender (down, negative) and line height at a pixel size.
    package func metrics(pixelSize: Double) -> (ascender: Double, descender: Double, lineHeight: Double) {
        fontshim_set_pixel_size(handle, pixelSize)
        var ascender = 0.0, descender = 0.0, lineHeight = 0.0
        fontshim_metrics(handle, &ascender, &descender, &lineHeight)
        return (ascender, descender, lineHeight)
    }

    /// Glyphs of shaped text, by glyph index, size and quarter-pixel phase.
    private struct RenderedGlyphKey: Hashable {
        let glyph: UInt32
        let pixelSize: Double
        let quarter: Int
    }
    private var renderedGlyphs: [RenderedGlyphKey: Glyph] = [:]

    /// A glyph of shaped text at a pixel size, its outline moved right by `quarter` quarter
    /// pixels (text placed at fractional positions keeps its spacing at every size).
    package func glyph(_ index: UInt32, pixelSize: Double, quarter: Int) -> Glyph? {
        let key = RenderedGlyphKey(glyph: index, pixelSize: pixelSize, quarter: quarter)
        if let glyph = renderedGlyphs[key] { return glyph }
        fontshim_set_pixel_size(handle, pixelSize)
        var rendered = fontshim_glyph()
        guard fontshim_render_glyph(handle, index, Double(quarter) / 4, &rendered) == 0 else { return nil }
        let glyph = Glyph(rendered)
        // A bound, not an eviction policy: a document's text uses a few hundred glyphs.
        if renderedGlyphs.count > 4096 { renderedGlyphs.removeAll(keepingCapacity: true) }
        renderedGlyphs[key] = glyph
        return glyph
    }

    private static var fallbacks: [String: FontFace] = [:]
    private static var fallbackByScalar: [Unicode.Scalar: FontFace?] = [:]

    /// A face that can draw a character this one lacks (fontconfig's choice), shared by file.
    package static func fallback(for scalar: Unicode.Scalar) -> FontFace? {
        if let known = fallbackByScalar[scalar] { return known }
        var face: FontFace?
        if let handle = fontshim_open_covering("sans-serif", scalar.value) {
            let candidate = FontFace(handle: handle)
            face = fallbacks[candidate.file] ?? candidate
            fallbacks[candidate.file] = face
        }
        fallbackByScalar[scalar] = face
        return face
    }

    /// The user interface face, opened once. Nil (with a message on stderr) when no font is installed.
    package static let sansSerif: FontFace? = {
        do {
            // The interface's own face is asked for by Latin coverage: in a Chinese locale
            // fontconfig's "sans-serif" is a CJK face (Droid Sans Fallback) without Latin
            // letters, and every label drew as boxes. Other scripts come from `fallback(for:)`.
            return try FontFace(pattern: "sans-serif:lang=en")
        } catch {
            Log.warning("text will not be drawn: \(error)")
            return nil
        }
    }()
}

public enum FontError: Error, CustomStringConvertible {
    case unavailable(String)

    public var description: String {
        switch self {
        case .unavailable(let message): return message
        }
    }
}
