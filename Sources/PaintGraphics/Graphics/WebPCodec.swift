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

    /// The picture (an animation's first frame), refused before any memory is taken when its
    /// canvas has more than `pixelLimit` pixels; libwebp writes the app's premultiplied pixels
    /// itself (a third of the time went on converting its RGBA). With how many frames the file has.
    public static func decode(_ data: Data, pixelLimit: UInt64 = PNGCodec.defaultPixelLimit) throws -> (bitmap: Bitmap, pages: Int) {
        guard let info = info(data) else { throw PNGCodec.CodecError.decode("not a WebP picture this libwebp can read") }
        guard info.width > 0, info.height > 0, UInt64(info.width) * UInt64(info.height) <= pixelLimit else {
            throw PNGCodec.CodecError.decode("the WebP picture is \(info.width)x\(info.height), more than the \(pixelLimit) pixels allowed")
        }
        let bitmap = Bitmap(width: info.width, height: info.height)
        var error = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { raw in
            codecs_webp_decode_premultiplied(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, bitmap.pixels,
                                             UInt32(info.width), UInt32(info.height), &error, error.count)
        }
        guard status == 0 else { throw PNGCodec.CodecError.decode(String(cString: error)) }
        return (bitmap.convertedToSRGB(from: ColorProfile.embedded(in: data)), info.frameCount)
    }

    /// Lossless (every pixel kept; `quality` is the effort) or lossy at `quality` 0-100;
    /// `method` 0 (fastest) to 6 (smallest), libwebp's default 4.
    /// The file says its numbers are in `profile`'s colours (sRGB's, as saved files do).
    public static func encode(_ bitmap: Bitmap, lossless: Bool = true, quality: Double = 75, method: Int = 4,
                              profile: ColorProfile? = .sRGB) throws -> Data {
        var buffer = codecs_buffer()
        var error = [CChar](repeating: 0, count: 256)
        // An opaque picture's words are libwebp's BGRA already; a translucent one is made straight first.
        let count = bitmap.width * bitmap.height
        let icc = profile?.bytes ?? Data()
        func encode(_ words: UnsafePointer<UInt32>) -> Int32 {
            icc.withUnsafeBytes { raw in
                codecs_webp_encode_words(words, UInt32(bitmap.width), UInt32(bitmap.height), 1, lossless ? 1 : 0, Float(quality),
                                         Int32(method), raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &buffer, &error, error.count)
            }
        }
        let status: Int32
        if (0..<count).contains(where: { bitmap.pixels[$0] >> 24 != 255 }) {
            let straight = (0..<count).map { Self.unpremultiplied(bitmap.pixels[$0]) }
            status = straight.withUnsafeBufferPointer { encode($0.baseAddress!) }
        } else {
            status = encode(bitmap.pixels)
        }
        defer { codecs_free_buffer(&buffer) }
        guard status == 0, let bytes = buffer.bytes else { throw PNGCodec.CodecError.encode(String(cString: error)) }
        return Data(bytes: bytes, count: buffer.length)
    }

    /// A premultiplied pixel's straight colour, rounded (as the PNG writer makes it).
    @inline(__always)
    static func unpremultiplied(_ p: UInt32) -> UInt32 {
        let a = p >> 24
        guard a != 255 else { return p }
        guard a != 0 else { return 0 }
        func channel(_ c: UInt32) -> UInt32 { min(255, (c * 255 + a / 2) / a) }
        return a << 24 | channel((p >> 16) & 0xFF) << 16 | channel((p >> 8) & 0xFF) << 8 | channel(p & 0xFF)
    }
}
