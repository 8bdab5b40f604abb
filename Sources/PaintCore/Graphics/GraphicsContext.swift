/// Draws into a bitmap in a view's coordinates: an integral translation to device pixels and a
/// clip rectangle in device pixels. (The full transform and path clip arrive with the renderer.)
public final class GraphicsContext {
    public let bitmap: Bitmap
    public private(set) var origin: Point
    public private(set) var clip: PixelRect
    private var saved: [(Point, PixelRect)] = []

    public init(bitmap: Bitmap, origin: Point = .zero, clip: PixelRect? = nil) {
        self.bitmap = bitmap
        self.origin = origin
        self.clip = (clip ?? bitmap.bounds).intersection(bitmap.bounds)
    }

    public func save() { saved.append((origin, clip)) }

    public func restore() {
        guard let (o, c) = saved.popLast() else { return }
        origin = o
        clip = c
    }

    public func translateBy(x: Double, y: Double) { origin = origin + Point(x: x, y: y) }

    /// Narrows the clip to a rectangle in the current coordinates.
    public func clip(to rect: Rect) {
        clip = clip.intersection(deviceRect(for: rect))
    }

    /// The device pixels a rectangle in current coordinates covers (clipped to the bitmap).
    public func deviceRect(for rect: Rect) -> PixelRect {
        PixelRect(covering: rect.offsetBy(dx: origin.x, dy: origin.y), width: bitmap.width, height: bitmap.height)
    }

    public func fill(_ rect: Rect, with color: Color) {
        let area = deviceRect(for: rect).intersection(clip)
        if area.isEmpty || color.alpha <= 0 { return }
        let pixel = color.premultipliedPixel
        if pixel >> 24 == 255 {
            bitmap.fill(area, with: pixel)
            return
        }
        for y in area.y0..<area.y1 {
            let row = bitmap.pixels + y * bitmap.width
            for x in area.x0..<area.x1 { row[x] = PixelMath.over(pixel, row[x]) }
        }
    }

    /// Outlines a rectangle with a border drawn inside it.
    public func strokeBorder(_ rect: Rect, width: Double, color: Color) {
        fill(Rect(x: rect.minX, y: rect.minY, width: rect.width, height: width), with: color)
        fill(Rect(x: rect.minX, y: rect.maxY - width, width: rect.width, height: width), with: color)
        fill(Rect(x: rect.minX, y: rect.minY + width, width: width, height: rect.height - 2 * width), with: color)
        fill(Rect(x: rect.maxX - width, y: rect.minY + width, width: width, height: rect.height - 2 * width), with: color)
    }

    /// An anti-aliased round-capped line; with equal ends it is a filled circle.
    public func strokeLine(from p0: Point, to p1: Point, width: Double, color: Color) {
        let a = p0 + origin, b = p1 + origin
        let reach = width / 2 + 1
        let area = PixelRect(covering: Rect(x: min(a.x, b.x) - reach, y: min(a.y, b.y) - reach,
                                            width: abs(a.x - b.x) + 2 * reach, height: abs(a.y - b.y) + 2 * reach),
                             width: bitmap.width, height: bitmap.height).intersection(clip)
        if area.isEmpty { return }
        let mask = CoverageMask(width: area.width, height: area.height)
        let shift = Point(x: Double(area.x0), y: Double(area.y0))
        CapsuleRasterizer.add(from: a - shift, to: b - shift, width: width, into: mask)
        let source = color.premultipliedPixel
        for y in 0..<area.height {
            let d = bitmap.pixels + (y + area.y0) * bitmap.width + area.x0
            for x in 0..<area.width {
                let c = UInt32(mask[x, y])
                if c != 0 { d[x] = PixelMath.over(PixelMath.scale(source, by: c), d[x]) }
            }
        }
    }

    public func fillCircle(center: Point, radius: Double, color: Color) {
        strokeLine(from: center, to: center, width: radius * 2, color: color)
    }

    /// Draws text with its baseline starting at a point.
    public func draw(_ text: String, at baseline: Point, font: Font, color: Color) {
        TextRenderer.draw(text, font: font, color: color, baseline: baseline + origin, clip: clip, on: bitmap)
    }

    /// Draws text centred in a rectangle.
    public func draw(_ text: String, centeredIn rect: Rect, font: Font, color: Color) {
        let width = font.width(of: text)
        let capHeight = font.ascender + font.descender
        let baseline = Point(x: (rect.midX - width / 2).rounded(), y: (rect.midY + capHeight / 2).rounded())
        draw(text, at: baseline, font: font, color: color)
    }

    /// Composites a bitmap with its top-left corner at a point (integral placement).
    public func draw(_ image: Bitmap, at point: Point) {
        let p = point + origin
        let dx = Int(p.x.rounded()), dy = Int(p.y.rounded())
        let visible = PixelRect(x0: clip.x0 - dx, y0: clip.y0 - dy, x1: clip.x1 - dx, y1: clip.y1 - dy)
        bitmap.compositeOver(image.bounds.intersection(visible), from: image, toX: dx, y: dy)
    }
}
