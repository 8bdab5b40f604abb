import Foundation
import PaintGraphics

/// The kinds of picture file X11Paint knows, in one place: the endings that name them, their
/// MIME types (the recently-used list, the .desktop file), the desktop chooser's filter names,
/// and which it writes. Opening never trusts the ending (the bytes decide); saving follows it.
public enum PictureFormat: CaseIterable, Sendable {
    case png, jpeg, webp, heic, avif, tiff, gif, bmp, svg, openRaster

    /// The endings, the usual one first.
    public var extensions: [String] {
        switch self {
        case .png: ["png"]
        case .jpeg: ["jpg", "jpeg"]
        case .webp: ["webp"]
        case .heic: ["heic", "heif"]
        case .avif: ["avif"]
        case .tiff: ["tif", "tiff"]
        case .gif: ["gif"]
        case .bmp: ["bmp"]
        case .svg: ["svg"]
        case .openRaster: ["ora"]
        }
    }

    public var mimeType: String {
        switch self {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .webp: "image/webp"
        case .heic: "image/heic"
        case .avif: "image/avif"
        case .tiff: "image/tiff"
        case .gif: "image/gif"
        case .bmp: "image/bmp"
        case .svg: "image/svg+xml"
        case .openRaster: "image/openraster"
        }
    }

    /// The name the file choosers show for it.
    public var filterName: String {
        switch self {
        case .png: tr("PNG image")
        case .jpeg: tr("JPEG image")
        case .webp: tr("WebP image")
        case .heic: tr("HEIC image")
        case .avif: tr("AVIF image")
        case .tiff: tr("TIFF image")
        case .gif: tr("GIF image")
        case .bmp: tr("BMP image")
        case .svg: tr("SVG image")
        case .openRaster: tr("OpenRaster image")
        }
    }

    /// The formats Save As and --export write, in the order the choosers offer them.
    public static let saved: [PictureFormat] = [.png, .jpeg, .webp, .tiff, .bmp, .openRaster]

    /// The format a path's ending names, nil for none.
    public init?(path: String) {
        let ending = (path as NSString).pathExtension.lowercased()
        guard let format = Self.allCases.first(where: { $0.extensions.contains(ending) }) else { return nil }
        self = format
    }

    /// Every ending of a picture the app opens.
    public static let openedExtensions: Set<String> = Set(allCases.flatMap(\.extensions))

    /// The endings Save As accepts, as a message lists them: ".png, .jpg, .jpeg, ...".
    public static var savedEndings: String { saved.flatMap(\.extensions).map { "." + $0 }.joined(separator: ", ") }
}
