import Foundation

/// A photo baked into the drawing: the picture, where it went (upright photo coordinates to
/// canvas points), and how it is cut: a crop rectangle and an optional circular frame with a
/// border. Drawn at the source's full resolution through its transform.
public struct PlacedPhoto: Sendable, Equatable, Codable {
    public var photo: Photo
    public var placement: AffineTransform
    /// The part kept, in upright photo coordinates (nil: all of it).
    public var crop: Rect?
    public var circleFrame: CircleFrame?

    public init(photo: Photo, placement: AffineTransform, crop: Rect? = nil, circleFrame: CircleFrame? = nil) {
        self.photo = photo
        self.placement = placement
        self.crop = crop
        self.circleFrame = circleFrame
    }

    /// Stored pixels to canvas points.
    public var transform: AffineTransform { photo.orientationTransform.concatenating(placement) }

    /// The kept rectangle in upright photo coordinates.
    public var visibleRect: Rect { crop ?? Rect(origin: .zero, size: photo.size) }

    /// Draws the photo as it will be baked, in a context whose coordinates are canvas points.
    public func draw(in context: GraphicsContext) {
        context.save()
        context.concatenate(placement)
        let visible = visibleRect
        if let circleFrame {
            let round = circleFrame.outline(in: visible)
            context.clip(to: .ellipse(in: round))
            context.draw(photo.asset.image, transform: photo.orientationTransform)
            context.restore()
            context.save()
            context.concatenate(placement)
            // The border straddles the circle's edge inside the kept area.
            let inset = circleFrame.width / 2
            context.strokeColor = circleFrame.color
            context.lineWidth = circleFrame.width
            context.stroke(.ellipse(in: round.insetBy(dx: inset, dy: inset)))
        } else {
            if crop != nil { context.clip(to: visible) }
            context.draw(photo.asset.image, transform: photo.orientationTransform)
        }
        context.restore()
    }

    /// Whether it lies pixel on pixel on a layer of `scale` pixels per unit: upright, unscaled
    /// in pixels, at whole-pixel offsets, uncropped and unframed (a picture opened as a document).
    package func isPixelAligned(atScale scale: Double) -> Bool {
        // Its pixels land one on one on the layer's (an opened picture, a lifted selection at any scale).
        // Within a billion pixels: the copy converts the offset to Int (a picture pinched far
        // and large can be placed further, and is drawn like any other).
        let p = placement, tx = p.tx * scale, ty = p.ty * scale
        return photo.orientation == 1 && crop == nil && circleFrame == nil && p.a * scale == 1 && p.d * scale == 1 && p.b == 0 && p.c == 0
            && tx == tx.rounded() && ty == ty.rounded() && isNearPixel(tx) && isNearPixel(ty)
    }

    public static func == (a: PlacedPhoto, b: PlacedPhoto) -> Bool {
        a.photo.asset == b.photo.asset && a.placement == b.placement && a.crop == b.crop && a.circleFrame == b.circleFrame
    }
}

/// A circular (elliptical) frame: the photo is clipped to the ellipse in its kept rectangle
/// and ringed with a border (seed 001's BorderW).
public struct CircleFrame: Sendable, Equatable, Codable {
    public var width: Double
    public var color: Color
    /// A true circle (seed 001's circular clip): the largest one centred in the kept rectangle.
    /// Frames made before were the ellipse filling it, and journals keep them so.
    public var isCircle: Bool

    public init(width: Double, color: Color, isCircle: Bool = true) {
        self.width = width
        self.color = color
        self.isCircle = isCircle
    }

    private enum CodingKeys: String, CodingKey { case width, color, isCircle }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        width = try container.decode(Double.self, forKey: .width)
        color = try container.decode(Color.self, forKey: .color)
        isCircle = try container.decodeIfPresent(Bool.self, forKey: .isCircle) ?? false
    }

    /// The frame's shape inside the kept rectangle.
    package func outline(in kept: Rect) -> Rect {
        guard isCircle else { return kept }
        let side = min(kept.width, kept.height)
        return Rect(x: kept.midX - side / 2, y: kept.midY - side / 2, width: side, height: side)
    }
}
