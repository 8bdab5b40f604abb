import Foundation

/// The desktop's shared thumbnail cache (the freedesktop Thumbnail Managing Standard, which
/// GNOME Files, Dolphin and GIMP use): `$XDG_CACHE_HOME/thumbnails/normal/<md5 of the file's
/// URI>.png`, at most 128 pixels, with the file's URI and modification time in the PNG's
/// Thumb::URI and Thumb::MTime. A thumbnail whose time differs from the file's is stale. So the
/// file manager's thumbnails are reused here, and ours there.
public struct ThumbnailCache: Sendable {
    /// The "normal" size's largest side.
    public static let normalSize = 128
    public let folder: String

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        folder = BaseDirectory.cache.path(environment: environment) + "/thumbnails/normal"
    }

    public init(folder: String) { self.folder = folder }

    /// The file's URI as the standard hashes it (GLib's g_filename_to_uri escaping).
    public static func uri(for path: String) -> String { RecentlyUsed.uri(for: path) }

    /// The cache file for `path` (nil without libcrypto's MD5, which names it).
    public func thumbnailPath(for path: String) -> String? { MD5Digest.hex(of: Self.uri(for: path)).map { folder + "/" + $0 + ".png" } }

    /// The cached thumbnail of `path` when there is a valid one (its URI and time match the file).
    public func thumbnail(for path: String) -> Bitmap? {
        guard let modified = Self.modificationTime(of: path),
              let file = thumbnailPath(for: path), let data = try? FileReader.read(file, limit: 4 << 20),
              PNGCodec.text("Thumb::URI", in: data) == Self.uri(for: path),
              PNGCodec.text("Thumb::MTime", in: data) == String(modified) else { return nil }
        return try? PNGCodec.decode(data, pixelLimit: UInt64(Self.normalSize * Self.normalSize))
    }

    /// Stores `thumbnail` (at most 128 pixels a side) for `path`: written whole under a
    /// temporary name and renamed, readable by the user alone, as the standard asks.
    public func store(_ thumbnail: Bitmap, for path: String) throws {
        guard thumbnail.width <= Self.normalSize, thumbnail.height <= Self.normalSize,
              let modified = Self.modificationTime(of: path), let file = thumbnailPath(for: path) else { return }
        // Thumbnails of the cache's own files are never made (the standard says so).
        guard !path.hasPrefix((folder as NSString).deletingLastPathComponent + "/") else { return }
        let size = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.stringValue ?? "0"
        let png = try PNGCodec.addingText([("Thumb::URI", Self.uri(for: path)), ("Thumb::MTime", String(modified)),
                                           ("Thumb::Size", size), ("Software", "X11Paint")], to: PNGCodec.encode(thumbnail))
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        _ = try AtomicFileWriter.replaceFile(png, at: file, mode: 0o600)
    }

    /// The file's modification time in whole seconds, as Thumb::MTime holds it.
    static func modificationTime(of path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int(info.st_mtim.tv_sec)
    }
}
