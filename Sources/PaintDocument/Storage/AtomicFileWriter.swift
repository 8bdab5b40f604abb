import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a new file that appears whole or not at all, and never replaces an existing file:
/// the bytes go to a temporary file in the same folder, are flushed to disk, and are then
/// linked to the first free name.
public enum AtomicFileWriter {
    public struct WriteError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Writes `data` under the first name `nameForAttempt(1, 2, ...)` that does not exist yet.
    /// Returns the path written.
    public static func writeNewFile(_ data: Data, in directory: String, maximumAttempts: Int = 1000,
                                    nameForAttempt: (Int) -> String) throws -> String {
        var template = Array((directory + "/.x11paint-save-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw WriteError(description: "cannot write in \(directory): \(errorText())") }
        let temporary = String(cString: template)
        // Once linked, the file has two names; drop the temporary one either way.
        defer { unlink(temporary) }
        do {
            // mkstemp creates the file private (0600); a saved picture gets the usual permissions.
            guard fchmod(fd, 0o666 & ~currentUmask) == 0 else {
                throw WriteError(description: "cannot set the file's permissions: \(errorText())")
            }
            try writeAll(data, to: fd)
            guard fsync(fd) == 0 else { throw WriteError(description: "cannot flush the file to disk: \(errorText())") }
        } catch {
            close(fd)
            throw error
        }
        guard close(fd) == 0 else { throw WriteError(description: "cannot finish writing: \(errorText())") }
        for attempt in 1...maximumAttempts {
            let path = directory + "/" + nameForAttempt(attempt)
            if link(temporary, path) == 0 {
                syncDirectory(directory)
                return path
            }
            let code = errno
            if code == EEXIST { continue }
            if code == EPERM || code == EOPNOTSUPP || code == EXDEV || code == EMLINK {
                // A filesystem without hard links: rename, after checking the name is free.
                var status = stat()
                if lstat(path, &status) == 0 { continue }
                guard rename(temporary, path) == 0 else {
                    throw WriteError(description: "cannot save \(path): \(errorText())")
                }
                syncDirectory(directory)
                return path
            }
            throw WriteError(description: "cannot save \(path): \(String(cString: strerror(code)))")
        }
        throw WriteError(description: "every file name in \(directory) is taken")
    }

    /// Writes a file that replaces whatever was at `path` in one step (temporary file, fsync,
    /// rename): the app's own files, and a user's picture only when Save As named it and the
    /// user said to replace it. `mode`: the new file's permissions (nil: private to the user).
    @discardableResult
    public static func replaceFile(_ data: Data, at path: String, mode: mode_t? = nil) throws -> String {
        // A bare name's folder is the current one (an empty one would put the temporary file in /).
        let parent = (path as NSString).deletingLastPathComponent, directory = parent.isEmpty ? "." : parent
        var template = Array((directory + "/.x11paint-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw WriteError(description: "cannot write in \(directory): \(errorText())") }
        let temporary = String(cString: template)
        do {
            try writeAll(data, to: fd)
            if let mode { fchmod(fd, mode) }
            fsync(fd)
            close(fd)
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw WriteError(description: "cannot write \(path): \(errorText())")
        }
        return path
    }

    /// Removes temporaries of ours (`.x11paint-…`) that a process killed mid-write left behind,
    /// once they are older than `age` seconds (a save in progress in another window is younger).
    /// Returns how many went.
    @discardableResult
    public static func removeStaleTemporaries(in directory: String, olderThan age: Double, now: Date = Date()) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return 0 }
        var removed = 0
        for name in names where name.hasPrefix(".x11paint-") && name.count == ".x11paint-".count + 6
            || name.hasPrefix(".x11paint-save-") && name.count == ".x11paint-save-".count + 6 {
            let path = directory + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid() else { continue }
            let modified = Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
            if now.timeIntervalSince1970 - modified >= age && unlink(path) == 0 { removed += 1 }
        }
        return removed
    }

    private static func writeAll(_ data: Data, to fd: Int32) throws {
        try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < raw.count {
                let written = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw WriteError(description: "cannot write the file: \(errorText())")
                }
                offset += written
            }
        }
    }

    private static func syncDirectory(_ directory: String) {
        let fd = open(directory, O_RDONLY | O_DIRECTORY)
        if fd >= 0 {
            fsync(fd)
            close(fd)
        }
    }

    /// The process umask, read once (reading it means setting it, so do it before threads start).
    private static let currentUmask: mode_t = {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }()

    package static func errorText() -> String { String(cString: strerror(errno)) }
}
