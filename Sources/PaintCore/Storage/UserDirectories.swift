/// Parses `user-dirs.dirs` as xdg-user-dirs writes it: lines of `XDG_NAME_DIR="$HOME/path"` or
/// `XDG_NAME_DIR="/absolute/path"`, `#` comments, backslash escapes inside the quotes.
public enum UserDirectories {
    /// The directories by key (for example "XDG_PICTURES_DIR"), with `$HOME` expanded.
    public static func parse(_ contents: String, home: String) -> [String: String] {
        var result: [String: String] = [:]
        for rawLine in contents.split(whereSeparator: \.isNewline) {
            let line = rawLine.drop(while: { $0 == " " || $0 == "\t" })
            if line.isEmpty || line.first == "#" { continue }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters(in: " \t")
            guard key.hasPrefix("XDG_"), key.hasSuffix("_DIR"),
                  let value = unquote(line[line.index(after: equals)...].trimmingCharacters(in: " \t")) else { continue }
            if let expanded = expandHome(value, home: home) { result[key] = expanded }
        }
        return result
    }

    /// The value between double quotes with escapes resolved; unquoted values are taken as they are.
    static func unquote(_ text: String) -> String? {
        guard text.first == "\"" else { return text.isEmpty ? nil : text }
        var value = ""
        var escaped = false
        for character in text.dropFirst() {
            if escaped {
                value.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                return value
            } else {
                value.append(character)
            }
        }
        return nil // no closing quote: the line is malformed
    }

    /// `$HOME/x` and `${HOME}/x` become absolute; other relative paths are refused, as xdg-user-dirs does.
    static func expandHome(_ value: String, home: String) -> String? {
        for prefix in ["$HOME", "${HOME}"] where value == prefix || value.hasPrefix(prefix + "/") {
            return home + value.dropFirst(prefix.count)
        }
        return value.hasPrefix("/") ? value : nil
    }
}

private extension StringProtocol {
    func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let c = s.first, set.contains(c) { s.removeFirst() }
        while let c = s.last, set.contains(c) { s.removeLast() }
        return String(s)
    }
}
