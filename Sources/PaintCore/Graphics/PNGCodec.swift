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

    /// libpng and zlib settings. The default suits drawings (large flat areas and
    /// anti-aliased strokes): the cheap "up" filter and zlib's RLE strategy at level 1 compress
    /// as well as libpng's adaptive filters at level 6 on such images, several times faster.
    public struct Options: Sendable {
        public var filters: Int32
        public var level: Int32
        public var strategy: Int32

        public init(filters: Int32, level: Int32, strategy: Int32) {
            self.filters = filters
            self.level = level
            self.strategy = strategy
        }

        public static let drawing = Options(filters: 0x20, level: 1, strategy: 3)
        /// libpng's defaults (adaptive filters, level 6), as most programs write.
        public static let libpngDefault = Options(filters: 0, level: 6, strategy: 0)
    }

    /// Encodes a bitmap. An opaque bitmap is written as RGB, otherwise RGBA (straight alpha).
    public static func encode(_ bitmap: Bitmap, options: Options = .drawing) throws -> Data {
        let count = bitmap.width * bitmap.height
        let pixels = bitmap.pixels
        var opaque = true
        for i in 0..<count where pixels[i] < 0xFF00_0000 {
            opaque = false
            break
        }
        let channels = opaque ? 3 : 4
        var bytes = [UInt8](repeating: 0, count: max(1, count * channels))
        bytes.withUnsafeMutableBufferPointer { buffer in
            let out = buffer.baseAddress!
            if opaque {
                for i in 0..<count {
                    let p = pixels[i]
                    out[i * 3] = UInt8(truncatingIfNeeded: p >> 16)
                    out[i * 3 + 1] = UInt8(truncatingIfNeeded: p >> 8)
                    out[i * 3 + 2] = UInt8(truncatingIfNeeded: p)
                }
            } else {
                for i in 0..<count {
                    let p = pixels[i]
                    let a = p >> 24
                    var r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF
                    if a != 255 && a != 0 {
                        r = min(255, (r * 255 + a / 2) / a); g = min(255, (g * 255 + a / 2) / a); b = min(255, (b * 255 + a / 2) / a)
                    }
                    out[i * 4] = UInt8(r); out[i * 4 + 1] = UInt8(g); out[i * 4 + 2] = UInt8(b); out[i * 4 + 3] = UInt8(a)
                }
            }
        }
        var buffer = codecs_buffer()
        var error = [CChar](repeating: 0, count: 256)
        let settings = codecs_png_options(filters: options.filters, level: options.level, strategy: options.strategy)
        let status = codecs_png_encode(bytes, UInt32(bitmap.width), UInt32(bitmap.height), Int32(channels),
                                       settings, &buffer, &error, error.count)
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
