import Foundation

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
            return String(rest).removingPercentEncoding
        }
    }
}
