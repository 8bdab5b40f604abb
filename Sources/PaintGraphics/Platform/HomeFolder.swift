import Foundation

/// One home for everything: `$HOME` when set (as the shell and every desktop app take it),
/// else the password database's. Saving, the journal, the config and the paths a user types
/// with `~/` all resolve through here, so they never disagree.
public enum HomeFolder {
    public static func resolve(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
    }

    /// A typed path with `~` or `~/…` at its start made absolute in `home`; other paths as given.
    public static func expandingTilde(in path: String, home: String) -> String {
        if path == "~" { return home }
        guard path.hasPrefix("~/") else { return path }
        return (home.hasSuffix("/") ? String(home.dropLast()) : home) + path.dropFirst(1)
    }
}
