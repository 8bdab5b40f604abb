import CImageCodecs
import Foundation

/// The MD5 the thumbnail standard names cache files by, from libcrypto opened on first use (see
/// CImageCodecs' MD5Digest.c). Nil where libcrypto cannot be opened: then there are no
/// thumbnails, and nothing else is lost.
enum MD5Digest {
    /// The lowercase hex MD5 of `text`'s UTF-8.
    static func hex(of text: String) -> String? {
        var digest = [UInt8](repeating: 0, count: 16)
        let bytes = Array(text.utf8)
        guard codecs_md5(bytes, bytes.count, &digest) == 0 else { return nil }
        return digest.map { String(format: "%02x", $0) }.joined()
    }
}
