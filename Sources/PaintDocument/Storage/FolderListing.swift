import Foundation

/// A folder as the file chooser lists it: sub-folders, then the pictures it can open (or every
/// file, when saving shows what a name would replace), each with its size and modification
/// time; hidden ones (a leading dot) only when asked for (Ctrl+H); sorted by name, size or
/// date either way, folders always first, as GTK's and KDE's choosers do.
public struct FolderListing: Sendable {
    public struct Entry: Equatable, Sendable {
        public let name: String
        public let path: String
        public let isFolder: Bool
        public let size: Int64
        public let modified: Date

        public init(name: String, path: String, isFolder: Bool, size: Int64, modified: Date) {
            self.name = name
            self.path = path
            self.isFolder = isFolder
            self.size = size
            self.modified = modified
        }
    }

    public enum SortKey: Sendable { case name, size, modified }

    public let folder: String
    public private(set) var entries: [Entry]

    /// Reads `folder`; `extensions` (lower case) keeps only files with those endings (nil: all).
    public init(folder: String, showingHidden: Bool = false, extensions: Set<String>? = PhotoLibrary.pictureExtensions) throws {
        self.folder = folder
        let manager = FileManager.default
        let names = try manager.contentsOfDirectory(atPath: folder)
        entries = names.compactMap { name in
            guard showingHidden || !name.hasPrefix(".") else { return nil }
            let path = (folder as NSString).appendingPathComponent(name)
            var info = stat()
            // stat follows links: a link to a folder is a folder here, as in the file manager.
            guard stat(path, &info) == 0 else { return nil }
            let isFolder = (info.st_mode & S_IFMT) == S_IFDIR
            if !isFolder, let extensions, !extensions.contains((name as NSString).pathExtension.lowercased()) { return nil }
            let modified = Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
            return Entry(name: name, path: path, isFolder: isFolder, size: isFolder ? 0 : Int64(info.st_size), modified: modified)
        }
        sort(by: .name, ascending: true)
    }

    /// Folders first; then by `key`, names breaking ties, in the user's collation ("file10"
    /// after "file9", as Finder and GNOME Files order them).
    public mutating func sort(by key: SortKey, ascending: Bool) {
        entries.sort { a, b in
            if a.isFolder != b.isFolder { return a.isFolder }
            let byName = a.name.localizedStandardCompare(b.name)
            let order: ComparisonResult
            switch key {
            case .name: order = byName
            case .size: order = a.size == b.size ? byName : (a.size < b.size ? .orderedAscending : .orderedDescending)
            case .modified: order = a.modified == b.modified ? byName : (a.modified < b.modified ? .orderedAscending : .orderedDescending)
            }
            return ascending ? order == .orderedAscending : order == .orderedDescending
        }
    }
}
