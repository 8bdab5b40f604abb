import Foundation

/// Where Save As writes and how: a path the user typed, PNG, JPEG, WebP or OpenRaster by its
/// extension (JPEG at a quality from 1 to 100; WebP lossless, every pixel kept). The file appears whole or not at all; one that exists is replaced
/// only after the user said so, keeping its permissions.
public struct SaveAsTarget: Sendable, Equatable {
    public enum Format: Sendable, Equatable {
        case png
        case jpeg(quality: Int)
        /// Lossless WebP (every pixel kept, alpha too), at libwebp's default effort.
        case webp
        /// OpenRaster: the layers as they are, the background as the bottom one.
        case openRaster
    }

    public let path: String
    public let format: Format

    public struct TargetError: Error, CustomStringConvertible { public let description: String }

    /// nil when the name ends in none of .png, .jpg/.jpeg, .webp and .ora.
    public init?(path: String, jpegQuality: Int = 90) {
        switch (path as NSString).pathExtension.lowercased() {
        case "png": format = .png
        case "jpg", "jpeg": format = .jpeg(quality: min(max(jpegQuality, 1), 100))
        case "webp": format = .webp
        case "ora": format = .openRaster
        default: return nil
        }
        self.path = path
    }

    public var exists: Bool { FileManager.default.fileExists(atPath: path) }
    public var name: String { (path as NSString).lastPathComponent }

    /// Whether the format keeps layers (the others flatten them).
    public var keepsLayers: Bool { format == .openRaster }

    /// Encodes and writes the artwork (flattened but for OpenRaster); returns the path.
    public func write(_ artwork: ArtworkSnapshot) throws -> String {
        let folder = (path as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw TargetError(description: tr("Could not save: the folder %@ does not exist", folder))
        }
        let data: Data
        switch format {
        case .png: data = try PNGCodec.encode(artwork())
        case .jpeg(let quality): data = try JPEGCodec.encode(artwork(), quality: quality)
        case .webp: data = try WebPCodec.encode(artwork(), lossless: true)
        case .openRaster: data = try OpenRaster.encode(artwork.stack())
        }
        // An existing file keeps its permissions; a new one gets the usual ones (umask).
        var info = stat()
        let mode: mode_t
        if stat(path, &info) == 0 {
            mode = info.st_mode & 0o7777
        } else {
            let mask = umask(0)
            umask(mask)
            mode = 0o666 & ~mask
        }
        do {
            return try AtomicFileWriter.replaceFile(data, at: path, mode: mode)
        } catch let error as AtomicFileWriter.WriteError {
            throw TargetError(description: tr("Could not save: %@", error.description))
        }
    }
}
