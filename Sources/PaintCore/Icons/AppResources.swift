import Foundation

/// Where the app's own files are (Resources/ in the source tree: icons, later catalogs):
/// X11PAINT_RESOURCES when set; installed, PREFIX/share/x11paint beside PREFIX/bin; run from the
/// build folder, the Resources folder of the checkout the executable was built in.
public enum AppResources {
    public static let folder: String? = find(environment: ProcessInfo.processInfo.environment, executable: executablePath())

    static func find(environment: [String: String], executable: String?) -> String? {
        if let explicit = environment["X11PAINT_RESOURCES"], !explicit.isEmpty { return explicit }
        guard let executable else { return nil }
        var folder = (executable as NSString).deletingLastPathComponent
        let installed = ((folder as NSString).deletingLastPathComponent as NSString).appendingPathComponent("share/x11paint")
        if FileManager.default.fileExists(atPath: "\(installed)/icons") { return installed }
        // .build/<triple>/<configuration>/x11paint, or the test bundle beside it.
        for _ in 0..<6 {
            let candidate = (folder as NSString).appendingPathComponent("Resources")
            if FileManager.default.fileExists(atPath: "\(candidate)/icons") { return candidate }
            folder = (folder as NSString).deletingLastPathComponent
            if folder == "/" { break }
        }
        return nil
    }

    private static func executablePath() -> String? {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first
    }

    /// The compiled message catalogs (LANG/LC_MESSAGES/x11paint.mo): X11PAINT_LOCALEDIR; installed,
    /// PREFIX/share/locale; from the build folder, the checkout's .build/locale (made by
    /// scripts/compile-catalogs.sh, which make runs).
    public static let localeFolder: String? = findLocale(environment: ProcessInfo.processInfo.environment, executable: executablePath())

    static func findLocale(environment: [String: String], executable: String?) -> String? {
        if let explicit = environment["X11PAINT_LOCALEDIR"], !explicit.isEmpty { return explicit }
        guard let executable else { return nil }
        var folder = (executable as NSString).deletingLastPathComponent
        let installed = ((folder as NSString).deletingLastPathComponent as NSString).appendingPathComponent("share/locale")
        if FileManager.default.fileExists(atPath: "\(installed)/zh_CN/LC_MESSAGES/x11paint.mo") { return installed }
        for _ in 0..<6 {
            let candidate = (folder as NSString).appendingPathComponent(".build/locale")
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            if (folder as NSString).lastPathComponent == ".build" { return "\(folder)/locale" }
            folder = (folder as NSString).deletingLastPathComponent
            if folder == "/" { break }
        }
        return nil
    }

    /// The app's icons, a hicolor-style tree: the icon theme's last base directory.
    public static var iconsFolder: String? { folder.map { "\($0)/icons" } }
}
