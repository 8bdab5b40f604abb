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

    deinit { fontshim_close(handle) }

    /// The user interface face, opened once. Nil (with a message on stderr) when no font is installed.
    static let sansSerif: FontFace? = {
        do {
            return try FontFace(pattern: "sans-serif")
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
