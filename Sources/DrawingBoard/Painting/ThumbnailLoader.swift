import Foundation

/// Decodes thumbnails on a background queue and hands each one to the UI thread as it is ready.
public final class ThumbnailLoader {
    public static let size = 112
    private let queue = DispatchQueue(label: "x11paint.thumbnails", qos: .userInitiated)
    private let application: Application
    private var generation = 0

    /// The desktop's thumbnail cache (nil: none, thumbnails are decoded every time).
    private let cache: ThumbnailCache?

    public init(application: Application, cache: ThumbnailCache? = ThumbnailCache()) {
        self.application = application
        self.cache = cache
    }

    /// Loads thumbnails for `paths`; `delivered` runs on the UI thread for each (nil when the
    /// file could not be read). A new call abandons the previous batch.
    public func load(_ paths: [String], delivered: @escaping (String, Image?) -> Void) {
        generation += 1
        let batch = generation
        for path in paths {
            queue.async { [weak self, application] in
                guard let self, self.isCurrent(batch) else { return }
                let image = try? Self.thumbnail(for: path, cache: self.cache)
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

    /// The picture, upright, no larger than the thumbnail size: from the desktop's thumbnail
    /// cache when it has a fresh one, else decoded (and then kept there for the next time and
    /// for the file manager).
    static func thumbnail(for path: String, cache: ThumbnailCache?) throws -> Image {
        let cached: Bitmap
        if let found = cache?.thumbnail(for: path) {
            cached = found
        } else {
            let photo = try PhotoDecoder.thumbnail(path: path, maximumDimension: ThumbnailCache.normalSize)
            cached = fitted(photo.asset.image, size: photo.size, transform: photo.orientationTransform, within: ThumbnailCache.normalSize)
            do { try cache?.store(cached, for: path) } catch { Log.info("thumbnail cache: \(error)") }
        }
        let image = Image(bitmap: cached)
        return Image(bitmap: fitted(image, size: Size(width: Double(cached.width), height: Double(cached.height)), transform: .identity, within: size))
    }

    /// `image` (shown `size` after `transform`) scaled down to fit `side` pixels.
    private static func fitted(_ image: Image, size: Size, transform: AffineTransform, within side: Int) -> Bitmap {
        let scale = min(1, Double(side) / max(size.width, size.height))
        let width = max(1, Int(size.width * scale)), height = max(1, Int(size.height * scale))
        let bitmap = Bitmap(width: width, height: height)
        GraphicsContext(bitmap: bitmap).draw(image, transform: transform.concatenating(AffineTransform(scaleX: scale, y: scale)))
        return bitmap
    }
}
