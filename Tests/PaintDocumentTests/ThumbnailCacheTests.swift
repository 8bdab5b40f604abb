import Foundation
import XCTest
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport

/// The freedesktop thumbnail cache: entries named by the MD5 of the file's URI,
/// with Thumb::URI and Thumb::MTime, read back only while the file is unchanged; checked
/// against GLib's URI and Python's own PNG chunk and MD5 code.
final class ThumbnailCacheTests: XCTestCase {
    private let temp = TemporaryDirectory()

    private func python(_ script: String, _ arguments: [String] = []) throws -> String {
        let result = try ExternalCommand.python(script, arguments)
        XCTAssertEqual(result.status, 0, result.output)
        return result.output
    }

    func testAStoredThumbnailIsAValidEntryAndComesBackUntilTheFileChanges() throws {
        let cache = ThumbnailCache(folder: temp.path + "/cache/thumbnails/normal")
        let picture = temp.path + "/Holiday photos/été #1.png"
        try FileManager.default.createDirectory(atPath: temp.path + "/Holiday photos", withIntermediateDirectories: true)
        try PNGCodec.encode(Bitmap(width: 300, height: 200, color: .blue)).write(to: URL(fileURLWithPath: picture))
        let thumbnail = Bitmap(width: 128, height: 85, color: .red)
        try cache.store(thumbnail, for: picture)
        // GLib's URI for the file and Python's MD5 of it name the entry.
        let uri = try python("from gi.repository import GLib; import sys; print(GLib.filename_to_uri(sys.argv[1], None))", [picture])
        XCTAssertEqual(ThumbnailCache.uri(for: picture), uri)
        let name = try python("import hashlib, sys; print(hashlib.md5(sys.argv[1].encode()).hexdigest())", [uri])
        let entry = try XCTUnwrap(cache.thumbnailPath(for: picture), "libcrypto's MD5 names the entry")
        XCTAssertEqual(entry, cache.folder + "/" + name + ".png")
        // Python reads the tEXt chunks and checks every chunk's CRC with zlib.
        let chunks = try python("""
            import struct, sys, zlib
            data = open(sys.argv[1], 'rb').read(); at = 8; out = []
            assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n'
            while at < len(data):
                n, = struct.unpack('>I', data[at:at+4]); kind = data[at+4:at+8]; body = data[at+8:at+8+n]
                crc, = struct.unpack('>I', data[at+8+n:at+12+n]); assert zlib.crc32(kind + body) == crc, kind
                if kind == b'tEXt': out.append(body.decode('latin-1').replace('\\0', '='))
                at += 12 + n
            print('\\n'.join(out))
            """, [entry])
        var info = stat()
        stat(picture, &info)
        XCTAssertTrue(chunks.contains("Thumb::URI=" + uri), chunks)
        XCTAssertTrue(chunks.contains("Thumb::MTime=\(info.st_mtim.tv_sec)"), chunks)
        let mode = try FileManager.default.attributesOfItem(atPath: entry)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600, "private to the user, as the standard asks")
        let back = try XCTUnwrap(cache.thumbnail(for: picture))
        XCTAssertEqual(back.width, 128)
        XCTAssertEqual(back.color(atX: 10, y: 10), .red)
        // The file changes (a new time): the entry is stale.
        var times = [timespec(tv_sec: info.st_mtim.tv_sec + 60, tv_nsec: 0), timespec(tv_sec: info.st_mtim.tv_sec + 60, tv_nsec: 0)]
        XCTAssertEqual(utimensat(AT_FDCWD, picture, &times, 0), 0)
        XCTAssertNil(cache.thumbnail(for: picture), "a thumbnail older than the file is not used")
    }

    func testAnEntryForAnotherFileOrADamagedOneIsNotUsed() throws {
        let cache = ThumbnailCache(folder: temp.path + "/thumbnails/normal")
        let a = temp.path + "/a.png", b = temp.path + "/b.png"
        for path in [a, b] { try PNGCodec.encode(Bitmap(width: 10, height: 10, color: .green)).write(to: URL(fileURLWithPath: path)) }
        try cache.store(Bitmap(width: 10, height: 10, color: .green), for: a)
        let entryOfA = try XCTUnwrap(cache.thumbnailPath(for: a)), entryOfB = try XCTUnwrap(cache.thumbnailPath(for: b))
        // b's entry name holding a's thumbnail (its Thumb::URI says a): not b's.
        try FileManager.default.copyItem(atPath: entryOfA, toPath: entryOfB)
        XCTAssertNil(cache.thumbnail(for: b))
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: entryOfA))
        XCTAssertNil(cache.thumbnail(for: a))
        // The cache's own files get no thumbnails (the standard says so).
        try cache.store(Bitmap(width: 10, height: 10, color: .green), for: entryOfA)
        XCTAssertFalse(FileManager.default.fileExists(atPath: try XCTUnwrap(cache.thumbnailPath(for: entryOfA))))
    }
}
