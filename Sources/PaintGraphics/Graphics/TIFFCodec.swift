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
        let status = data.withUnsafeBytes { raw in
            codecs_tiff_decode(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, pixelLimit, &pixels, &width, &height, &pages, &error, error.count)
        }
        guard status == 0, let pixels else { throw PNGCodec.CodecError.decode(String(cString: error)) }
        defer { codecs_tiff_free(pixels) }
        let bitmap = Bitmap(width: Int(width), height: Int(height))
        bitmap.pixels.update(from: pixels, count: Int(width) * Int(height))
        return (bitmap, Int(pages))
    }
}
