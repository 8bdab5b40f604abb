import Foundation

/// Finds icon files by name as the freedesktop Icon Theme Specification says: in the user's
/// theme, then the themes it inherits, then hicolor; in each theme the directory whose size
/// matches (or the closest one), across the base directories ($HOME/.icons,
/// $XDG_DATA_DIRS/icons, /usr/share/pixmaps, and the app's own icon folder last).
public final class IconTheme {
    package struct Directory {
        package enum Kind { case fixed, scalable, threshold }
        package let path: String
        package let size: Int
        package let scale: Int
        package let kind: Kind
        package let minSize: Int
        package let maxSize: Int
        package let threshold: Int

        package func matches(size wanted: Int, scale wantedScale: Int) -> Bool {
            guard scale == wantedScale else { return false }
            switch kind {
            case .fixed: return size == wanted
            case .scalable: return minSize <= wanted && wanted <= maxSize
            case .threshold: return size - threshold <= wanted && wanted <= size + threshold
            }
        }

        /// How far the directory's icons are from the wanted size, in pixels.
        package func distance(size wanted: Int, scale wantedScale: Int) -> Int {
            let pixels = wanted * wantedScale
            switch kind {
            case .fixed:
                return abs(size * scale - pixels)
            case .scalable:
                if pixels < minSize * scale { return minSize * scale - pixels }
                if pixels > maxSize * scale { return pixels - maxSize * scale }
                return 0
            case .threshold:
                if pixels < (size - threshold) * scale { return minSize * scale - pixels }
                if pixels > (size + threshold) * scale { return pixels - maxSize * scale }
                return 0
            }
        }
    }

    package struct Theme {
        package let name: String
        package let inherits: [String]
        package let directories: [Directory]
    }

    /// Where themes are looked for, in order.
    public let baseDirectories: [String]
    /// The user's theme first; hicolor is always tried last.
    public let themeName: String
    private var themes: [String: Theme?] = [:]
    /// The file names of each folder looked in, read once: a theme has a hundred folders in a
    /// few base directories, and asking for each possible file (tens of thousands of stats for
    /// a toolbar) took 230 ms at start. Kept as hashes of the names' bytes, read straight from
    /// the directory: as strings, the thousands of names Adwaita's folders hold were 0.7 MB of
    /// the heap at start.
    private var listings: [String: Set<Int>] = [:]
    /// The base directories that hold each theme.
    private var themeRoots: [String: [String]] = [:]
    private static let extensions = ["png", "svg", "xpm"]

    public init(themeName: String, baseDirectories: [String]) {
        self.themeName = themeName
        self.baseDirectories = baseDirectories
    }

