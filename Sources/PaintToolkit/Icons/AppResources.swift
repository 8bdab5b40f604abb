import Foundation

/// Where the app's own files are: X11PAINT_RESOURCES / X11PAINT_LOCALEDIR when set; installed,
/// under PREFIX/share beside PREFIX/bin; else the resource bundle SwiftPM builds beside the
/// binary (X11Paint_PaintToolkit.resources: the icons, and the catalogs the CompileCatalogs plugin
/// made), wherever the build folder is. When none has them, one warning says where it looked.
public enum AppResources {
    /// The bundle's name: SwiftPM's `<package>_<target>.resources`, next to the executable.
    package static let bundleName = "X11Paint_PaintToolkit.resources"

    /// A folder holding `icons/` (a hicolor-style tree): PREFIX/share/x11paint, or the bundle.
    public static let folder: String? = find(environment: ProcessInfo.processInfo.environment, executable: executablePath())

    /// The compiled message catalogs (LANG/LC_MESSAGES/x11paint.mo): PREFIX/share/locale, or a
    /// tree made from the bundle's catalogs.
    public static let localeFolder: String? = findLocale(environment: ProcessInfo.processInfo.environment, executable: executablePath())

    /// The app's icons, a hicolor-style tree: the icon theme's last base directory.
    public static var iconsFolder: String? { folder.map { "\($0)/icons" } }

    package static func find(environment: [String: String], executable: String?) -> String? {
        if let explicit = environment["X11PAINT_RESOURCES"], !explicit.isEmpty { return explicit }
        guard let executable else { return nil }
        let installed = prefix(of: executable) + "/share/x11paint"
        if exists("\(installed)/icons") { return installed }
        let bundle = bundlePath(beside: executable)
        return exists("\(bundle)/icons") ? bundle : nil
    }

    package static func findLocale(environment: [String: String], executable: String?, linksIn scratch: String = defaultScratch) -> String? {
        if let explicit = environment["X11PAINT_LOCALEDIR"], !explicit.isEmpty { return explicit }
        guard let executable else { return nil }
        let installed = prefix(of: executable) + "/share/locale"
        if exists("\(installed)/zh_CN/LC_MESSAGES/x11paint.mo") { return installed }
        return localeTree(fromBundle: bundlePath(beside: executable), in: scratch)
    }

    /// gettext reads `<folder>/<language>/LC_MESSAGES/x11paint.mo`; the bundle holds the
    /// catalogs flat (`x11paint-<language>.mo`): a private folder of links gives them that shape.
    package static func localeTree(fromBundle bundle: String, in scratch: String) -> String? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: bundle) else { return nil }
        let catalogs = names.filter { $0.hasPrefix("x11paint-") && $0.hasSuffix(".mo") }
        guard !catalogs.isEmpty else { return nil }
        for name in catalogs {
            let language = String(name.dropFirst("x11paint-".count).dropLast(3))
            let folder = "\(scratch)/\(language)/LC_MESSAGES"
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            unlink("\(folder)/x11paint.mo")
            guard symlink("\(bundle)/\(name)", "\(folder)/x11paint.mo") == 0 else { return nil }
        }
        return scratch
    }

    /// Where the links go: the user's runtime folder (XDG), else their cache folder; never a
    /// shared temporary folder, where someone else could have put a folder of that name first.
    package static var defaultScratch: String {
        let environment = ProcessInfo.processInfo.environment
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") { return runtime + "/x11paint-locale" }
        let cache = BaseDirectory.cache.path(environment: environment)
        return cache + "/x11paint/locale"
    }

    /// What is missing, where it was looked for, and how to say where it is; nil when all was found.
    public static func missingResourcesWarning() -> String? {
        let executable = executablePath()
        var missing: [String] = []
        if folder == nil { missing.append("icons") }
        if localeFolder == nil { missing.append("translations") }
        guard !missing.isEmpty else { return nil }
        let places = executable.map { ["\(prefix(of: $0))/share/x11paint", "\(prefix(of: $0))/share/locale", bundlePath(beside: $0)] } ?? []
        return "the app's \(missing.joined(separator: " and ")) were not found (looked in \(places.joined(separator: ", "))); "
            + "set X11PAINT_RESOURCES (the folder holding icons/) and X11PAINT_LOCALEDIR (the folder holding <language>/LC_MESSAGES/x11paint.mo)"
    }

    private static func prefix(of executable: String) -> String {
        ((executable as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
    }

    private static func bundlePath(beside executable: String) -> String {
        ((executable as NSString).deletingLastPathComponent as NSString).appendingPathComponent(bundleName)
    }

    private static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    private static func executablePath() -> String? {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first
    }
}
