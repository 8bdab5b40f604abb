import CRsvg
import Foundation

/// SVG drawn by librsvg (the desktop's SVG renderer) into a bitmap: icons at the screen's pixel
/// size, and SVG files opened as pictures at their own size. cairo's ARGB32 is the renderer's
/// own pixel format (premultiplied 0xAARRGGBB words), so librsvg draws straight into the
/// bitmap's memory.
public enum SVGCodec {
    /// `<svg` (after an XML declaration or a comment, perhaps) in the first kilobyte.
    public static func isSVG(_ data: Data) -> Bool {
        let head = String(decoding: data.prefix(1024), as: UTF8.self).lowercased()
        return head.contains("<svg") && (head.hasPrefix("<") || head.hasPrefix("\u{feff}<") || head.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("<"))
    }

    /// The size an SVG says it is, in pixels at 96 dpi (nil: it does not say, or it is not an SVG).
    public static func size(of data: Data) -> (width: Double, height: Double)? {
        guard let handle = handle(data) else { return nil }
        defer { g_object_unref(handle) }
        var width = 0.0, height = 0.0
        guard rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) != 0, width > 0, height > 0 else { return nil }
        return (width, height)
    }

    /// An SVG file's picture at `width` x `height` pixels (its viewport stretched to them).
    public static func decode(_ data: Data, width: Int, height: Int) throws -> Bitmap {
        guard let handle = handle(data) else { throw PNGCodec.CodecError.decode("the SVG could not be read") }
        defer { g_object_unref(handle) }
        guard let bitmap = render(handle, width: width, height: height) else { throw PNGCodec.CodecError.decode("the SVG could not be drawn") }
        return bitmap
    }

    /// A file's picture (an icon) at a pixel size; nil when it cannot be read or drawn.
    public static func render(file path: String, width: Int, height: Int) -> Bitmap? {
        var error: UnsafeMutablePointer<GError>?
        guard let handle = rsvg_handle_new_from_file(path, &error) else {
            if let error { g_error_free(error) }
            return nil
        }
        defer { g_object_unref(handle) }
        return render(handle, width: width, height: height)
    }

    private static func handle(_ data: Data) -> UnsafeMutablePointer<RsvgHandle>? {
        var error: UnsafeMutablePointer<GError>?
        let handle = data.withUnsafeBytes { raw in
            rsvg_handle_new_from_data(raw.bindMemory(to: UInt8.self).baseAddress, gsize(raw.count), &error)
        }
        if let error { g_error_free(error) }
        return handle
    }

    private static func render(_ handle: UnsafeMutablePointer<RsvgHandle>, width: Int, height: Int) -> Bitmap? {
        guard width > 0, height > 0 else { return nil }
        let bitmap = Bitmap(width: width, height: height)
        let bytes = UnsafeMutableRawPointer(bitmap.pixels).assumingMemoryBound(to: UInt8.self)
        guard let surface = cairo_image_surface_create_for_data(bytes, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(width * 4)) else {
            return nil
        }
        defer { cairo_surface_destroy(surface) }
        guard let cairo = cairo_create(surface) else { return nil }
        var viewport = RsvgRectangle(x: 0, y: 0, width: Double(width), height: Double(height))
        var error: UnsafeMutablePointer<GError>?
        let drawn = rsvg_handle_render_document(handle, cairo, &viewport, &error) != 0
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        if let error { g_error_free(error) }
        return drawn ? bitmap : nil
    }
}
