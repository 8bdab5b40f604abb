import Foundation
import PaintGraphics

/// The translations compiled once for the test run (msgfmt --check, as `make` does) and a way
/// to speak a language for a while: `Catalogs.speaking("zh_CN.UTF-8") { … }`.
package enum Catalogs {
    package static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The folder of compiled catalogs, or nil when msgfmt failed.
    package static let folder: String? = {
        let folder = NSTemporaryDirectory() + "x11paint-catalogs-" + UUID().uuidString
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\(repository)/scripts/compile-catalogs.sh \(folder)"]
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        return process.terminationStatus == 0 ? folder : nil
    }()

    /// Runs `body` with the interface in `locale`, then back in English.
    package static func speaking(_ locale: String, _ body: () throws -> Void) rethrows {
        Localization.start(environment: ["LANG": locale], catalogs: folder)
        defer { Localization.start(environment: ["LANG": "C.UTF-8"], catalogs: folder) }
        try body()
    }
}
