import CImageCodecs
import Foundation

/// BMP through GdkPixbuf (the desktop's image library): read by its BMP loader (1-, 4- and
/// 8-bit palettes, RLE, 16-, 24- and 32-bit) and written by its BMP saver (24-bit), both in
/// CImageCodecs' C glue.
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
        var buffer = codecs_buffer()
        var error = [CChar](repeating: 0, count: 256)
        guard codecs_bmp_encode(bitmap.pixels, Int32(bitmap.width), Int32(bitmap.height), &buffer, &error, error.count) == 0 else {
            throw PNGCodec.CodecError.encode(String(cString: error))
        }
        defer { codecs_free_buffer(&buffer) }
        return Data(bytes: buffer.bytes, count: buffer.length)
    }
}
