import Foundation

/// The desktop's recently-used list, `$XDG_DATA_HOME/recently-used.xbel` (the XBEL file GLib's
/// GBookmarkFile reads and writes, which GNOME's and KDE's Recent show): opening or saving a
/// file records it with the app's name and the file's MIME type. Other applications' entries
/// are kept as they are; the file is replaced whole (a temporary file, renamed), and a file
/// that cannot be read is left alone rather than overwritten.
public struct RecentlyUsed {
    public let path: String
    /// The app as the list names it, and how to run it on a file (GLib's `exec` with `%u`).
    public static let applicationName = "X11Paint"
    public static let exec = "'x11paint %u'"

    public struct RecentError: Error, CustomStringConvertible {
        public let description: String
    }

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        path = BaseDirectory.data.path(environment: environment) + "/recently-used.xbel"
    }

    public init(path: String) { self.path = path }

    /// Records `file` (an absolute path) as used by X11Paint now.
    public func add(_ file: String, now: Date = Date()) throws {
        let document: XMLTree
        if access(path, F_OK) == 0 {
            do {
                let data = try FileReader.read(path, limit: 64 << 20)
                // A list cut short is refused whole: its end tag is missing, and the parser is
                // strict (it would say so too, where libxml2's recovery would read a shorter list).
                let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                guard text.hasSuffix("</xbel>") else { throw RecentError(description: "it is not a whole XBEL file") }
                document = try XMLTree(data: data)
            } catch {
                throw RecentError(description: "\(path) could not be read, so it is left as it is: \(error)")
            }
        } else {
            document = try XMLTree(data: Data(Self.emptyList.utf8))
        }
        guard let root = document.root, root.name == "xbel" else {
            throw RecentError(description: "\(path) is not an XBEL file, so it is left as it is")
        }
        let stamp = Self.timestamp(now)
        let href = Self.uri(for: file)
        let bookmark = try root.children(named: "bookmark").first { $0.attribute("href") == href }
            ?? Self.newBookmark(href: href, mimeType: Self.mimeType(of: file), added: stamp, in: root)
        for name in ["modified", "visited"] { try bookmark.setAttribute(name, to: stamp) }
        try Self.noteApplication(in: bookmark, at: stamp)
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        _ = try AtomicFileWriter.replaceFile(document.data(indented: true), at: path, mode: 0o600)
    }

    /// The files X11Paint recorded, most recent first (File → Open Recent).
    public func files() -> [String] {
        guard let data = try? FileReader.read(path, limit: 64 << 20),
              let document = try? XMLTree(data: data), let root = document.root else { return [] }
        let ours = root.children(named: "bookmark").filter { bookmark in
            Self.descendants(of: bookmark, named: "application").contains { $0.attribute("name") == Self.applicationName }
        }
        return ours.sorted { ($0.attribute("modified") ?? "") > ($1.attribute("modified") ?? "") }
            .compactMap { $0.attribute("href").flatMap { URL(string: $0)?.path } }
    }

    // MARK: - XBEL

    private static let emptyList = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xbel version=\"1.0\""
        + " xmlns:bookmark=\"http://www.freedesktop.org/standards/desktop-bookmarks\""
        + " xmlns:mime=\"http://www.freedesktop.org/standards/shared-mime-info\"></xbel>"

    private static func newBookmark(href: String, mimeType: String, added: String, in root: XMLTree.Element) throws -> XMLTree.Element {
        let bookmark = try root.addElement("bookmark")
        try bookmark.setAttribute("href", to: href)
        try bookmark.setAttribute("added", to: added)
        let metadata = try bookmark.addElement("info").addElement("metadata")
        try metadata.setAttribute("owner", to: "http://freedesktop.org")
        try metadata.addElement("mime:mime-type").setAttribute("type", to: mimeType)
        try metadata.addElement("bookmark:applications")
        return bookmark
    }

    /// X11Paint's <bookmark:application> in the bookmark: its count goes up, its time is now.
    private static func noteApplication(in bookmark: XMLTree.Element, at stamp: String) throws {
        guard let applications = descendants(of: bookmark, named: "applications").first else { return }
        let ours = descendants(of: applications, named: "application").first { $0.attribute("name") == applicationName }
        let application = try ours ?? applications.addElement("bookmark:application")
        if ours == nil {
            try application.setAttribute("name", to: applicationName)
            try application.setAttribute("exec", to: exec)
        }
        try application.setAttribute("modified", to: stamp)
        let count = Int(application.attribute("count") ?? "0") ?? 0
        try application.setAttribute("count", to: String(count + 1))
    }

    /// Elements below `element` whose name, without its namespace prefix, is `name` (parsed
    /// ones carry their namespace, ones made here only the prefixed name).
    private static func descendants(of element: XMLTree.Element, named name: String) -> [XMLTree.Element] {
        element.children.flatMap { child -> [XMLTree.Element] in
            let local = child.localName
            let matches = local == name || local.hasSuffix(":" + name)
            return (matches ? [child] : []) + descendants(of: child, named: name)
        }
    }

    /// GLib's form: ISO 8601 in UTC with microseconds.
    static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSSSSS'Z'"
        return formatter.string(from: date)
    }

    /// A file URI, its bytes percent-escaped as GLib's g_filename_to_uri does.
    static func uri(for file: String) -> String {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/!$&'()*+,;=:@")
        return "file://" + SystemPath.bytes(of: file).map { byte in
            let scalar = Unicode.Scalar(byte)
            return byte < 0x80 && allowed.contains(scalar) ? String(Character(scalar)) : String(format: "%%%02X", byte)
        }.joined()
    }

    static func mimeType(of file: String) -> String { PictureFormat(path: file)?.mimeType ?? "application/octet-stream" }
}
