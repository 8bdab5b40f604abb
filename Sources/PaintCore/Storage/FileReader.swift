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
    public static func read(_ path: String, limit: Int = 512 << 20, followSymlinks: Bool = true) throws -> Data {
        var flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY
        if !followSymlinks { flags |= O_NOFOLLOW }
        let fd = open(path, flags)
        guard fd >= 0 else { throw ReadError(description: "cannot open \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw ReadError(description: "cannot read \(path): \(String(cString: strerror(errno)))") }
        guard status.st_mode & S_IFMT == S_IFREG else {
            let kind = status.st_mode & S_IFMT == S_IFDIR ? "a folder, not a file" : "not a regular file"
            throw ReadError(description: "\(path) is \(kind)")
        }
        guard status.st_size <= limit else {
            throw ReadError(description: "\(path) is too large (\(status.st_size >> 20) MB)")
        }
        // The size is a hint (files in /proc say 0, a file may grow); read until the end or the limit.
        var data = Data(count: max(Int(status.st_size), 0) + 1)
        var count = 0
        while true {
            if count == data.count {
                guard data.count <= limit else { throw ReadError(description: "\(path) is too large") }
                data.count = min(max(data.count * 2, 64 << 10), limit + 1)
            }
            let n = data.withUnsafeMutableBytes { raw in Glibc.read(fd, raw.baseAddress! + count, raw.count - count) }
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                throw ReadError(description: "cannot read \(path): \(String(cString: strerror(errno)))")
            }
            count += n
        }
        guard count <= limit else { throw ReadError(description: "\(path) is too large") }
        data.count = count
        return data
    }

    /// A small text file (settings), or nil when it is missing or unreadable.
    public static func text(_ path: String, limit: Int = 1 << 20) -> String? {
        guard let data = try? read(path, limit: limit) else { return nil }
        return String(data: data, encoding: .utf8)
    }
}
