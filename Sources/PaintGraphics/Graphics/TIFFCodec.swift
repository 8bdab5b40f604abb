import CImageCodecs
import Foundation

/// TIFF through libtiff (in CImageCodecs): the first page of a scanner's or a camera's file,
/// 8 or 16 bits, RGB, RGBA, greyscale or palette.
public enum TIFFCodec {
    /// "II*\0" (little-endian) or "MM\0*" (big-endian), and BigTIFF's 43.
    public static func isTIFF(_ data: Data) -> Bool {
        data.starts(with: [0x49, 0x49, 0x2A, 0x00]) || data.starts(with: [0x4D, 0x4D, 0x00, 0x2A])
            || data.starts(with: [0x49, 0x49, 0x2B, 0x00]) || data.starts(with: [0x4D, 0x4D, 0x00, 0x2B])
    }

    /// The first page's pixels and how many pages the file has.
    public static func decode(_ data: Data, pixelLimit: UInt64 = PNGCodec.defaultPixelLimit) throws -> (bitmap: Bitmap, pages: Int) {
        var pixels: UnsafeMutablePointer<UInt32>?
        var width: UInt32 = 0, height: UInt32 = 0
        var pages: Int32 = 0
        var error = [CChar](repeating: 0, count: 256)
        var icc = codecs_buffer()
        let status = data.withUnsafeBytes { raw in
            codecs_tiff_decode(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, pixelLimit, &pixels, &width, &height, &pages,
                               &icc, &error, error.count)
        }
        let profile = ColorProfile.taking(&icc)
        guard status == 0, let pixels else { throw PNGCodec.CodecError.decode(String(cString: error)) }
        return (Bitmap(taking: pixels, width: Int(width), height: Int(height)).convertedToSRGB(from: profile), Int(pages))
    }
}

extension TIFFCodec {
    /// How the pixels are compressed: both lossless, both read by every TIFF reader.
    public enum Compression: Int32, Sendable {
        case lzw = 5
        case deflate = 8
    }

    /// A one-page TIFF of the bitmap: RGB, or RGBA when anything is translucent, with the
    /// horizontal predictor; it says its numbers are in `profile`'s colours (sRGB's, as saved
    /// files do).
    public static func encode(_ bitmap: Bitmap, compression: Compression = .deflate, profile: ColorProfile? = .sRGB) throws -> Data {
        let rgba = RGBAConversion.rgba(from: bitmap)
        let translucent = (0..<bitmap.width * bitmap.height).contains { bitmap.pixels[$0] >> 24 != 255 }
        var buffer = codecs_buffer()
        var error = [CChar](repeating: 0, count: 256)
        let icc = profile?.bytes ?? Data()
        let status = icc.withUnsafeBytes { raw in
            codecs_tiff_encode(rgba, UInt32(bitmap.width), UInt32(bitmap.height), translucent ? 1 : 0, compression.rawValue,
                               raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &buffer, &error, error.count)
        }
        defer { codecs_free_buffer(&buffer) }
        guard status == 0, let bytes = buffer.bytes else { throw PNGCodec.CodecError.encode(String(cString: error)) }
        return Data(bytes: bytes, count: buffer.length)
    }
}
