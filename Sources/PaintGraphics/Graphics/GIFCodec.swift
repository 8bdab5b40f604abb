import CImageCodecs
import Foundation

/// GIF through giflib (in CImageCodecs): the first frame, on the picture's screen, its
/// transparent colour transparent.
public enum GIFCodec {
    /// "GIF87a" or "GIF89a".
    public static func isGIF(_ data: Data) -> Bool {
        data.starts(with: Array("GIF87a".utf8)) || data.starts(with: Array("GIF89a".utf8))
    }

    /// The first frame and how many frames the file holds.
    public static func decode(_ data: Data, pixelLimit: UInt64 = PNGCodec.defaultPixelLimit) throws -> (bitmap: Bitmap, pages: Int) {
        var pixels: UnsafeMutablePointer<UInt32>?
        var width: UInt32 = 0, height: UInt32 = 0
        var frames: Int32 = 0
        var error = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { raw in
            codecs_gif_decode(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, pixelLimit, &pixels, &width, &height, &frames,
                              &error, error.count)
        }
        guard status == 0, let pixels else { throw PNGCodec.CodecError.decode(String(cString: error)) }
        return (Bitmap(taking: pixels, width: Int(width), height: Int(height)), max(1, Int(frames)))
    }
}
