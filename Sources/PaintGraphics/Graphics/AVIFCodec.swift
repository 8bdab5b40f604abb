import CImageCodecs
import Foundation

/// AVIF (AV1 pictures from the web and phones) through libavif (in CImageCodecs): the first
/// picture, turned and mirrored as the file says, its colours converted to sRGB.
public enum AVIFCodec {
    public static func isAVIF(_ data: Data) -> Bool {
        data.withUnsafeBytes { codecs_avif_is_avif($0.bindMemory(to: UInt8.self).baseAddress, $0.count) != 0 }
    }

    /// The first picture and how many frames the file holds (an animation's).
    public static func decode(_ data: Data, pixelLimit: UInt64 = PNGCodec.defaultPixelLimit) throws -> (bitmap: Bitmap, pages: Int) {
        var pixels: UnsafeMutablePointer<UInt32>?
        var width: UInt32 = 0, height: UInt32 = 0
        var frames: Int32 = 0, rotation: Int32 = 0, mirror: Int32 = -1
        var icc = codecs_buffer()
        var error = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { raw in
            codecs_avif_decode(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, pixelLimit, &pixels, &width, &height, &frames,
                               &rotation, &mirror, &icc, &error, error.count)
        }
        let profile = ColorProfile.taking(&icc)
        guard status == 0, let pixels else { throw PNGCodec.CodecError.decode(String(cString: error)) }
        var bitmap = Bitmap(taking: pixels, width: Int(width), height: Int(height)).convertedToSRGB(from: profile)
        // irot (quarter turns anticlockwise) then imir, as EXIF orientations: 8 is a quarter anticlockwise.
        if rotation != 0 { bitmap = bitmap.reoriented([1, 8, 3, 6][Int(rotation)]) }
        if mirror >= 0 { bitmap = bitmap.reoriented(mirror == 0 ? 4 : 2) }
        return (bitmap, max(1, Int(frames)))
    }
}
