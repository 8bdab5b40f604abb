import CImageCodecs
import Foundation

/// WebP through libwebp (in CImageCodecs): lossy, lossless and alpha pictures, and an
/// animation's first frame; saved lossless or lossy.
public enum WebPCodec {
    /// "RIFF", a length, "WEBP".
    public static func isWebP(_ data: Data) -> Bool {
        data.count >= 12 && data.starts(with: [0x52, 0x49, 0x46, 0x46]) && data.dropFirst(8).starts(with: [0x57, 0x45, 0x42, 0x50])
    }

    /// What the header says: the canvas size and the frames (1 for a still picture).
    public struct Info: Equatable {
        public let width: Int
        public let height: Int
        public let hasAlpha: Bool
        public let frameCount: Int
    }

    public static func info(_ data: Data) -> Info? {
        var width: UInt32 = 0, height: UInt32 = 0
        var alpha: Int32 = 0, animated: Int32 = 0, frames: Int32 = 0
        let status = data.withUnsafeBytes { raw in
            codecs_webp_info(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &width, &height, &alpha, &animated, &frames)
        }
        return status == 0 ? Info(width: Int(width), height: Int(height), hasAlpha: alpha != 0, frameCount: Int(frames)) : nil
    }

    public static func decode(_ data: Data, pixelLimit: UInt64 = PNGCodec.defaultPixelLimit) throws -> Bitmap {
        var image = codecs_image()
        var error = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { raw in
            codecs_webp_decode(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, pixelLimit, &image, &error, error.count)
        }
        defer { codecs_free_image(&image) }
        guard status == 0, let rgba = image.rgba else { throw PNGCodec.CodecError.decode(String(cString: error)) }
        return RGBAConversion.bitmap(fromRGBA: rgba, width: Int(image.width), height: Int(image.height))
    }

    /// Lossless (every pixel kept; `quality` is the effort) or lossy at `quality` 0-100;
    /// `method` 0 (fastest) to 6 (smallest), libwebp's default 4.
    public static func encode(_ bitmap: Bitmap, lossless: Bool = true, quality: Double = 75, method: Int = 4) throws -> Data {
        let rgba = RGBAConversion.rgba(from: bitmap)
        var buffer = codecs_buffer()
        var error = [CChar](repeating: 0, count: 256)
        let status = codecs_webp_encode(rgba, UInt32(bitmap.width), UInt32(bitmap.height), lossless ? 1 : 0, Float(quality),
                                        Int32(method), &buffer, &error, error.count)
        defer { codecs_free_buffer(&buffer) }
        guard status == 0, let bytes = buffer.bytes else { throw PNGCodec.CodecError.encode(String(cString: error)) }
        return Data(bytes: bytes, count: buffer.length)
    }
}
