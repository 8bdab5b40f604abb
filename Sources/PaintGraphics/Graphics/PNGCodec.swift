import CImageCodecs
import Foundation

/// PNG encoding and decoding of bitmaps through libpng (in CImageCodecs).
public enum PNGCodec {
    /// Images whose header claims more pixels than this are refused before allocation.
    public static let defaultPixelLimit: UInt64 = 100_000_000

    public enum CodecError: Error, CustomStringConvertible {
        case encode(String)
        case decode(String)
        /// The user cancelled the decode.
        case cancelled

        public var description: String {
            switch self {
            // Every codec reports through this error: the message names no one format.
            case .encode(let m): return "could not encode the picture: \(m)"
            case .decode(let m): return "could not read the image: \(m)"
            case .cancelled: return "cancelled"
            }
        }
    }

    /// How hard zlib works and how. The default suits drawings (large flat areas and
    /// anti-aliased strokes): unfiltered rows at zlib level 1 come out smaller than libpng's
    /// adaptive filters at level 6 on such images, and opaque images are deflated in bands
    /// on every core.
    public struct Options: Sendable {
        /// PNG row filters (libpng's PNG_FILTER_* bits; 0 for libpng's adaptive choice).
        public var filters: Int32
        public var level: Int32
        /// zlib strategy: 0 default, 1 filtered, 3 run-length.
        public var strategy: Int32
        /// Threads that deflate bands of rows at once (opaque images; rows left unfiltered).
        public var threads: Int

        public init(filters: Int32, level: Int32, strategy: Int32, threads: Int = 1) {
            self.filters = filters
            self.level = level
            self.strategy = strategy
            self.threads = threads
        }

        public static let drawing = Options(filters: 0x08, level: 1, strategy: 0,
                                            threads: max(1, min(4, ProcessInfo.processInfo.activeProcessorCount)))
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
        var buffer = codecs_buffer()
        var error = [CChar](repeating: 0, count: 256)
        let settings = codecs_png_options(filters: options.filters, level: options.level, strategy: options.strategy)
        if opaque {
            // The pixels are read in place; nothing to convert first.
            let status = options.threads > 1
                ? codecs_png_encode_opaque_parallel(pixels, UInt32(bitmap.width), UInt32(bitmap.height), options.level,
                                                    options.strategy, Int32(options.threads), &buffer, &error, error.count)
                : codecs_png_encode_bgrx(pixels, UInt32(bitmap.width), UInt32(bitmap.height), settings,
                                         &buffer, &error, error.count)
            defer { codecs_free_buffer(&buffer) }
            guard status == 0, let start = buffer.bytes else { throw CodecError.encode(String(cString: error)) }
            return Data(bytes: start, count: buffer.length)
        }
        let channels = 4
        var bytes = [UInt8](repeating: 0, count: max(1, count * channels))
        bytes.withUnsafeMutableBufferPointer { buffer in
            let out = buffer.baseAddress!
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
        let status = codecs_png_encode(bytes, UInt32(bitmap.width), UInt32(bitmap.height), Int32(channels),
                                       settings, &buffer, &error, error.count)
        defer { codecs_free_buffer(&buffer) }
        guard status == 0, let start = buffer.bytes else { throw CodecError.encode(String(cString: error)) }
        return Data(bytes: start, count: buffer.length)
    }

    /// Decodes PNG data into a premultiplied bitmap.
    public static func decode(_ data: Data, pixelLimit: UInt64 = defaultPixelLimit) throws -> Bitmap {
        try decode(data, pixelLimit: pixelLimit, maximumPixels: nil, job: nil).bitmap
    }

    /// Decodes PNG data, reduced by the smallest whole factor that brings it within
    /// `maximumPixels` while the rows arrive (the whole picture never exists in memory), with
    /// progress and cancelling through `job`. Returns the picture and the file's own size.
    public static func decode(_ data: Data, pixelLimit: UInt64 = defaultPixelLimit, maximumPixels: Int?,
                              job: DecodeJob?) throws -> (bitmap: Bitmap, sourceWidth: Int, sourceHeight: Int) {
        var image = codecs_image()
        var error = [CChar](repeating: 0, count: 256)
        var sourceWidth: UInt32 = 0, sourceHeight: UInt32 = 0
        let status = data.withUnsafeBytes { raw in
            codecs_png_decode_reduced(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, pixelLimit,
                                      UInt64(max(0, maximumPixels ?? 0)), job?.state, &image, &sourceWidth, &sourceHeight,
                                      &error, error.count)
        }
        defer { codecs_free_image(&image) }
        if status == -2 { throw CodecError.cancelled }
        guard status == 0, let rgba = image.rgba else { throw CodecError.decode(String(cString: error)) }
        let bitmap = RGBAConversion.bitmap(fromRGBA: rgba, width: Int(image.width), height: Int(image.height))
        return (bitmap.convertedToSRGB(from: ColorProfile.embedded(in: data)), Int(sourceWidth), Int(sourceHeight))
    }
}
