import Foundation

/// Where Save As writes and how: a path the user typed, PNG, JPEG, WebP, TIFF, BMP or
/// OpenRaster by its extension (JPEG at a quality from 1 to 100; WebP lossless, every pixel
/// kept, or lossy at a quality). The file appears whole or not at all; one that exists is
/// replaced only after the user said so, keeping its permissions.
public struct SaveAsTarget: Sendable, Equatable {
    public enum Format: Sendable, Equatable {
        case png
        case jpeg(quality: Int)
        /// WebP: lossless (every pixel kept, alpha too) when `quality` is nil, else lossy at it.
        case webp(quality: Int?)
        /// TIFF, Deflate-compressed (lossless, alpha kept).
        case tiff
        /// BMP, 24 bits (translucent pixels over white).
        case bmp
        /// OpenRaster: the layers as they are, the background as the bottom one.
        case openRaster
    }

    public let path: String
    public let format: Format

    public struct TargetError: Error, CustomStringConvertible { public let description: String }

    /// nil when the name's ending names no format X11Paint writes. `quality` (1-100) is JPEG's,
    /// and a lossy WebP's when `lossyWebP`.
    public init?(path: String, jpegQuality quality: Int = 90, lossyWebP: Bool = false) {
        let quality = min(max(quality, 1), 100)
        switch PictureFormat(path: path) {
        case .png: format = .png
        case .jpeg: format = .jpeg(quality: quality)
        case .webp: format = .webp(quality: lossyWebP ? quality : nil)
        case .tiff: format = .tiff
        case .bmp: format = .bmp
        case .openRaster: format = .openRaster
        default: return nil
        }
        self.path = path
    }

    /// Whether saving loses detail (a JPEG or a lossy WebP): the first such save says so.
    public var isLossy: Bool {
        switch format {
        case .jpeg, .webp(quality: .some): true
        default: false
        }
    }

    public var exists: Bool { FileManager.default.fileExists(atPath: path) }
    public var name: String { (path as NSString).lastPathComponent }

    /// Whether the format keeps layers (the others flatten them).
    public var keepsLayers: Bool { format == .openRaster }

    /// The format's name as messages say it ("JPEG").
    public var formatName: String {
        switch format {
        case .png: "PNG"
        case .jpeg: "JPEG"
        case .webp: "WebP"
        case .tiff: "TIFF"
        case .bmp: "BMP"
        case .openRaster: "OpenRaster"
        }
    }

    /// Whether the format keeps transparency (JPEG and BMP put the picture over white).
    public var keepsTransparency: Bool {
        switch format {
        case .jpeg, .bmp: false
        default: true
        }
    }

    /// Encodes and writes the artwork (flattened but for OpenRaster); returns the path.
    public func write(_ artwork: ArtworkSnapshot) throws -> String {
        // A bare name ("o.png", as the command line takes it) is in the current folder.
        let folder = (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw TargetError(description: tr("Could not save: the folder %@ does not exist", folder))
        }
        let data: Data
        switch format {
        case .png: data = try PNGCodec.encode(artwork())
        case .jpeg(let quality): data = try JPEGCodec.encode(artwork(), quality: quality)
        case .webp(let quality): data = try WebPCodec.encode(artwork(), lossless: quality == nil, quality: Double(quality ?? 75))
        case .tiff: data = try TIFFCodec.encode(artwork())
        case .bmp: data = try BMPCodec.encode(artwork())
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
