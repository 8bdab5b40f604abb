import Foundation

/// The pictures in a folder of the Pictures tree: sub-folders first, then PNG and JPEG files,
/// newest first.
public struct PhotoLibrary {
    public struct Entry: Equatable, Sendable {
        public let path: String
        public let name: String
        public let isFolder: Bool
        public let modified: Date
    }

    public static let pictureExtensions: Set<String> = ["png", "jpg", "jpeg"]

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

/// Decodes thumbnails on a background queue and hands each one to the UI thread as it is ready.
public final class ThumbnailLoader {
    public static let size = 112
    private let queue = DispatchQueue(label: "x11paint.thumbnails", qos: .userInitiated)
    private let application: Application
    private var generation = 0

    public init(application: Application) { self.application = application }

    /// Loads thumbnails for `paths`; `delivered` runs on the UI thread for each (nil when the
    /// file could not be read). A new call abandons the previous batch.
    public func load(_ paths: [String], delivered: @escaping (String, Image?) -> Void) {
        generation += 1
        let batch = generation
        for path in paths {
            queue.async { [weak self, application] in
                guard let self, self.isCurrent(batch) else { return }
                let image = try? Self.thumbnail(for: path)
                application.post { if self.isCurrent(batch) { delivered(path, image) } }
            }
        }
    }

    private let lock = NSLock()
    private func isCurrent(_ batch: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return batch == generation
    }

    /// The picture, upright, no larger than the thumbnail size.
    static func thumbnail(for path: String) throws -> Image {
        let photo = try PhotoDecoder.thumbnail(path: path, maximumDimension: size)
        let upright = photo.size
        let scale = min(1, Double(size) / max(upright.width, upright.height))
        let width = max(1, Int(upright.width * scale)), height = max(1, Int(upright.height * scale))
        let bitmap = Bitmap(width: width, height: height)
        let context = GraphicsContext(bitmap: bitmap)
        context.draw(photo.asset.image, transform: photo.orientationTransform.concatenating(AffineTransform(scaleX: scale, y: scale)))
        return Image(bitmap: bitmap)
    }
}
