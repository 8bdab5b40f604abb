import Foundation

/// Tab in the chooser's path field, as a shell completes: the typed name's last part grows to
/// the longest beginning every match in its folder shares; a single folder gets its "/".
public enum PathCompletion {
    /// The completed text (unchanged when nothing matches); `~/` counts as the home folder and
    /// a name without a "/" is looked for in `folder`.
    public static func complete(_ typed: String, in folder: String, home: String, showingHidden: Bool = false) -> String {
        let (directory, prefix, matches) = candidates(typed, in: folder, home: home, showingHidden: showingHidden)
        guard let first = matches.first else { return typed }
        var common = first
        for name in matches.dropFirst() { common = String(common.commonPrefix(with: name)) }
        var added = String(common.dropFirst(prefix.count))
        if matches.count == 1 {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent(first), isDirectory: &isFolder), isFolder.boolValue {
                added += "/"
            }
        }
        return typed + added
    }

    /// The names in the typed name's folder that it could complete to, sorted (GTK's location
    /// field lists them when there are several).
    public static func matches(_ typed: String, in folder: String, home: String, showingHidden: Bool = false) -> [String] {
        candidates(typed, in: folder, home: home, showingHidden: showingHidden).matches
    }

    private static func candidates(_ typed: String, in folder: String, home: String, showingHidden: Bool) -> (directory: String, prefix: String, matches: [String]) {
        let expanded = HomeFolder.expandingTilde(in: typed, home: home)
        let absolute = expanded.hasPrefix("/") ? expanded : (folder as NSString).appendingPathComponent(expanded)
        let endsInSlash = absolute.hasSuffix("/")
        let directory = endsInSlash ? absolute : (absolute as NSString).deletingLastPathComponent
        let prefix = endsInSlash ? "" : (absolute as NSString).lastPathComponent
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return (directory, prefix, []) }
        return (directory, prefix, names.filter { $0.hasPrefix(prefix) && (showingHidden || prefix.hasPrefix(".") || !$0.hasPrefix(".")) }.sorted())
    }
}
