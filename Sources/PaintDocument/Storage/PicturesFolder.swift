import Foundation

/// Where artwork is saved: the XDG Pictures directory, else ~/Pictures.
public enum PicturesFolder {
    /// Resolves the folder from an environment (HOME, XDG_CONFIG_HOME) without creating it.
    public static func resolve(environment: [String: String]) -> String {
        let home = HomeFolder.resolve(environment: environment)
        let configHome = BaseDirectory.config.path(environment: environment)
        let fallback = home + "/Pictures"
        guard let contents = FileReader.text(configHome + "/user-dirs.dirs") else {
            return fallback
        }
        guard let pictures = UserDirectories.parse(contents, home: home)["XDG_PICTURES_DIR"] else { return fallback }
        // xdg-user-dirs sets a directory to $HOME itself to disable it.
        let normalized = pictures.hasSuffix("/") && pictures.count > 1 ? String(pictures.dropLast()) : pictures
        return normalized == home ? fallback : normalized
    }

    /// Whether a save could write there: the folder, or the nearest of its parents that exists
    /// (Save makes the rest), is writable by this user on a filesystem mounted for writing.
    public static func canWrite(_ folder: String) -> Bool {
        var path = folder
        while !path.isEmpty && path != "/" && access(path, F_OK) != 0 { path = (path as NSString).deletingLastPathComponent }
        guard access(path.isEmpty ? "/" : path, W_OK) == 0 else { return false }
        var fs = statvfs()
        return statvfs(path.isEmpty ? "/" : path, &fs) != 0 || fs.f_flag & UInt(ST_RDONLY) == 0
    }
}
