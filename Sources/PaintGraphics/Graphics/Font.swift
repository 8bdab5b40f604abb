import CFontShim

/// A sans-serif font at one pixel size, with a cache of rendered glyphs.
public final class Font {
    public let size: Double
    public let ascender: Double
    public let descender: Double
    public let lineHeight: Double
    private let face: FontFace?
    private var glyphs: [Unicode.Scalar: Glyph] = [:]
    /// The ASCII glyphs once rendered, by code: a label's text is looked up a character at a
    /// time to measure and to draw it, and hashing each was a fifth of drawing one.
    private var asciiGlyphs = [Glyph?](repeating: nil, count: 128)

    private static var cache: [Double: Font] = [:]

    /// The interface font at a size in pixels.
    public static func system(size: Double) -> Font {
        if let font = cache[size] { return font }
        let font = Font(size: size, face: FontFace.sansSerif)
        cache[size] = font
        return font
    }

    private init(size: Double, face: FontFace?) {
        self.size = size
        self.face = face
        var ascender = size * 0.8, descender = -size * 0.2, lineHeight = size * 1.2
        if let face {
            fontshim_set_pixel_size(face.handle, size)
            fontshim_metrics(face.handle, &ascender, &descender, &lineHeight)
        }
        self.ascender = ascender
        self.descender = descender
        self.lineHeight = lineHeight
    }

    /// Whether glyphs can actually be drawn (a font file was found).
    public var isAvailable: Bool { face != nil }

    /// The face that draws a character: the interface's own when it has it, else the first of
    /// fontconfig's list for the character (any script, Latin included), else the own face's
    /// missing-glyph box.
    func face(for scalar: Unicode.Scalar) -> FontFace? {
        guard let face else { return nil }
        if !face.hasGlyph(for: scalar), let fallback = FontFace.fallback(for: scalar) { return fallback }
        return face
    }

    func glyph(for scalar: Unicode.Scalar) -> Glyph? {
        let isASCII = scalar.value < 128
        if isASCII, let glyph = asciiGlyphs[Int(scalar.value)] { return glyph }
        if let glyph = glyphs[scalar] { return glyph }
        guard let face = face(for: scalar) else { return nil }
        fontshim_set_pixel_size(face.handle, size)
        var rendered = fontshim_glyph()
        guard fontshim_render(face.handle, scalar.value, &rendered) == 0 else { return nil }
        let glyph = Glyph(rendered)
        glyphs[scalar] = glyph
        if isASCII { asciiGlyphs[Int(scalar.value)] = glyph }
        return glyph
    }

    /// The advance width of a string in pixels.
    public func width(of text: String) -> Double {
        text.unicodeScalars.reduce(0) { $0 + (glyph(for: $1)?.advance ?? 0) }
    }
}
