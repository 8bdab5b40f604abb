import CImageCodecs
import CRsvg
import Foundation

/// BMP through GdkPixbuf (the desktop's image library, already under librsvg): read by its BMP
/// loader in CImageCodecs' C glue (1-, 4- and 8-bit palettes, RLE, 16-, 24- and 32-bit), written
/// by its BMP saver here (24-bit).
public enum BMPCodec {
    /// "BM" and a header long enough to say the size.
    public static func isBMP(_ data: Data) -> Bool { data.count >= 26 && data.starts(with: [0x42, 0x4D]) }

    /// The size the header says (a top-down picture's height made positive), nil when unreadable.
    static func size(of data: Data) -> (width: Int, height: Int)? {
        var width: UInt32 = 0, height: UInt32 = 0
        let status = data.withUnsafeBytes { codecs_bmp_size($0.bindMemory(to: UInt8.self).baseAddress, $0.count, &width, &height) }
        return status == 0 ? (Int(width), Int(height)) : nil
    }

    /// Read by GdkPixbuf through the C glue in CImageCodecs (sizes and cut files checked first).
    public static func decode(_ data: Data, pixelLimit: UInt64 = PNGCodec.defaultPixelLimit) throws -> Bitmap {
        var pixels: UnsafeMutablePointer<UInt32>?
        var width: UInt32 = 0, height: UInt32 = 0
        var error = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { raw in
            codecs_bmp_decode(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, pixelLimit, &pixels, &width, &height, &error, error.count)
        }
        guard status == 0, let pixels else { throw PNGCodec.CodecError.decode(String(cString: error)) }
        return Bitmap(taking: pixels, width: Int(width), height: Int(height))
    }

    /// A 24-bit BMP of the picture; translucent pixels over white (BMP readers ignore alpha).
    public static func encode(_ bitmap: Bitmap) throws -> Data {
        let width = bitmap.width, height = bitmap.height
        guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(width), Int32(height)) else {
            throw PNGCodec.CodecError.encode("out of memory for a \(width)x\(height) picture")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let bytes = gdk_pixbuf_get_pixels(pixbuf)!
        for y in 0..<height {
            for x in 0..<width {
                // Premultiplied over white: c + (255 - a).
                let p = bitmap.pixels[y * width + x], white = 255 - (p >> 24)
                let row = bytes + y * stride + x * 3
                row[0] = UInt8((p >> 16 & 0xFF) + white)
                row[1] = UInt8((p >> 8 & 0xFF) + white)
                row[2] = UInt8((p & 0xFF) + white)
            }
        }
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        guard gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, "bmp", nil, nil, &error) != 0, let buffer else {
            throw encodeFailure(&error)
        }
        defer { g_free(buffer) }
        return Data(bytes: buffer, count: Int(size))
    }

    /// GdkPixbuf's reason as an encoding error (it was said as a reading one).
    private static func encodeFailure(_ error: inout UnsafeMutablePointer<GError>?) -> PNGCodec.CodecError {
        defer { if let error { g_error_free(error) } }
        return .encode(error.map { String(cString: $0.pointee.message) } ?? "GdkPixbuf could not write the BMP")
    }
}
