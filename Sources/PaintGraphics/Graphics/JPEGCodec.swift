import CImageCodecs
import Foundation

/// JPEG decoding through libjpeg-turbo (in CImageCodecs): baseline, progressive, grayscale and
/// CMYK, with DCT scaling for thumbnails and the EXIF orientation.
public enum JPEGCodec {
    public static func decode(_ data: Data, pixelLimit: UInt64 = PNGCodec.defaultPixelLimit,
                              scaleDenominator: Int = 1, job: DecodeJob? = nil) throws -> (bitmap: Bitmap, orientation: Int) {
        var image = codecs_image()
        var orientation: Int32 = 1
        var error = [CChar](repeating: 0, count: 256)
        var icc = codecs_buffer()
        let status = data.withUnsafeBytes { raw in
            codecs_jpeg_decode(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, pixelLimit, Int32(scaleDenominator),
                               job?.state, &image, &orientation, &icc, &error, error.count)
        }
        defer { codecs_free_image(&image) }
        let profile = ColorProfile.taking(&icc)
        if status == -2 { throw PNGCodec.CodecError.cancelled }
        guard status == 0, let rgba = image.rgba else { throw PNGCodec.CodecError.decode(String(cString: error)) }
        let bitmap = RGBAConversion.bitmap(fromRGBA: rgba, width: Int(image.width), height: Int(image.height))
        return (bitmap.convertedToSRGB(from: profile), Int(orientation))
    }

    /// Width and height from the header alone.
    public static func dimensions(of data: Data) -> (width: Int, height: Int)? {
        var width: UInt32 = 0, height: UInt32 = 0
        let status = data.withUnsafeBytes { raw in
            codecs_jpeg_dimensions(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &width, &height)
        }
        return status == 0 ? (Int(width), Int(height)) : nil
    }

    /// Encodes a bitmap as JPEG, saying its numbers are in `profile`'s colours (sRGB's, as
    /// saved files do; the tests build their corpus with others and with none). JPEG has no
    /// alpha: translucent pixels are written as they show over white.
    public static func encode(_ bitmap: Bitmap, quality: Int = 90, grayscale: Bool = false, cmyk: Bool = false,
                              progressive: Bool = false, orientation: Int = 0, profile: ColorProfile? = .sRGB) throws -> Data {
        let rgba = RGBAConversion.rgba(from: TransparencyBackdrop.composed(bitmap, over: 0xFFFF_FFFF))
        var buffer = codecs_buffer()
        var error = [CChar](repeating: 0, count: 256)
        let icc = profile?.bytes ?? Data()
        let status = icc.withUnsafeBytes { raw in
            codecs_jpeg_encode(rgba, UInt32(bitmap.width), UInt32(bitmap.height), Int32(quality), grayscale ? 1 : 0, cmyk ? 1 : 0,
                               progressive ? 1 : 0, Int32(orientation), raw.bindMemory(to: UInt8.self).baseAddress, raw.count,
                               &buffer, &error, error.count)
        }
        defer { codecs_free_buffer(&buffer) }
        guard status == 0, let bytes = buffer.bytes else { throw PNGCodec.CodecError.encode(String(cString: error)) }
        return Data(bytes: bytes, count: buffer.length)
    }
}

/// Straight RGBA8 rows to and from premultiplied bitmaps, at the codec boundary.
package enum RGBAConversion {
    package static func bitmap(fromRGBA rgba: UnsafePointer<UInt8>, width: Int, height: Int) -> Bitmap {
        let bitmap = Bitmap(width: width, height: height)
        for i in 0..<(width * height) {
            let r = UInt32(rgba[i * 4]), g = UInt32(rgba[i * 4 + 1]), b = UInt32(rgba[i * 4 + 2]), a = UInt32(rgba[i * 4 + 3])
            bitmap.pixels[i] = a == 255 ? (0xFF00_0000 | r << 16 | g << 8 | b)
                : a << 24 | PixelMath.mul255(r, a) << 16 | PixelMath.mul255(g, a) << 8 | PixelMath.mul255(b, a)
        }
        return bitmap
    }

    package static func rgba(from bitmap: Bitmap) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: bitmap.width * bitmap.height * 4)
        for i in 0..<(bitmap.width * bitmap.height) {
            let c = Color(premultipliedPixel: bitmap.pixels[i])
            bytes[i * 4] = UInt8((c.red * 255).rounded())
            bytes[i * 4 + 1] = UInt8((c.green * 255).rounded())
            bytes[i * 4 + 2] = UInt8((c.blue * 255).rounded())
            bytes[i * 4 + 3] = UInt8((c.alpha * 255).rounded())
        }
        return bytes
    }
}

extension PNGCodec {
    /// Encodes a PNG of a given colour type, bit depth and interlacing (for test corpora).
    public static func encodeVariant(_ bitmap: Bitmap, colorType: Int, bitDepth: Int, interlaced: Bool) throws -> Data {
        let rgba = RGBAConversion.rgba(from: bitmap)
        var buffer = codecs_buffer()
        var error = [CChar](repeating: 0, count: 256)
        let status = codecs_png_encode_variant(rgba, UInt32(bitmap.width), UInt32(bitmap.height), Int32(colorType),
                                               Int32(bitDepth), interlaced ? 1 : 0, &buffer, &error, error.count)
        defer { codecs_free_buffer(&buffer) }
        guard status == 0, let bytes = buffer.bytes else { throw CodecError.encode(String(cString: error)) }
        return Data(bytes: bytes, count: buffer.length)
    }
}
