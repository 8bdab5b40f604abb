import CFontShim

/// A font file found through fontconfig and opened with FreeType.
final class FontFace {
    let handle: OpaquePointer
    let file: String

    init(pattern: String) throws {
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

    func hasGlyph(for scalar: Unicode.Scalar) -> Bool { fontshim_has_glyph(handle, scalar.value) != 0 }

    private static var fallbacks: [String: FontFace] = [:]
    private static var fallbackByScalar: [Unicode.Scalar: FontFace?] = [:]

    /// A face that can draw a character this one lacks (fontconfig's choice), shared by file.
    static func fallback(for scalar: Unicode.Scalar) -> FontFace? {
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
    static let sansSerif: FontFace? = {
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
