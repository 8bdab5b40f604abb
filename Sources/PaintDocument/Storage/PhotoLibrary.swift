import Foundation

/// The pictures in a folder of the Pictures tree: sub-folders first, then PNG and JPEG files,
/// newest first.
public struct PhotoLibrary {
    public struct Entry: Equatable, Sendable {
        public let path: String
        public let name: String
        public let isFolder: Bool
        public let modified: Date

        package init(path: String, name: String, isFolder: Bool, modified: Date) {
            self.path = path
            self.name = name
            self.isFolder = isFolder
            self.modified = modified
        }
    }

    public static let pictureExtensions: Set<String> = PictureFormat.openedExtensions

    public static func entries(in folder: String) -> [Entry] {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: folder) else { return [] }
        var folders: [Entry] = [], pictures: [Entry] = []
        for name in names where !name.hasPrefix(".") {
            let path = folder + "/" + name
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            let modified = (try? manager.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? .distantPast
            if isDirectory.boolValue {
                folders.append(Entry(path: path, name: name, isFolder: true, modified: modified))
            } else if pictureExtensions.contains((name as NSString).pathExtension.lowercased()) {
                pictures.append(Entry(path: path, name: name, isFolder: false, modified: modified))
            }
        }
        return folders.sorted { $0.name < $1.name } + pictures.sorted { $0.modified > $1.modified || ($0.modified == $1.modified && $0.name < $1.name) }
    }
}
