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

    /// The pixels of a mask, the bounds around them (a pixel more each side for soft edges:
    /// the pixels just outside are partly selected).
    public init(_ mask: SelectionMask) {
        let reach = mask.softEdges ? 1 : 0
        let area = PixelRect(x0: mask.area.x0 - reach, y0: mask.area.y0 - reach, x1: mask.area.x1 + reach, y1: mask.area.y1 + reach)
        bounds = Rect(x: Double(area.x0) / mask.scale, y: Double(area.y0) / mask.scale,
                      width: Double(area.width) / mask.scale, height: Double(area.height) / mask.scale)
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
        if let coverage = coverage(atScale: scale) { return coverage.map { $0 > 0 } }
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

    /// How much of each pixel of `pixels(atScale:)` is selected, 0...255, when the edges are
    /// soft: a pixel's share of the 3x3 pixels around it that the region holds (so the edge is
    /// feathered over a pixel on each side); nil: every pixel is in or out.
    public func coverage(atScale scale: Double) -> [UInt8]? {
        guard let pixelMask, pixelMask.softEdges else { return nil }
        let area = pixels(atScale: scale), width = area.width, height = area.height
        let hard: [Bool]
        if pixelMask.scale == scale {
            hard = pixelMask.flags(in: area)
        } else {
            // Another scale (not met in practice): by each pixel's centre.
            let ratio = pixelMask.scale / scale
            hard = (0..<(width * height)).map { (i: Int) -> Bool in
                let x = (Double(area.x0 + i % width) + 0.5) * ratio, y = (Double(area.y0 + i / width) + 0.5) * ratio
                return pixelMask.contains(x: Int(x), y: Int(y))
            }
        }
        // The 3x3 counts as a sum across, then a sum down (a 4K region is 8 million of them).
        var across = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            let row = y * width
            for x in 0..<width {
                var count: UInt8 = hard[row + x] ? 1 : 0
                if x > 0 && hard[row + x - 1] { count += 1 }
                if x + 1 < width && hard[row + x + 1] { count += 1 }
                across[row + x] = count
            }
        }
        var coverage = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                var count = Int(across[y * width + x])
                if y > 0 { count += Int(across[(y - 1) * width + x]) }
                if y + 1 < height { count += Int(across[(y + 1) * width + x]) }
                coverage[y * width + x] = UInt8((count * 255 + 4) / 9)
            }
        }
        return coverage
    }

    /// Works `change` (which reads `mask(atScale:)`) on a layer, letting through at a soft edge
    /// only each pixel's share of it; with hard edges, just `change`.
    public func work(on layer: Bitmap, atScale scale: Double, _ change: () -> Void) {
        guard let coverage = coverage(atScale: scale) else { return change() }
        let visible = pixels(atScale: scale).intersection(layer.bounds)
        let before = layer.cropped(to: visible)
        change()
        soften(layer, from: before, at: (visible.x0, visible.y0), atScale: scale, coverage: coverage)
    }

    /// At soft edges, a changed layer drawn back towards the pixels it had (`original`, whose
    /// top-left pixel is the layer's `origin`): each pixel the change by its share only.
    /// `coverage`: the shares already found (work's), else found here.
    public func soften(_ layer: Bitmap, from original: Bitmap, at origin: (x: Int, y: Int), atScale scale: Double, coverage known: [UInt8]? = nil) {
        guard let coverage = known ?? coverage(atScale: scale) else { return }
        let area = pixels(atScale: scale)
        let visible = area.intersection(layer.bounds).intersection(PixelRect(x0: origin.x, y0: origin.y, x1: origin.x + original.width, y1: origin.y + original.height))
        guard !visible.isEmpty else { return }
        for y in visible.y0..<visible.y1 {
            for x in visible.x0..<visible.x1 {
                let share = UInt32(coverage[(y - area.y0) * area.width + x - area.x0])
                guard share < 255 else { continue }
                let before = original[x - origin.x, y - origin.y]
                layer[x, y] = share == 0 ? before : PixelMath.scale(before, by: 255 - share) &+ PixelMath.scale(layer[x, y], by: share)
            }
        }
    }

    /// Makes the pixels outside a lasso transparent in a bitmap covering `pixels(atScale:)`
    /// (at a soft edge, each pixel keeps its share).
    public func clearOutside(_ bitmap: Bitmap, atScale scale: Double) {
        if let coverage = coverage(atScale: scale), coverage.count == bitmap.width * bitmap.height {
            for i in coverage.indices where coverage[i] < 255 { bitmap.pixels[i] = PixelMath.scale(bitmap.pixels[i], by: UInt32(coverage[i])) }
            return
        }
        guard let mask = mask(atScale: scale), mask.count == bitmap.width * bitmap.height else { return }
        for i in mask.indices where !mask[i] { bitmap.pixels[i] = 0 }
    }

    /// Clears the selected pixels of a layer (the background shows there; at a soft edge, by
    /// each pixel's share).
    public func clear(_ layer: Bitmap, atScale scale: Double) {
        let area = pixels(atScale: scale)
        let visible = area.intersection(layer.bounds)
        guard !visible.isEmpty else { return }
        if let coverage = coverage(atScale: scale) {
            for y in visible.y0..<visible.y1 {
                for x in visible.x0..<visible.x1 {
                    let share = UInt32(coverage[(y - area.y0) * area.width + x - area.x0])
                    if share > 0 { layer[x, y] = PixelMath.scale(layer[x, y], by: 255 - share) }
                }
            }
            return
        }
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
