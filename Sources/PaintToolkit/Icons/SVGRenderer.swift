import CRsvg

/// SVG files drawn by librsvg into a bitmap of a given pixel size. cairo's ARGB32 is the
/// renderer's own pixel format (premultiplied 0xAARRGGBB words), so librsvg draws straight into
/// the bitmap's memory.
package enum SVGRenderer {
    package static func render(file path: String, width: Int, height: Int) -> Bitmap? {
        guard width > 0, height > 0 else { return nil }
        var error: UnsafeMutablePointer<GError>?
        guard let handle = rsvg_handle_new_from_file(path, &error) else {
            if let error { g_error_free(error) }
            return nil
        }
        defer { g_object_unref(handle) }
        let bitmap = Bitmap(width: width, height: height)
        let bytes = UnsafeMutableRawPointer(bitmap.pixels).assumingMemoryBound(to: UInt8.self)
        guard let surface = cairo_image_surface_create_for_data(bytes, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(width * 4)) else {
            return nil
        }
        defer { cairo_surface_destroy(surface) }
        guard let cairo = cairo_create(surface) else { return nil }
        var viewport = RsvgRectangle(x: 0, y: 0, width: Double(width), height: Double(height))
        let drawn = rsvg_handle_render_document(handle, cairo, &viewport, &error) != 0
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        if let error { g_error_free(error) }
        return drawn ? bitmap : nil
    }
}
