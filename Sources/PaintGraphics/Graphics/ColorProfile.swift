import CImageCodecs
import Foundation

/// An ICC colour profile, and colour management with Little CMS (in CImageCodecs): a picture
/// whose numbers mean Adobe RGB or Display P3 colours is converted to sRGB, the space the app
/// draws, shows and saves in, when it is opened (perceptual intent, as image viewers do). A
/// profile that describes sRGB changes nothing and is not applied.
public struct ColorProfile: Sendable, Equatable {
    public let bytes: Data

    public init(bytes: Data) { self.bytes = bytes }

    /// Little CMS's sRGB profile: what saved JPEG and WebP files carry, so other programs read
    /// their numbers as the sRGB they are.
    public static let sRGB: ColorProfile = {
        var buffer = codecs_buffer()
        defer { codecs_free_buffer(&buffer) }
        guard codecs_icc_srgb_profile(&buffer) == 0, let bytes = buffer.bytes else { return ColorProfile(bytes: Data()) }
        return ColorProfile(bytes: Data(bytes: bytes, count: buffer.length))
    }()

    /// A transfer curve: sRGB's, linear, or a pure gamma of 2.2 or 2.8.
    public enum Transfer: Int32, Sendable {
        case sRGB = 0, linear = 2, gamma22 = 22, gamma28 = 28
    }

    /// A profile from CIE xy primaries (red, green, blue) and white point, and a transfer curve.
    public static func rgb(red: (Double, Double), green: (Double, Double), blue: (Double, Double), white: (Double, Double),
                           transfer: Transfer) -> ColorProfile? {
        let primaries = [red.0, red.1, green.0, green.1, blue.0, blue.1], whitePoint = [white.0, white.1]
        var buffer = codecs_buffer()
        defer { codecs_free_buffer(&buffer) }
        guard codecs_icc_make_rgb_profile(primaries, whitePoint, transfer.rawValue, &buffer) == 0, let bytes = buffer.bytes else { return nil }
        return ColorProfile(bytes: Data(bytes: bytes, count: buffer.length))
    }

    /// Display P3 (Apple's phones and screens): DCI-P3 primaries, D65 white, sRGB's curve.
    public static let displayP3 = rgb(red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060), white: (0.3127, 0.3290), transfer: .sRGB)

    /// The profile a PNG (iCCP), JPEG (APP2) or WebP (ICCP) carries, or nil. JPEG, TIFF, HEIF
    /// and AVIF decoders give theirs while reading the header; this reads PNG's and WebP's, and
    /// tells what a saved file says.
    public static func embedded(in data: Data) -> ColorProfile? {
        var buffer = codecs_buffer()
        defer { codecs_free_buffer(&buffer) }
        let status: Int32 = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self).baseAddress
            if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return codecs_png_icc_profile(bytes, raw.count, &buffer) }
            if data.starts(with: [0xFF, 0xD8]) { return codecs_jpeg_icc_profile(bytes, raw.count, &buffer) }
            if WebPCodec.isWebP(data) { return codecs_webp_icc_profile(bytes, raw.count, &buffer) }
            return -1
        }
        guard status == 0, let bytes = buffer.bytes else { return nil }
        return ColorProfile(bytes: Data(bytes: bytes, count: buffer.length))
    }

    /// Takes the bytes of a codecs_buffer (freeing it), nil when it is empty.
    static func taking(_ buffer: inout codecs_buffer) -> ColorProfile? {
        defer { codecs_free_buffer(&buffer) }
        guard let bytes = buffer.bytes, buffer.length > 0 else { return nil }
        return ColorProfile(bytes: Data(bytes: bytes, count: buffer.length))
    }

    /// What converting did.
    public enum Conversion: Equatable, Sendable {
        /// The colours were converted to sRGB.
        case converted
        /// Nothing to do: the profile is sRGB's, or not an RGB one (the decoder made the picture RGB).
        case unchanged
        /// Little CMS could not read the profile; the numbers are left as sRGB.
        case unusable
    }

    /// Converts the bitmap's colours in place from this profile's to sRGB.
    @discardableResult
    public func convertToSRGB(_ bitmap: Bitmap) -> Conversion {
        let status = bytes.withUnsafeBytes { raw in
            codecs_icc_to_srgb(bitmap.pixels, bitmap.width * bitmap.height, raw.bindMemory(to: UInt8.self).baseAddress, raw.count)
        }
        return status == 1 ? .converted : status == 0 ? .unchanged : .unusable
    }
}

extension Bitmap {
    /// The bitmap with the colours of `profile` (when there is one) converted to sRGB.
    func convertedToSRGB(from profile: ColorProfile?) -> Bitmap {
        profile?.convertToSRGB(self)
        return self
    }
}
