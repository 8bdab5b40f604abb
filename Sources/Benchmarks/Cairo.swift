import CCairo
import Foundation
import DrawingBoard

/// A cairo ARGB32 image surface, the reference renderer the benchmarks compare against.
final class CairoCanvas {
    let surface: OpaquePointer
    let cr: OpaquePointer

    /// Draws all of `picture` (another canvas) under `transform`, resampled with `filter`.
    func draw(_ picture: CairoCanvas, width: Int, height: Int, transform: PaintGraphics.AffineTransform, filter: cairo_filter_t) {
        var matrix = cairo_matrix_t(xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d, x0: transform.tx, y0: transform.ty)
        cairo_transform(cr, &matrix)
        cairo_set_source_surface(cr, picture.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), filter)
        cairo_rectangle(cr, 0, 0, Double(width), Double(height))
        cairo_fill(cr)
    }

    init(width: Int, height: Int, fill: Color? = .white) {
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        cr = cairo_create(surface)!
        if let fill {
            cairo_set_source_rgba(cr, fill.red, fill.green, fill.blue, fill.alpha)
            cairo_paint(cr)
        }
    }

    init(copying bitmap: Bitmap) {
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(bitmap.width), Int32(bitmap.height))!
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        for y in 0..<bitmap.height {
            UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                .update(from: bitmap.pixels + y * bitmap.width, count: bitmap.width)
        }
        cairo_surface_mark_dirty(surface)
        cr = cairo_create(surface)!
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    func setColor(_ c: Color) { cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha) }

    /// Encodes the surface with cairo_surface_write_to_png_stream; returns the byte count.
    func pngByteCount() -> Int {
        var count = 0
        cairo_surface_write_to_png_stream(surface, { closure, _, length in
            closure!.assumingMemoryBound(to: Int.self).pointee += Int(length)
            return CAIRO_STATUS_SUCCESS
        }, &count)
        return count
    }
}
