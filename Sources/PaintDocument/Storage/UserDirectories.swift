/// Parses `user-dirs.dirs` exactly as xdg-user-dirs' own lookup code reads it (not as a shell
/// would): a line is `XDG_NAME_DIR="$HOME/path"` or `XDG_NAME_DIR="/absolute/path"`; a
/// backslash takes the next character literally (so `\n` is `n`); the value ends at the next
/// unescaped quote or at the end of the line; anything else (`${HOME}`, no quotes, a relative
/// path) is ignored; a later line for the same key wins.
public enum UserDirectories {
    /// The directories by key (for example "XDG_PICTURES_DIR"), with `$HOME` expanded.
    public static func parse(_ contents: String, home: String) -> [String: String] {
        var result: [String: String] = [:]
        for rawLine in contents.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            var line = Substring(rawLine).drop { $0 == " " || $0 == "\t" }
            guard line.hasPrefix("XDG_") else { continue }
            let key = String(line.prefix { $0 != "=" && $0 != " " && $0 != "\t" })
            guard key.hasSuffix("_DIR") else { continue }
            line = line.dropFirst(key.count).drop { $0 == " " || $0 == "\t" }
            guard line.first == "=" else { continue }
            line = line.dropFirst().drop { $0 == " " || $0 == "\t" }
            guard line.first == "\"" else { continue }
            line = line.dropFirst()
            var value: String
            if line.hasPrefix("$HOME/") {
                value = home + "/"
                line = line.dropFirst(6)
            } else if line.hasPrefix("$HOME\"") {
                result[key] = home
                continue
            } else if line.first == "/" {
                value = ""
            } else {
                continue
            }
            var escaped = false
            for character in line {
                if escaped {
                    value.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    break
                } else {
                    value.append(character)
                }
            }
            if escaped { value.append("\\") } // a backslash at the very end stays
            result[key] = value
        }
        return result
    }
}
