import CImageCodecs
import Foundation

/// HEIC (an iPhone's photos) through libheif (in CImageCodecs): the primary picture, turned as
/// the file says, its colours (an ICC profile, or an nclx description such as Display P3)
/// converted to sRGB.
public enum HEIFCodec {
    public static func isHEIF(_ data: Data) -> Bool {
        data.withUnsafeBytes { codecs_heif_is_heif($0.bindMemory(to: UInt8.self).baseAddress, $0.count) != 0 }
    }

    /// The primary picture and how many pictures the file holds.
    public static func decode(_ data: Data, pixelLimit: UInt64 = PNGCodec.defaultPixelLimit) throws -> (bitmap: Bitmap, pages: Int) {
        var pixels: UnsafeMutablePointer<UInt32>?
        var width: UInt32 = 0, height: UInt32 = 0
        var images: Int32 = 0
        var icc = codecs_buffer()
        var error = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { raw in
            codecs_heif_decode(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, pixelLimit, &pixels, &width, &height, &images,
                               &icc, &error, error.count)
        }
        let profile = ColorProfile.taking(&icc)
        guard status == 0, let pixels else { throw PNGCodec.CodecError.decode(String(cString: error)) }
        return (Bitmap(taking: pixels, width: Int(width), height: Int(height)).convertedToSRGB(from: profile), max(1, Int(images)))
    }
}