    /// The theme the desktop would use: X11PAINT_ICON_THEME, then GTK's setting
    /// (gtk-icon-theme-name in settings.ini), then Adwaita; base directories per the spec, with
    /// `extraBaseDirectory` (the app's own icons) last.
    public static func forDesktop(environment: [String: String], extraBaseDirectory: String?) -> IconTheme {
        let home = environment["HOME"] ?? NSHomeDirectory()
        var bases = ["\(home)/.icons"]
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "\(home)/.local/share"
        bases.append("\(dataHome)/icons")
        let dataDirs = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        bases += dataDirs.split(separator: ":").map { "\($0)/icons" }
        bases.append("/usr/share/pixmaps")
        if let extraBaseDirectory { bases.append(extraBaseDirectory) }
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "\(home)/.config"
        let name = environment["X11PAINT_ICON_THEME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? gtkIconThemeName(settings: "\(configHome)/gtk-3.0/settings.ini")
            ?? "Adwaita"
        return IconTheme(themeName: name, baseDirectories: bases)
    }

    package static func gtkIconThemeName(settings path: String) -> String? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, parts[0] == "gtk-icon-theme-name", !parts[1].isEmpty { return parts[1] }
        }
        return nil
    }

    /// The file for an icon at `size` points and `scale` pixels per point, or nil.
    public func lookup(_ name: String, size: Int, scale: Int = 1) -> String? {
        var visited: Set<String> = []
        // The user's theme and what it inherits, then Adwaita (the fallback GTK
        // apps get), then hicolor, where applications install their own icons.
        for theme in [themeName, "Adwaita", "hicolor"] {
            if let file = lookup(name, size: size, scale: scale, inTheme: theme, visited: &visited) { return file }
        }
        // Unthemed icons.
        for base in baseDirectories {
            for ext in Self.extensions where contains(base, "\(name).\(ext)") { return "\(base)/\(name).\(ext)" }
        }
        return nil
    }

    private func lookup(_ name: String, size: Int, scale: Int, inTheme themeName: String, visited: inout Set<String>) -> String? {
        guard !visited.contains(themeName) else { return nil }
        visited.insert(themeName)
        guard let theme = theme(named: themeName) else { return nil }
        if let file = lookupIcon(name, size: size, scale: scale, in: theme) { return file }
        for parent in theme.inherits {
            if let file = lookup(name, size: size, scale: scale, inTheme: parent, visited: &visited) { return file }
        }
        return nil
    }

    /// The spec's LookupIcon: an exact size match first, then the closest.
    private func lookupIcon(_ name: String, size: Int, scale: Int, in theme: Theme) -> String? {
        var closest: (file: String, distance: Int)?
        for directory in theme.directories {
            let exact = directory.matches(size: size, scale: scale)
            let distance = directory.distance(size: size, scale: scale)
            if !exact, let closest, closest.distance <= distance { continue }
            for base in roots(of: theme.name) {
                let folder = "\(base)/\(theme.name)/\(directory.path)"
                for ext in Self.extensions where contains(folder, "\(name).\(ext)") {
                    let file = "\(folder)/\(name).\(ext)"
                    if exact { return file }
                    if closest.map({ distance < $0.distance }) ?? true { closest = (file, distance) }
                }
            }
        }
        return closest?.file
    }

    private func contains(_ folder: String, _ file: String) -> Bool {
        let names = listings[folder] ?? listing(of: folder)
        var name = file
        guard names.contains(name.withUTF8 { Self.hash(UnsafeRawBufferPointer($0)) }) else { return false }
        // Another name with the same hash is all but impossible; a stat makes it impossible.
        return FileManager.default.fileExists(atPath: "\(folder)/\(file)")
    }

    /// The hashes of the names in `folder` (none when it is missing, as most folders an index
    /// names are), read without making a string of each.
    private func listing(of folder: String) -> Set<Int> {
        var names = Set<Int>()
        if let directory = opendir(folder) {
            while let entry = readdir(directory) {
                withUnsafeBytes(of: &entry.pointee.d_name) { bytes in
                    let length = strnlen(bytes.baseAddress!.assumingMemoryBound(to: CChar.self), bytes.count)
                    names.insert(Self.hash(UnsafeRawBufferPointer(rebasing: bytes.prefix(length))))
                }
            }
            closedir(directory)
        }
        listings[folder] = names
        return names
    }

    private static func hash(_ bytes: UnsafeRawBufferPointer) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: bytes)
        return hasher.finalize()
    }

    private func roots(of theme: String) -> [String] {
        if let known = themeRoots[theme] { return known }
        let roots = baseDirectories.filter { FileManager.default.fileExists(atPath: "\($0)/\(theme)") }
        themeRoots[theme] = roots
        return roots
    }

    private func theme(named name: String) -> Theme? {
        if let known = themes[name] { return known }
        // The first index.theme found in the base directories describes the theme.
        let index = baseDirectories.lazy.map { "\($0)/\(name)/index.theme" }.first { FileManager.default.fileExists(atPath: $0) }
        let theme = index.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }.map { Self.parse($0, name: name) }
        themes[name] = theme
        return theme
    }

    /// Reads an index.theme: the [Icon Theme] group's Inherits and Directories, then each
    /// directory's group.
    private static func trimmed(_ text: Substring) -> Substring {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = text.firstIndex(where: { !blank($0) }), let last = text.lastIndex(where: { !blank($0) }) else { return "" }
        return text[first...last]
    }

    package static func parse(_ text: String, name: String) -> Theme {
        var groups: [String: [String: String]] = [:]
        var current = ""
        // hicolor's index names 650 folders in 3,600 lines: plain Substring work, no Foundation
        // trimming (that alone took 26 ms of the first toolbar).
        for raw in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = Self.trimmed(raw)
            if line.isEmpty || line.first == "#" { continue }
            if line.first == "[", line.last == "]" {
                current = String(line.dropFirst().dropLast())
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            groups[current, default: [:]][String(Self.trimmed(line[..<equals]))] = String(Self.trimmed(line[line.index(after: equals)...]))
        }
        let header = groups["Icon Theme"] ?? [:]
        func list(_ key: String) -> [String] {
            (header[key] ?? "").split(separator: ",").map { String(Self.trimmed($0)) }.filter { !$0.isEmpty }
        }
        let directories = (list("Directories") + list("ScaledDirectories")).compactMap { path -> Directory? in
            guard let group = groups[path], let size = group["Size"].flatMap({ Int($0) }) else { return nil }
            let kind: Directory.Kind
            switch group["Type"] {
            case "Fixed": kind = .fixed
            case "Scalable": kind = .scalable
            default: kind = .threshold
            }
            return Directory(path: path, size: size, scale: group["Scale"].flatMap { Int($0) } ?? 1, kind: kind,
                             minSize: group["MinSize"].flatMap { Int($0) } ?? size,
                             maxSize: group["MaxSize"].flatMap { Int($0) } ?? size,
                             threshold: group["Threshold"].flatMap { Int($0) } ?? 2)
        }
        return Theme(name: name, inherits: list("Inherits"), directories: directories)
    }
}
