import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The folder one document's recovery journal lives in, owned by one process at a time.
///
/// Two windows on one HOME must not share a journal (the second one renamed a new journal over
/// the first one's open file, whose later strokes then went nowhere). So each journal folder has
/// a `lock` file held with `flock` for the life of the process: the first instance takes the
/// state folder itself, a second one `window-2`, and so on; each is recovered on its own.
///
/// The folders are checked as the XDG base directory spec asks of private state: real
/// directories (not symbolic links), owned by the user, mode 0700.
public final class JournalFolder {
    public struct FolderError: Error, CustomStringConvertible {
        public let description: String
        /// True when the folder is fine but another running X11Paint holds it.
        public var isLocked = false
    }

    public let path: String
    /// 1 for the state folder itself, 2... for further windows.
    public let slot: Int
    private let lockDescriptor: Int32

    /// Takes the folder (creating it, private); throws when it is unsafe, cannot be made, or is locked.
    public init(path: String, slot: Int = 1) throws {
        self.path = path
        self.slot = slot
        try Self.makePrivateDirectory(path)
        let lockPath = path + "/lock"
        Self.removeIfNot(S_IFREG, at: lockPath)
        var fd = open(lockPath, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if fd < 0 && (errno == EROFS || errno == EACCES) { fd = open(lockPath, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) }
        guard fd >= 0 else {
            throw FolderError(description: "cannot create \(lockPath): \(String(cString: strerror(errno)))")
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let reason = errno
            close(fd)
            if reason == EWOULDBLOCK { throw FolderError(description: "\(path) is in use by another X11Paint", isLocked: true) }
            throw FolderError(description: "cannot lock \(lockPath): \(String(cString: strerror(reason)))")
        }
        lockDescriptor = fd
    }

    deinit { close(lockDescriptor) }

    /// The folder of window `slot` (1: the state folder itself, where one window always kept it).
    public static func slotPath(_ slot: Int, in stateFolder: String) -> String {
        slot == 1 ? stateFolder : stateFolder + "/window-\(slot)"
    }

    /// Whether another process holds the folder's lock now (it is being recorded by a running window).
    public static func isInUse(_ path: String) -> Bool {
        let fd = open(path + "/lock", O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        if flock(fd, LOCK_SH | LOCK_NB) == 0 {
            flock(fd, LOCK_UN)
            return false
        }
        return errno == EWOULDBLOCK
    }

    /// Makes `path` (and missing parents, 0700 as the XDG spec asks), then checks it: a real
    /// directory owned by this user; too open a mode is tightened, since it is our own folder.
    package static func makePrivateDirectory(_ path: String) throws {
        // The first folder that could not be made, and why: a read-only or unwritable HOME is
        // "Permission denied" at ~/.local, not "No such file or directory" at the end.
        var failure: (folder: String, reason: Int32)?
        if mkdir(path, 0o700) != 0 {
            failure = (path, errno)
            if errno == ENOENT {
                failure = makeParents(of: path)
                if mkdir(path, 0o700) != 0 && failure == nil { failure = (path, errno) }
            }
        }
        var status = stat()
        guard lstat(path, &status) == 0 else {
            let (folder, reason) = failure ?? (path, errno)
            throw FolderError(description: "cannot create \(folder): \(String(cString: strerror(reason)))")
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            let what = status.st_mode & S_IFMT == S_IFLNK ? "a symbolic link" : "not a folder"
            throw FolderError(description: "\(path) is \(what); it must be a private folder")
        }
        guard status.st_uid == geteuid() else {
            throw FolderError(description: "\(path) belongs to another user")
        }
        if status.st_mode & 0o077 != 0 { _ = chmod(path, 0o700) }
    }

    /// In our private folder, anything at one of our names that is not of the kind we keep there
    /// (a symbolic link above all) was planted: it goes, and is never followed.
    package static func removeIfNot(_ kind: mode_t, at path: String) {
        var status = stat()
        if lstat(path, &status) == 0 && status.st_mode & S_IFMT != kind { unlink(path) }
    }

    /// Parents are the user's (`~/.local/state` may well be a link into their dotfiles): made
    /// when missing, never judged.
    /// Returns the first one that could not be made, and why (nil: they are all there now).
    @discardableResult
    private static func makeParents(of path: String) -> (folder: String, reason: Int32)? {
        let parent = (path as NSString).deletingLastPathComponent
        guard !parent.isEmpty, parent != path, parent != "/" else { return nil }
        guard mkdir(parent, 0o700) != 0 else { return nil }
        switch errno {
        case EEXIST: return nil
        case ENOENT:
            if let failure = makeParents(of: parent) { return failure }
            return mkdir(parent, 0o700) == 0 || errno == EEXIST ? nil : (parent, errno)
        default: return (parent, errno)
        }
    }
}
