import CCairo
import DrawingBoard
@testable import PaintGraphics

/// Renders with cairo's image surface, for comparison. cairo's ARGB32 is premultiplied
/// 0xAARRGGBB words in native order, the same layout as Bitmap.
enum CairoRenderer {
    static func render(width: Int, height: Int, background: Color = .white, _ draw: (OpaquePointer) -> Void) -> Bitmap {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        let cr = cairo_create(surface)!
        cairo_set_source_rgba(cr, background.red, background.green, background.blue, background.alpha)
        cairo_paint(cr)
        draw(cr)
        cairo_surface_flush(surface)
        let result = copy(surface, width: width, height: height)
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
        return result
    }

    static func copy(_ surface: OpaquePointer, width: Int, height: Int) -> Bitmap {
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        let bitmap = Bitmap(width: width, height: height)
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            (bitmap.pixels + y * width).update(from: row, count: width)
        }
        return bitmap
    }

    /// A cairo image surface holding a copy of a bitmap.
    static func surface(from bitmap: Bitmap) -> OpaquePointer {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(bitmap.width), Int32(bitmap.height))!
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        for y in 0..<bitmap.height {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            row.update(from: bitmap.pixels + y * bitmap.width, count: bitmap.width)
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }

    static func setColor(_ cr: OpaquePointer, _ c: Color) {
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
    }

    static func addPath(_ cr: OpaquePointer, _ path: Path) {
        for element in path.elements {
            switch element {
            case .move(let p): cairo_move_to(cr, p.x, p.y)
            case .line(let p): cairo_line_to(cr, p.x, p.y)
            case .quad(let c, let p):
                var x0 = 0.0, y0 = 0.0
                cairo_get_current_point(cr, &x0, &y0)
                cairo_curve_to(cr, x0 + 2 / 3 * (c.x - x0), y0 + 2 / 3 * (c.y - y0),
                               p.x + 2 / 3 * (c.x - p.x), p.y + 2 / 3 * (c.y - p.y), p.x, p.y)
            case .cubic(let c1, let c2, let p): cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
            case .close: cairo_close_path(cr)
            }
        }
    }

    static func apply(_ cr: OpaquePointer, _ style: LineStyle) {
        cairo_set_line_width(cr, style.width)
        switch style.cap {
        case .butt: cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        case .round: cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE)
        }
        switch style.join {
        case .miter: cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
        case .round: cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        case .bevel: cairo_set_line_join(cr, CAIRO_LINE_JOIN_BEVEL)
        }
        cairo_set_miter_limit(cr, style.miterLimit)
        if !style.dashes.isEmpty { cairo_set_dash(cr, style.dashes, Int32(style.dashes.count), style.dashPhase) }
    }
}
