import Foundation
import DrawingBoard

/// text/uri-list, as drag sources send dropped files: one URI a line, # comments, CRLF,
/// percent-escapes. Only local file URIs become paths.
public enum URIList {
    public static func paths(from text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).compactMap { line in
            let uri = line.trimmingCharacters(in: .whitespaces)
            guard !uri.isEmpty, !uri.hasPrefix("#") else { return nil }
            guard uri.hasPrefix("file://") else { return uri.hasPrefix("/") ? uri : nil }
            var rest = uri.dropFirst("file://".count)
            // file://host/path: only the local host.
            if !rest.hasPrefix("/") {
                guard let slash = rest.firstIndex(of: "/") else { return nil }
                let host = rest[..<slash]
                guard host == "localhost" || host == ProcessInfo.processInfo.hostName else { return nil }
                rest = rest[slash...]
            }
            return Self.percentDecoded(rest)
        }
    }

    /// A URI's path as the file's name: percent escapes are bytes, and a name that is not UTF-8
    /// is kept byte for byte (Foundation's decoding gave nil, and the drop was lost).
    static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var utf8 = text.utf8[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) else { return nil }
            bytes.append(value)
            utf8 = utf8.dropFirst(2)
        }
        return SystemPath.string(fromBytes: bytes)
    }
}
