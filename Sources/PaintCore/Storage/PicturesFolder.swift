import Foundation

/// Where artwork is saved: the XDG Pictures directory, else ~/Pictures.
public enum PicturesFolder {
    /// Resolves the folder from an environment (HOME, XDG_CONFIG_HOME) without creating it.
    public static func resolve(environment: [String: String]) -> String {
        let home = HomeFolder.resolve(environment: environment)
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        let fallback = home + "/Pictures"
        guard let contents = FileReader.text(configHome + "/user-dirs.dirs") else {
            return fallback
        }
        guard let pictures = UserDirectories.parse(contents, home: home)["XDG_PICTURES_DIR"] else { return fallback }
        // xdg-user-dirs sets a directory to $HOME itself to disable it.
        let normalized = pictures.hasSuffix("/") && pictures.count > 1 ? String(pictures.dropLast()) : pictures
        return normalized == home ? fallback : normalized
    }
}
