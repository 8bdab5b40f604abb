import Foundation

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
