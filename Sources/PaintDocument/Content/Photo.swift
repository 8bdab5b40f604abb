import Foundation

/// A picture as decoded (pixels as stored in the file) plus its EXIF orientation, which is
/// folded into every transform that draws it rather than into the pixels.
public struct Photo: Sendable, Codable {
    public let asset: ImageAsset
    /// EXIF orientation 1-8 (1: as stored).
    public let orientation: Int

    public init(asset: ImageAsset, orientation: Int = 1) {
        self.asset = asset
        self.orientation = (1...8).contains(orientation) ? orientation : 1
    }

    /// The size as a person sees it (orientations 5-8 swap width and height).
    public var size: Size {
        let w = Double(asset.image.width), h = Double(asset.image.height)
        return orientation >= 5 ? Size(width: h, height: w) : Size(width: w, height: h)
    }

    /// Maps stored pixel coordinates to upright ones.
    public var orientationTransform: AffineTransform {
        let w = Double(asset.image.width), h = Double(asset.image.height)
        switch orientation {
        case 2: return AffineTransform(a: -1, b: 0, c: 0, d: 1, tx: w, ty: 0)
        case 3: return AffineTransform(a: -1, b: 0, c: 0, d: -1, tx: w, ty: h)
        case 4: return AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: h)
        case 5: return AffineTransform(a: 0, b: 1, c: 1, d: 0, tx: 0, ty: 0)
        case 6: return AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: h, ty: 0)
        case 7: return AffineTransform(a: 0, b: -1, c: -1, d: 0, tx: h, ty: w)
        case 8: return AffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: w)
        default: return .identity
        }
    }

    /// The same picture with its orientation applied to the pixels (an exact permutation, no
    /// resampling): for uses that draw the pixels as stored, like a background picture.
    public func uprighted() -> Photo {
        guard orientation != 1 else { return self }
        return Photo(asset: ImageAsset(bitmap: asset.image.bitmap.reoriented(orientation), name: asset.name))
    }
}
