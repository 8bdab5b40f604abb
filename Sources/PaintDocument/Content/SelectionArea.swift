/// What is selected: a rectangle of whole document pixels, or a free-form (lasso) outline
/// inside such a rectangle. A lasso's pixels are those whose centres are inside the outline
/// (even-odd), with hard edges as KolourPaint's free-form selection has, so that lifting the
/// pixels and putting them back leaves every pixel as it was.
public struct SelectionArea: Sendable, Equatable, Codable {
    /// The rectangle, or the outline's bounds, in document units on whole pixels.
    public var bounds: Rect
    /// The lasso's outline in document units (nil: the whole rectangle).
    public var outline: [Point]?
    /// Pixels selected one by one (the magic wand; selections combined): it decides, not the
    /// rectangle or the outline.
    public var pixelMask: SelectionMask?

    public init(bounds: Rect, outline: [Point]? = nil) {
        self.bounds = bounds
        self.outline = outline
    }

    /// The pixels of a mask, the bounds around them.
    public init(_ mask: SelectionMask) {
        bounds = Rect(x: Double(mask.area.x0) / mask.scale, y: Double(mask.area.y0) / mask.scale,
                      width: Double(mask.area.width) / mask.scale, height: Double(mask.area.height) / mask.scale)
        pixelMask = mask
    }

    /// Whether it is a plain rectangle (it has handles).
    public var isRectangle: Bool { outline == nil && pixelMask == nil }

    /// The layer pixels the bounds cover at `scale` pixels per unit.
    public func pixels(atScale scale: Double) -> PixelRect { StrokeRenderer(scale: scale).pixels(of: bounds) }

    /// Whether a document point is selected.
    public func contains(_ point: Point) -> Bool {
        guard bounds.contains(point) else { return false }
        if let pixelMask {
            return pixelMask.contains(x: Int((point.x * pixelMask.scale).rounded(.down)), y: Int((point.y * pixelMask.scale).rounded(.down)))
        }
        guard let outline else { return true }
        return Self.crossings(of: outline, atY: point.y).filter { $0 < point.x }.count % 2 == 1
    }

    /// For a lasso, which pixels of `pixels(atScale:)` are selected, row by row (nil: all of them).
    public func mask(atScale scale: Double) -> [Bool]? {
        let area = pixels(atScale: scale)
        if let pixelMask {
            if pixelMask.scale == scale { return pixelMask.flags(in: area) }
            // Another scale (not met in practice: a document keeps its scale): by each pixel's centre.
            return (0..<(area.width * area.height)).map { i in
                contains(Point(x: (Double(area.x0 + i % area.width) + 0.5) / scale, y: (Double(area.y0 + i / area.width) + 0.5) / scale))
            }
        }
        guard let outline else { return nil }
        var mask = [Bool](repeating: false, count: max(0, area.width * area.height))
        let scaled = outline.map { $0 * scale }
        for y in area.y0..<area.y1 {
            let xs = Self.crossings(of: scaled, atY: Double(y) + 0.5).sorted()
            var i = 0
            while i + 1 < xs.count {
                // Pixels whose centres lie between a pair of crossings.
                let from = max(area.x0, Int((xs[i] - 0.5).rounded(.up))), to = min(area.x1, Int((xs[i + 1] - 0.5).rounded(.up)))
                if from < to { for x in from..<to { mask[(y - area.y0) * area.width + (x - area.x0)] = true } }
                i += 2
            }
        }
        return mask
    }

    /// Makes the pixels outside a lasso transparent in a bitmap covering `pixels(atScale:)`.
    public func clearOutside(_ bitmap: Bitmap, atScale scale: Double) {
        guard let mask = mask(atScale: scale), mask.count == bitmap.width * bitmap.height else { return }
        for i in mask.indices where !mask[i] { bitmap.pixels[i] = 0 }
    }

    /// Clears the selected pixels of a layer (the background shows there).
    public func clear(_ layer: Bitmap, atScale scale: Double) {
        let area = pixels(atScale: scale)
        let visible = area.intersection(layer.bounds)
        guard !visible.isEmpty else { return }
        guard let mask = mask(atScale: scale) else { return layer.fill(visible, with: 0) }
        for y in visible.y0..<visible.y1 {
            for x in visible.x0..<visible.x1 where mask[(y - area.y0) * area.width + (x - area.x0)] { layer[x, y] = 0 }
        }
    }

    /// Where the outline's edges cross a horizontal line.
    private static func crossings(of outline: [Point], atY y: Double) -> [Double] {
        var xs: [Double] = []
        for i in outline.indices {
            let a = outline[i], b = outline[(i + 1) % outline.count]
            // Half-open in y, so a vertex on the line counts once.
            guard (a.y <= y) != (b.y <= y) else { continue }
            xs.append(a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x))
        }
        return xs
    }
}
