import CImageCodecs
import Foundation

/// PNG encoding and decoding of bitmaps through libpng (in CImageCodecs).
public enum PNGCodec {
    /// Images whose header claims more pixels than this are refused before allocation.
    public static let defaultPixelLimit: UInt64 = 100_000_000

    public enum CodecError: Error, CustomStringConvertible {
        case encode(String)
        case decode(String)

        public var description: String {
            switch self {
            case .encode(let m): return "could not encode PNG: \(m)"
            case .decode(let m): return "could not read the image: \(m)"
            }
        }
    }

    /// Encodes a bitmap. An opaque bitmap is written as RGB, otherwise RGBA (straight alpha).
    public static func encode(_ bitmap: Bitmap, compressionLevel: Int = 6) throws -> Data {
        let count = bitmap.width * bitmap.height
        let opaque = (0..<count).allSatisfy { bitmap.pixels[$0] >> 24 == 255 }
        let channels = opaque ? 3 : 4
        var bytes = [UInt8](repeating: 0, count: max(1, count * channels))
        bytes.withUnsafeMutableBufferPointer { out in
            for i in 0..<count {
                let p = bitmap.pixels[i]
                let a = p >> 24
                var r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF
                if a != 255 && a != 0 {
                    r = (r * 255 + a / 2) / a; g = (g * 255 + a / 2) / a; b = (b * 255 + a / 2) / a
                }
                let o = i * channels
                out[o] = UInt8(min(r, 255)); out[o + 1] = UInt8(min(g, 255)); out[o + 2] = UInt8(min(b, 255))
                if channels == 4 { out[o + 3] = UInt8(a) }
            }
        }
        var buffer = codecs_buffer()
        var error = [CChar](repeating: 0, count: 256)
        let status = codecs_png_encode(bytes, UInt32(bitmap.width), UInt32(bitmap.height), Int32(channels),
                                       Int32(compressionLevel), &buffer, &error, error.count)
        defer { codecs_free_buffer(&buffer) }
        guard status == 0, let start = buffer.bytes else { throw CodecError.encode(String(cString: error)) }
        return Data(bytes: start, count: buffer.length)
    }

    /// Decodes PNG data into a premultiplied bitmap.
    public static func decode(_ data: Data, pixelLimit: UInt64 = defaultPixelLimit) throws -> Bitmap {
        var image = codecs_image()
        var error = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { raw in
            codecs_png_decode(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, pixelLimit, &image, &error, error.count)
        }
        defer { codecs_free_image(&image) }
        guard status == 0, let rgba = image.rgba else { throw CodecError.decode(String(cString: error)) }
        let bitmap = Bitmap(width: Int(image.width), height: Int(image.height))
        for i in 0..<(bitmap.width * bitmap.height) {
            let r = UInt32(rgba[i * 4]), g = UInt32(rgba[i * 4 + 1]), b = UInt32(rgba[i * 4 + 2]), a = UInt32(rgba[i * 4 + 3])
            bitmap.pixels[i] = a << 24 | PixelMath.mul255(r, a) << 16 | PixelMath.mul255(g, a) << 8 | PixelMath.mul255(b, a)
        }
        return bitmap
    }
}
