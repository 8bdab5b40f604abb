import Foundation

/// What a document is to the file system, as desktop editors keep it (NSDocument's fileURL and
/// modification date): the file it is bound to (nil: untitled, its first Save makes a new file
/// in Pictures), and what that file looked like when it was last read or written, so a Save
/// notices when another program (or another window) changed it meanwhile.
public struct DocumentBinding: Equatable, Sendable {
    /// Where Save writes, and in which format (from the file's ending).
    public private(set) var file: SaveAsTarget?
    /// The file as it was when last read or written (nil: unknown, or not on disk then).
    public private(set) var fingerprint: FileFingerprint?

    public init(file: SaveAsTarget? = nil) {
        self.file = file
        fingerprint = file.flatMap { FileFingerprint.of($0.path) }
    }

    /// Bound to `path` (PNG or JPEG by its ending); untitled when it names neither.
    public init(path: String?) { self.init(file: path.flatMap { SaveAsTarget(path: $0) }) }

    public var path: String? { file?.path }
    public var name: String? { file?.name }

    /// The file was just written or read again: this is what it looks like now.
    public mutating func noteWritten() { fingerprint = file.flatMap { FileFingerprint.of($0.path) } }

    /// What Ctrl+S should do for a document with or without unsaved changes.
    public enum SaveAction: Equatable {
        /// Untitled: a new uniquely named file in Pictures, which the document then is.
        case writeNew
        /// Write over the bound file.
        case replace(SaveAsTarget)
        /// Nothing changed since the file was written, and it is still there: write nothing.
        case nothingToSave
        /// The file on disk is not the one last read or written: ask before replacing it.
        case askBeforeReplacingChangedFile(SaveAsTarget)
        /// The document is a file of a format X11Paint reads but does not write (SVG, GIF,
        /// HEIC, AVIF): Save asks where, and in what, as Save As does.
        case chooseWhere
    }

    public func saveAction(isModified: Bool) -> SaveAction {
        guard let file else { return .writeNew }
        let now = FileFingerprint.of(file.path)
        // Deleted since (it was there when last seen): write it again, whatever changed.
        if fingerprint != nil && now == nil { return .replace(file) }
        if let fingerprint, let now, fingerprint != now { return .askBeforeReplacingChangedFile(file) }
        return isModified ? .replace(file) : .nothingToSave
    }
}

/// Enough of a file's status to tell that it is no longer the file that was read or written:
/// size, modification time to the nanosecond, inode and device (a rename over it changes the
/// inode, an edit in place the time and usually the size).
public struct FileFingerprint: Equatable, Sendable {
    public let size: Int64
    public let modified: timespec
    public let inode: UInt64
    public let device: UInt64

    public static func of(_ path: String) -> FileFingerprint? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return FileFingerprint(size: Int64(info.st_size), modified: info.st_mtim, inode: UInt64(info.st_ino), device: UInt64(info.st_dev))
    }

    public static func == (a: FileFingerprint, b: FileFingerprint) -> Bool {
        a.size == b.size && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
            && a.inode == b.inode && a.device == b.device
    }
}
