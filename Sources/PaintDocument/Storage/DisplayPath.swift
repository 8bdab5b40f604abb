/// A path as a message shows it: whole when short; a long one keeps its start and its end (the
/// file's name and ending) around an ellipsis, so the reason after it still fits the message
/// line. The log keeps the whole path.
public enum DisplayPath {
    /// Characters a path may take in a message.
    public static let limit = 96

    public static func short(_ path: String, limit: Int = limit) -> String {
        let shown = SystemPath.displayed(path)
        guard shown.count > limit else { return shown }
        let tail = limit * 2 / 3, head = limit - tail - 1
        return String(shown.prefix(head)) + "…" + String(shown.suffix(tail))
    }
}
