import Foundation

/// The chooser's places, as GTK's sidebar has them: Home, Desktop, Pictures, Documents (the
/// XDG user folders that exist), Recent, then the user's GTK bookmarks
/// (`~/.config/gtk-3.0/bookmarks`: one `file:///path Optional label` a line).
public struct Place: Equatable, Sendable {
    public enum Kind: Equatable, Sendable { case folder, recent }
    public let name: String
    public let path: String
    public let kind: Kind

    public init(name: String, path: String, kind: Kind = .folder) {
        self.name = name
        self.path = path
        self.kind = kind
    }

    /// The user's places: the user folders from `user-dirs.dirs` and the bookmarks from
    /// `gtk-3.0/bookmarks`, both in the XDG config folder.
    public static func forUser(home: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> [Place] {
        let config = BaseDirectory.config.path(environment: environment)
        let folders = FileReader.text(config + "/user-dirs.dirs").map { UserDirectories.parse($0, home: home) } ?? [:]
        return standard(home: home, userDirectories: folders, bookmarks: FileReader.text(config + "/gtk-3.0/bookmarks"))
    }

    /// The places for `home`, its user folders (`userDirectories` keyed "XDG_PICTURES_DIR" and
    /// so on) and bookmarks file; folders that are not there are left out.
    public static func standard(home: String, userDirectories: [String: String], bookmarks: String?) -> [Place] {
        func exists(_ path: String) -> Bool {
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
        }
        var places = [Place(name: tr("Home"), path: home)]
        for (key, name, fallback) in [("XDG_DESKTOP_DIR", tr("Desktop"), "Desktop"), ("XDG_PICTURES_DIR", tr("Pictures"), "Pictures"),
                                      ("XDG_DOCUMENTS_DIR", tr("Documents"), "Documents")] {
            let path = userDirectories[key] ?? home + "/" + fallback
            if path != home, exists(path) { places.append(Place(name: name, path: path)) }
        }
        places.append(Place(name: tr("Recent"), path: "", kind: .recent))
        places += parseBookmarks(bookmarks ?? "").filter { exists($0.path) }
        return places
    }

    /// GTK's bookmarks: the URI, then after a space the label (else the folder's name).
    public static func parseBookmarks(_ contents: String) -> [Place] {
        contents.split(whereSeparator: \.isNewline).compactMap { line in
            let parts = line.split(separator: " ", maxSplits: 1)
            guard let first = parts.first, let url = URL(string: String(first)), url.isFileURL, !url.path.isEmpty else { return nil }
            let label = parts.count > 1 ? String(parts[1]).trimmingCharacters(in: .whitespaces) : ""
            return Place(name: label.isEmpty ? (url.path as NSString).lastPathComponent : label, path: url.path)
        }
    }
}
