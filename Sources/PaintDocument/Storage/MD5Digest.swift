import Foundation

/// OpenSSL's MD5 (the thumbnail standard names cache files by the MD5 of a file's URI), from
/// libcrypto opened on first use: linked, it was 1.4 MB of a warm start's memory, and only the
/// file dialogs and the recent files' thumbnails ask for a digest. Nil where libcrypto cannot
/// be opened (then there are no thumbnails, and nothing else is lost).
enum MD5Digest {
    private typealias Digest = @convention(c) (UnsafeRawPointer?, Int, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt32>?,
                                               OpaquePointer?, OpaquePointer?) -> Int32
    private typealias Algorithm = @convention(c) () -> OpaquePointer?

    private struct Functions: @unchecked Sendable {
        let digest: Digest
        let md5: Algorithm
    }

    /// Opened once, by whichever thread asks first (a static's initializer runs once).
    private static let functions: Functions? = {
        for name in ["libcrypto.so.3", "libcrypto.so"] {
            guard let library = dlopen(name, RTLD_NOW | RTLD_LOCAL) else { continue }
            if let digest = dlsym(library, "EVP_Digest"), let md5 = dlsym(library, "EVP_md5") {
                return Functions(digest: unsafeBitCast(digest, to: Digest.self), md5: unsafeBitCast(md5, to: Algorithm.self))
            }
            dlclose(library)
        }
        return nil
    }()

    /// The lowercase hex MD5 of `text`'s UTF-8.
    static func hex(of text: String) -> String? {
        guard let functions else { return nil }
        // EVP_MAX_MD_SIZE: room for any digest OpenSSL makes.
        var digest = [UInt8](repeating: 0, count: 64)
        var length: UInt32 = 0
        let bytes = Array(text.utf8)
        guard functions.digest(bytes, bytes.count, &digest, &length, functions.md5(), nil) == 1, length == 16 else { return nil }
        return digest.prefix(16).map { String(format: "%02x", $0) }.joined()
    }
}
