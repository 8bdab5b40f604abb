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

    /// The app's icons, a hicolor-style tree: the icon theme's last base directory.
    public static var iconsFolder: String? { folder.map { "\($0)/icons" } }
}
