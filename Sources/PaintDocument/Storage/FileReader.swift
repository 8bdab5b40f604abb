import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads whole files with POSIX calls that report every failure as an error. Foundation's
/// `FileHandle.readDataToEndOfFile` stops the process on a read error (EIO from `/proc/self/mem`
/// killed the app), and opening a FIFO or a terminal blocks; so only regular files are read,
/// opened without blocking, checked with fstat on the descriptor actually opened.
public enum FileReader {
    public struct ReadError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The contents of the regular file at `path`, at most `limit` bytes (larger files are refused).
    /// `followSymlinks: false` refuses a symbolic link at the last component (for the app's own files).
    /// `head`: only the first that many bytes, whatever the file's size (what kind of file it is).
    public static func read(_ path: String, limit: Int = 512 << 20, followSymlinks: Bool = true, head: Int? = nil) throws -> Data {
        var flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY
        if !followSymlinks { flags |= O_NOFOLLOW }
        let fd = SystemPath.withCString(path) { open($0, flags) }
        guard fd >= 0 else { throw ReadError(description: Self.reason(errno, path: path)) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw ReadError(description: "cannot read \(DisplayPath.short(path)): \(String(cString: strerror(errno)))") }
        guard status.st_mode & S_IFMT == S_IFREG else {
            let kind = status.st_mode & S_IFMT == S_IFDIR ? "a folder, not a file" : "not a regular file"
            throw ReadError(description: "\(DisplayPath.short(path)) is \(kind)")
        }
        guard head != nil || status.st_size <= limit else {
            throw ReadError(description: "\(DisplayPath.short(path)) is too large (\(status.st_size >> 20) MB)")
        }
        // The size is a hint (files in /proc say 0, a file may grow); read until the end or the limit.
        var data = Data(count: head ?? max(Int(status.st_size), 0) + 1)
        var count = 0
        while true {
            if count == data.count {
                if head != nil { break }
                guard data.count <= limit else { throw ReadError(description: "\(DisplayPath.short(path)) is too large") }
                data.count = min(max(data.count * 2, 64 << 10), limit + 1)
            }
            let n = data.withUnsafeMutableBytes { raw in Glibc.read(fd, raw.baseAddress! + count, raw.count - count) }
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                throw ReadError(description: "cannot read \(DisplayPath.short(path)): \(String(cString: strerror(errno)))")
            }
            count += n
        }
        guard count <= limit else { throw ReadError(description: "\(DisplayPath.short(path)) is too large") }
        data.count = count
        return data
    }

    /// Why a file could not be opened, in words that name the real cause (a link that leads to
    /// itself is not a file that "does not exist").
    package static func reason(_ error: Int32, path: String) -> String {
        let shown = DisplayPath.short(path)
        switch error {
        case ENOENT: return "\(shown) does not exist"
        case ELOOP: return "\(shown) is a symbolic link that leads round in a loop"
        default: return "cannot open \(shown): \(String(cString: strerror(error)))"
        }
    }

    /// A small text file (settings), or nil when it is missing or unreadable.
    public static func text(_ path: String, limit: Int = 1 << 20) -> String? {
        guard let data = try? read(path, limit: limit) else { return nil }
        return String(data: data, encoding: .utf8)
    }
}
