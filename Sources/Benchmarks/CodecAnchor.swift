import Foundation

/// scripts/codec-anchor.c: libheif, libavif and Little CMS timed inside one process for their
/// decoding alone (no process start, no output file), built once per run of the bench with the
/// system's C compiler against the Debian packages the app links.
enum CodecAnchor {
    private static let binary = NSTemporaryDirectory() + "x11paint-codec-anchor"
    private static var built: Bool?

    /// The best of `runs` in seconds for `arguments` (its usage line), nil when it cannot run.
    static func time(_ arguments: [String]) -> Double? {
        guard build() else { return nil }
        return AdjustmentWorkload.run([binary] + arguments).flatMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    private static func build() -> Bool {
        if let built { return built }
        let libraries = AdjustmentWorkload.run(["pkg-config", "--cflags", "--libs", "libheif", "libavif", "lcms2", "libtiff-4"])?
            .split(whereSeparator: \.isWhitespace).map(String.init)
        let made = libraries.map { AdjustmentWorkload.run(["cc", "-O2", "-o", binary, AdjustmentWorkload.script("codec-anchor.c")] + $0 + ["-lpthread"]) != nil } ?? false
        if !made { print("    (scripts/codec-anchor.c did not build: it needs cc, pkg-config and the libraries' -dev packages)") }
        built = made
        return made
    }
}
