import CRsvg
import Foundation

/// BMP through GdkPixbuf's BMP loader and saver (the desktop's image library, already under
/// librsvg): 1-, 4- and 8-bit palettes, RLE, 16-, 24- and 32-bit pictures in; 24-bit out.
public enum BMPCodec {
    /// "BM" and a header long enough to say the size.
    public static func isBMP(_ data: Data) -> Bool { data.count >= 26 && data.starts(with: [0x42, 0x4D]) }

    /// The size the header says (a negative height is a top-down picture), nil when unreadable.
    static func size(of data: Data) -> (width: Int, height: Int)? {
        guard isBMP(data) else { return nil }
        let bytes = [UInt8](data.prefix(26))
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func i32(_ at: Int) -> Int { Int(Int32(bitPattern: UInt32(u16(at)) | UInt32(u16(at + 2)) << 16)) }
        // An OS/2 1.x core header (12 bytes) keeps 16-bit sizes; the others 32-bit.
        return i32(14) == 12 ? (u16(18), u16(20)) : (i32(18), abs(i32(22)))
    }

    public static func decode(_ data: Data, pixelLimit: UInt64 = PNGCodec.defaultPixelLimit) throws -> Bitmap {
        guard let (width, height) = size(of: data), width > 0, height > 0 else {
            throw PNGCodec.CodecError.decode("the BMP header could not be read")
        }
        // Refused before GdkPixbuf allocates anything.
        guard UInt64(width) * UInt64(height) <= pixelLimit else {
            throw PNGCodec.CodecError.decode("the BMP picture is \(width)x\(height), more than the \(pixelLimit) pixels allowed")
        }
        // GdkPixbuf shows an uncompressed file cut short with its missing rows blank; it is refused.
        if let needed = uncompressedLength(of: data, width: width, height: height), data.count < needed {
            throw PNGCodec.CodecError.decode("the BMP file is cut short")
        }
        var error: UnsafeMutablePointer<GError>?
        guard let loader = gdk_pixbuf_loader_new_with_type("bmp", &error) else { throw failure(&error, "no BMP reader is installed") }
        defer { g_object_unref(loader) }
        let written = data.withUnsafeBytes { raw in
            gdk_pixbuf_loader_write(loader, raw.bindMemory(to: UInt8.self).baseAddress, gsize(raw.count), &error)
        }
        // Closing always, even after a failed write (whose error is kept), or GdkPixbuf warns on unref.
        var closeError: UnsafeMutablePointer<GError>?
        let closed = gdk_pixbuf_loader_close(loader, &closeError)
        if error == nil { error = closeError } else if let closeError { g_error_free(closeError) }
        guard written != 0, closed != 0, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else {
            throw failure(&error, "the BMP could not be read")
        }
        return bitmap(of: pixbuf)
    }

    /// How long an uncompressed (BI_RGB or BI_BITFIELDS) file must be: where its pixels start
    /// and their rows, each padded to 4 bytes; nil for a compressed one or a short header.
    private static func uncompressedLength(of data: Data, width: Int, height: Int) -> Int? {
        guard data.count >= 34 else { return nil }
        let bytes = [UInt8](data.prefix(34))
        func u32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
        let core = u32(14) == 12
        let bitsPerPixel = core ? Int(bytes[24]) | Int(bytes[25]) << 8 : Int(bytes[28]) | Int(bytes[29]) << 8
        let compression = core ? 0 : u32(30)
        guard compression == 0 || compression == 3, bitsPerPixel > 0 else { return nil }
        return u32(10) + (bitsPerPixel * width + 31) / 32 * 4 * height
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
            throw failure(&error, "the BMP could not be written")
        }
        defer { g_free(buffer) }
        return Data(bytes: buffer, count: Int(size))
    }

    /// GdkPixbuf's RGB or RGBA rows as premultiplied words.
    private static func bitmap(of pixbuf: OpaquePointer) -> Bitmap {
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf)), channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let bytes = gdk_pixbuf_get_pixels(pixbuf)!
        let bitmap = Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let p = bytes + y * stride + x * channels
                let a = channels == 4 ? UInt32(p[3]) : 255
                let r = UInt32(p[0]), g = UInt32(p[1]), b = UInt32(p[2])
                bitmap.pixels[y * width + x] = a == 255 ? 0xFF00_0000 | r << 16 | g << 8 | b
                    : a << 24 | PixelMath.mul255(r, a) << 16 | PixelMath.mul255(g, a) << 8 | PixelMath.mul255(b, a)
            }
        }
        return bitmap
    }

    private static func failure(_ error: inout UnsafeMutablePointer<GError>?, _ fallback: String) -> PNGCodec.CodecError {
        defer { if let error { g_error_free(error) } }
        return .decode(error.map { String(cString: $0.pointee.message) } ?? fallback)
    }
}
