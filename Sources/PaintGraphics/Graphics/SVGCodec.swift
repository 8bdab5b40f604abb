import CImageCodecs
import Foundation

/// SVG drawn by librsvg (the desktop's SVG renderer) into a bitmap: icons at the screen's pixel
/// size, and SVG files opened as pictures at their own size. cairo's ARGB32 is the renderer's
/// own pixel format (premultiplied 0xAARRGGBB words), so librsvg draws straight into the
/// bitmap's memory, through CImageCodecs' glue, which opens librsvg on first use.
public enum SVGCodec {
    /// `<svg` (after an XML declaration or a comment, perhaps) in the first kilobyte.
    public static func isSVG(_ data: Data) -> Bool {
        let head = String(decoding: data.prefix(1024), as: UTF8.self).lowercased()
        return head.contains("<svg") && (head.hasPrefix("<") || head.hasPrefix("\u{feff}<") || head.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("<"))
    }

    /// The size an SVG says it is, in pixels at 96 dpi (nil: it does not say, it is not an SVG,
    /// or librsvg is not installed).
    public static func size(of data: Data) -> (width: Double, height: Double)? {
        var width = 0.0, height = 0.0
        let status = data.withUnsafeBytes { codecs_svg_size($0.bindMemory(to: UInt8.self).baseAddress, $0.count, &width, &height) }
        return status == Int32(CODECS_SVG_OK) ? (width, height) : nil
    }

    /// An SVG file's picture at `width` x `height` pixels (its viewport stretched to them).
    public static func decode(_ data: Data, width: Int, height: Int) throws -> Bitmap {
        let bitmap = Bitmap(width: max(1, width), height: max(1, height))
        let status = data.withUnsafeBytes {
            codecs_svg_render($0.bindMemory(to: UInt8.self).baseAddress, $0.count, nil, bitmap.pixels, Int32(clamping: width), Int32(clamping: height))
        }
        switch Int(status) {
        case Int(CODECS_SVG_OK): return bitmap
        case Int(CODECS_SVG_NO_LIBRARY): throw PNGCodec.CodecError.decode("librsvg, which reads SVG, is not installed")
        case Int(CODECS_SVG_UNREADABLE): throw PNGCodec.CodecError.decode("the SVG could not be read")
        default: throw PNGCodec.CodecError.decode("the SVG could not be drawn")
        }
    }

    /// A file's picture (an icon) at a pixel size; nil when it cannot be read or drawn.
    public static func render(file path: String, width: Int, height: Int) -> Bitmap? {
        guard width > 0, height > 0 else { return nil }
        let bitmap = Bitmap(width: width, height: height)
        let status = codecs_svg_render(nil, 0, path, bitmap.pixels, Int32(clamping: width), Int32(clamping: height))
        return status == Int32(CODECS_SVG_OK) ? bitmap : nil
    }
}
