import Foundation

/// Where the app's own files are: X11PAINT_RESOURCES / X11PAINT_LOCALEDIR when set; installed,
/// under PREFIX/share beside PREFIX/bin; run from the build folder, in the checkout the
/// executable was built in (.build/<triple>/<configuration>/x11paint, or a test bundle there).
public enum AppResources {
    /// Resources/ (icons): PREFIX/share/x11paint, or the checkout's Resources.
    public static let folder: String? = find(environment: ProcessInfo.processInfo.environment, executable: executablePath())

    /// The compiled message catalogs (LANG/LC_MESSAGES/x11paint.mo): PREFIX/share/locale, or the
    /// checkout's .build/locale (made by scripts/compile-catalogs.sh, which make runs).
    public static let localeFolder: String? = findLocale(environment: ProcessInfo.processInfo.environment, executable: executablePath())

    /// The app's icons, a hicolor-style tree: the icon theme's last base directory.
    public static var iconsFolder: String? { folder.map { "\($0)/icons" } }

    static func find(environment: [String: String], executable: String?) -> String? {
        locate(explicit: environment["X11PAINT_RESOURCES"], executable: executable,
               installed: "share/x11paint", installedMarker: "icons", inCheckout: "Resources", checkoutMarker: "icons")
    }

    static func findLocale(environment: [String: String], executable: String?) -> String? {
        locate(explicit: environment["X11PAINT_LOCALEDIR"], executable: executable,
               installed: "share/locale", installedMarker: "zh_CN/LC_MESSAGES/x11paint.mo", inCheckout: ".build/locale", checkoutMarker: nil)
    }

    /// The explicit folder; else `installed` under the executable's prefix when `installedMarker`
    /// is in it; else `inCheckout` in the nearest of the executable's ancestors that has it.
    private static func locate(explicit: String?, executable: String?, installed: String, installedMarker: String,
                               inCheckout: String, checkoutMarker: String?) -> String? {
        if let explicit, !explicit.isEmpty { return explicit }
        guard let executable else { return nil }
        var folder = (executable as NSString).deletingLastPathComponent
        let prefix = ((folder as NSString).deletingLastPathComponent as NSString).appendingPathComponent(installed)
        if FileManager.default.fileExists(atPath: "\(prefix)/\(installedMarker)") { return prefix }
        for _ in 0..<6 {
            let candidate = (folder as NSString).appendingPathComponent(inCheckout)
            if FileManager.default.fileExists(atPath: checkoutMarker.map { "\(candidate)/\($0)" } ?? candidate) { return candidate }
            folder = (folder as NSString).deletingLastPathComponent
            if folder == "/" { break }
        }
        return nil
    }

    private static func executablePath() -> String? {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first
    }
}
