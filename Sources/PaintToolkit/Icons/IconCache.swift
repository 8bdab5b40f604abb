import Foundation

/// Icons drawn from SVG, kept as their pixels in `$XDG_CACHE_HOME/x11paint/icons`, so every
/// start after the first shows the toolbar without running librsvg: drawing the icons cost
/// 7.8 MB of resident memory at start (59.9 against 52.1 MB, measured beside
/// mtPaint). An entry names the SVG's path, size, modification time and the pixel size, so a
/// changed file or another size is drawn anew. The premultiplied pixels are kept as they are
/// (a PNG would round translucent ones), behind a header that is checked before they are used.
public final class IconCache {
    private let folder: String?
    private static let magic = Array("X11PAINT-ICON-1\n".utf8)
    /// Far above any icon (256x256 pixels are 256 KB): a bigger file is not an entry.
    private static let largestEntry = 4 << 20

    /// `folder` nil: nothing is kept (each icon drawn every time).
    public init(folder: String?) {
        self.folder = folder
    }

    public static func forDesktop(environment: [String: String]) -> IconCache {
        IconCache(folder: BaseDirectory.cache.path(environment: environment) + "/x11paint/icons")
    }

    /// The icon the SVG at `path` draws at `pixels` square: from the cache when it holds this
    /// version of the file at this size, else drawn by `draw` and kept. A cache that cannot be
    /// read or written only costs the drawing.
    func bitmap(svg path: String, pixels: Int, draw: () -> Bitmap?) -> Bitmap? {
        guard let folder, let key = Self.key(svg: path, pixels: pixels) else { return draw() }
        let entry = folder + "/" + Self.fileName(for: key)
        if let kept = Self.read(entry, key: key, pixels: pixels) { return kept }
        guard let drawn = draw() else { return nil }
        Self.write(drawn, key: key, folder: folder, to: entry)
        return drawn
    }

    /// What the entry must say it holds: nil when the file cannot be looked at.
    private static func key(svg path: String, pixels: Int) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return "\(path)|\(status.st_size)|\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)|\(pixels)"
    }

    /// FNV-1a of the key: a short, stable name (the key itself is checked inside).
    private static func fileName(for key: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16) + ".icon"
    }

    private static func read(_ entry: String, key: String, pixels: Int) -> Bitmap? {
        var status = stat()
        guard stat(entry, &status) == 0, status.st_size <= largestEntry,
              let data = FileManager.default.contents(atPath: entry) else { return nil }
        let keyBytes = Array(key.utf8)
        let headerSize = magic.count + 4 + keyBytes.count + 8
        guard data.count == headerSize + pixels * pixels * 4 else { return nil }
        return data.withUnsafeBytes { raw -> Bitmap? in
            guard raw.prefix(magic.count).elementsEqual(magic) else { return nil }
            var offset = magic.count
            func word() -> Int {
                defer { offset += 4 }
                return Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
            }
            guard word() == keyBytes.count, raw[offset..<offset + keyBytes.count].elementsEqual(keyBytes) else { return nil }
            offset += keyBytes.count
            guard word() == pixels, word() == pixels else { return nil }
            let bitmap = Bitmap(width: pixels, height: pixels)
            for i in 0..<pixels * pixels {
                bitmap.pixels[i] = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 4 * i, as: UInt32.self))
            }
            return bitmap
        }
    }

    private static func write(_ bitmap: Bitmap, key: String, folder: String, to entry: String) {
        var data = Data(magic)
        func append(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { data.append(contentsOf: $0) } }
        let keyBytes = Array(key.utf8)
        append(keyBytes.count)
        data.append(contentsOf: keyBytes)
        append(bitmap.width)
        append(bitmap.height)
        data.reserveCapacity(data.count + bitmap.width * bitmap.height * 4)
        for i in 0..<bitmap.width * bitmap.height { append(Int(bitmap.pixels[i])) }
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // Written beside and renamed: a reader sees a whole entry or none.
        try? data.write(to: URL(fileURLWithPath: entry), options: .atomic)
    }
}
