import Foundation
import PaintGraphics

/// Opens picture files (PNG, JPEG, WebP, HEIC, AVIF, TIFF, GIF, BMP, SVG, OpenRaster; told apart
/// by their first bytes, whatever the name says) with a size limit and a clear message for anything it cannot read.
public enum PhotoDecoder {
    public struct DecodeError: Error, CustomStringConvertible {
        public let description: String
    }

    public static func decode(_ data: Data, name: String, pixelLimit: UInt64 = PNGCodec.defaultPixelLimit,
                              scaleDenominator: Int = 1) throws -> Photo {
        // Full-size decodes keep the file's bytes so the journal can keep the picture as it was.
        let keep = scaleDenominator == 1 ? data : nil
        if let flattened = try openRaster(data, name: name, maximumPixels: Int(min(pixelLimit, UInt64(Int.max)))) {
            return Photo(asset: ImageAsset(bitmap: flattened, name: name, encoded: nil))
        }
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            return Photo(asset: ImageAsset(bitmap: try PNGCodec.decode(data, pixelLimit: pixelLimit), name: name, encoded: keep))
        }
        if data.starts(with: [0xFF, 0xD8]) {
            let (bitmap, orientation) = try JPEGCodec.decode(data, pixelLimit: pixelLimit, scaleDenominator: scaleDenominator)
            return Photo(asset: ImageAsset(bitmap: bitmap, name: name, encoded: keep), orientation: orientation)
        }
        if let (bitmap, _) = try decodeWhole(data, pixelLimit: pixelLimit) {
            // Kept in the journal as a PNG of its pixels (the journal's pictures are PNG or JPEG).
            return Photo(asset: ImageAsset(bitmap: bitmap, name: name, encoded: nil))
        }
        if SVGCodec.isSVG(data) {
            return Photo(asset: ImageAsset(bitmap: try svg(data, maximumPixels: Int(min(pixelLimit, UInt64(Self.svgPixels)))), name: name, encoded: nil))
        }
        let shown = DisplayPath.short(name, limit: 48)
        throw DecodeError(description: data.isEmpty ? "\(shown) is empty" : "\(shown) is not a PNG, JPEG, WebP, HEIC, AVIF, TIFF, GIF, BMP or SVG picture")
    }

    /// A photo opened to be placed: reduced to at most `maximumPixels` while it is read (PNG rows
    /// are box-averaged as they arrive; JPEG uses libjpeg's DCT scaling down to the nearest
    /// power of two above, then a box average), with the file's own size for the message.
    public struct Opened {
        public let photo: Photo
        public let sourceWidth: Int
        public let sourceHeight: Int
        /// How many pages (a TIFF's) or frames (an animated WebP's) the file has, of which the
        /// first is opened; 1 for a single picture.
        public var pages = 1
    }

    /// `svgSize`: the size an SVG is drawn at (asked of the user), instead of its own.
    public static func open(_ data: Data, name: String, maximumPixels: Int, job: DecodeJob?,
                            svgSize: (width: Int, height: Int)? = nil) throws -> Opened {
        if let flattened = try openRaster(data, name: name, maximumPixels: maximumPixels) {
            return Opened(photo: Photo(asset: ImageAsset(bitmap: flattened, name: name, encoded: nil)),
                          sourceWidth: flattened.width, sourceHeight: flattened.height)
        }
        do {
            if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
                let (bitmap, width, height) = try PNGCodec.decode(data, maximumPixels: maximumPixels, job: job)
                // A reduced picture is journaled as the reduced PNG, never as the huge original.
                let kept = bitmap.width == width && bitmap.height == height ? data : nil
                return Opened(photo: Photo(asset: ImageAsset(bitmap: bitmap, name: name, encoded: kept)), sourceWidth: width, sourceHeight: height)
            }
            if data.starts(with: [0xFF, 0xD8]), let (width, height) = JPEGCodec.dimensions(of: data) {
                var denominator = 1
                while denominator < 8 && (width / (denominator * 2)) * (height / (denominator * 2)) >= maximumPixels { denominator *= 2 }
                let (decoded, orientation) = try JPEGCodec.decode(data, scaleDenominator: denominator, job: job)
                let factor = BoxDownscaler.factor(width: decoded.width, height: decoded.height, maximumPixels: maximumPixels)
                let bitmap = factor > 1 ? BoxDownscaler.downscale(decoded, by: factor) : decoded
                let kept = denominator == 1 && factor == 1 ? data : nil
                return Opened(photo: Photo(asset: ImageAsset(bitmap: bitmap, name: name, encoded: kept), orientation: orientation),
                              sourceWidth: width, sourceHeight: height)
            }
            if let (decoded, pages) = try decodeWhole(data) {
                // These libraries cannot decode reduced: the whole picture (within the pixel
                // limit), then a box average fits it.
                let factor = BoxDownscaler.factor(width: decoded.width, height: decoded.height, maximumPixels: maximumPixels)
                let bitmap = factor > 1 ? BoxDownscaler.downscale(decoded, by: factor) : decoded
                return Opened(photo: Photo(asset: ImageAsset(bitmap: bitmap, name: name, encoded: nil)), sourceWidth: decoded.width,
                              sourceHeight: decoded.height, pages: pages)
            }
            if SVGCodec.isSVG(data) {
                // Drawn at the size that fits: a vector picture loses nothing by it, so no reduction is said.
                let bitmap = try svg(data, maximumPixels: min(maximumPixels, Self.svgPixels), size: svgSize)
                return Opened(photo: Photo(asset: ImageAsset(bitmap: bitmap, name: name, encoded: nil)), sourceWidth: bitmap.width, sourceHeight: bitmap.height)
            }
            let photo = try decode(data, name: name)
            return Opened(photo: photo, sourceWidth: photo.asset.image.width, sourceHeight: photo.asset.image.height)
        } catch PNGCodec.CodecError.cancelled {
            throw PNGCodec.CodecError.cancelled
        } catch let error as PNGCodec.CodecError {
            throw DecodeError(description: "\(DisplayPath.short(name, limit: 48)): \(error)")
        }
    }

    /// A picture of a format whose library decodes it whole (WebP, HEIC, AVIF, TIFF, GIF, BMP),
    /// upright and in sRGB, with how many pages or frames the file holds; nil for other formats.
    static func decodeWhole(_ data: Data, pixelLimit: UInt64 = PNGCodec.defaultPixelLimit) throws -> (Bitmap, Int)? {
        if WebPCodec.isWebP(data) { return try WebPCodec.decode(data, pixelLimit: pixelLimit) }
        if TIFFCodec.isTIFF(data) { return try TIFFCodec.decode(data, pixelLimit: pixelLimit) }
        if AVIFCodec.isAVIF(data) { return try AVIFCodec.decode(data, pixelLimit: pixelLimit) }
        if HEIFCodec.isHEIF(data) { return try HEIFCodec.decode(data, pixelLimit: pixelLimit) }
        if GIFCodec.isGIF(data) { return try GIFCodec.decode(data, pixelLimit: pixelLimit) }
        if BMPCodec.isBMP(data) { return (try BMPCodec.decode(data, pixelLimit: pixelLimit), 1) }
        return nil
    }

    /// The most pixels an SVG is drawn at (16 megapixels: 4096 x 4096), whatever size it claims.
    public static let svgPixels = 1 << 24
    /// An SVG's size when it gives none (only a viewBox, or nothing): GNOME's image viewer's.
    static let svgFallbackSide = 1024.0

    /// An SVG drawn at `size` or else its own size (96 dpi), or smaller, its shape kept, to stay
    /// within `maximumPixels`.
    static func svg(_ data: Data, maximumPixels: Int, size: (width: Int, height: Int)? = nil) throws -> Bitmap {
        let (width, height) = size.map { (Double($0.width), Double($0.height)) } ?? SVGCodec.size(of: data) ?? (svgFallbackSide, svgFallbackSide)
        let scale = min(1, (Double(maximumPixels) / (width * height)).squareRoot())
        return try SVGCodec.decode(data, width: max(1, Int((width * scale).rounded())), height: max(1, Int((height * scale).rounded())))
    }

    /// An OpenRaster file (a ZIP: "PK") flattened, where one picture is wanted (a photo to place,
    /// a background); nil for any other kind of file.
    static func openRaster(_ data: Data, name: String, maximumPixels: Int) throws -> Bitmap? {
        guard data.starts(with: [0x50, 0x4B, 0x03, 0x04]) else { return nil }
        do {
            return try OpenRaster.read(data, name: DisplayPath.short(name, limit: 48), maximumPixels: maximumPixels).flattened()
        } catch let error as OpenRaster.FormatError {
            throw DecodeError(description: error.description)
        }
    }

    public static func load(path: String, pixelLimit: UInt64 = PNGCodec.defaultPixelLimit) throws -> Photo {
        let name = (path as NSString).lastPathComponent
        let data = try read(path)
        do {
            return try decode(data, name: name, pixelLimit: pixelLimit)
        } catch let error as PNGCodec.CodecError {
            throw DecodeError(description: "\(DisplayPath.short(name, limit: 48)): \(error)")
        }
    }

    /// The file's bytes: only a regular file is read (a FIFO or a device would block or never
    /// end), and a read error is a message, never a crash.
    package static func read(_ path: String) throws -> Data {
        do {
            return try FileReader.read(path)
        } catch let error as FileReader.ReadError {
            throw DecodeError(description: error.description)
        }
    }

    /// A small version for a thumbnail: JPEGs are decoded at 1/2, 1/4 or 1/8 size by libjpeg's
    /// DCT scaling when that still covers `maximumDimension`.
    public static func thumbnail(path: String, maximumDimension: Int) throws -> Photo {
        let name = (path as NSString).lastPathComponent
        let data = try read(path)
        var denominator = 1
        if let (w, h) = JPEGCodec.dimensions(of: data) {
            while denominator < 8 && max(w, h) / (denominator * 2) >= maximumDimension { denominator *= 2 }
        }
        return try decode(data, name: name, scaleDenominator: denominator)
    }
}
