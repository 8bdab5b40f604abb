import CMachine
import Foundation

/// Draws paths, images and text into a bitmap, like a CGContext: a current transform, a clip
/// (rectangle plus an anti-aliased path mask), paint, line style, blend mode and global alpha,
/// all saved and restored together.
public final class GraphicsContext {
    public let bitmap: Bitmap

    struct State {
        package var transform = AffineTransform.identity
        package var clipRect: PixelRect
        package var clipMask: ClipMask?
        package var fillColor = Color.black
        package var strokeColor = Color.black
        package var lineStyle = LineStyle()
        package var blendMode = BlendMode.sourceOver
        package var imageQuality = ImageQuality.smooth
        package var globalAlpha = 1.0
    }

    private var state: State
    private var saved: [State] = []
    private let rasterizer: Rasterizer
    private var sampleRow: [UInt32] = []

    public init(bitmap: Bitmap, clip: PixelRect? = nil, rasterizer: Rasterizer = Rasterizer()) {
        self.bitmap = bitmap
        self.rasterizer = rasterizer
        state = State(clipRect: (clip ?? bitmap.bounds).intersection(bitmap.bounds))
    }

    // MARK: - State

    /// Back to the state a new context on the same bitmap starts with, keeping the memory of
    /// its saved states: a window draws every frame through one context.
    package func reset(clip: PixelRect) {
        state = State(clipRect: clip.intersection(bitmap.bounds))
        saved.removeAll(keepingCapacity: true)
        occludedRows = nil
    }

    public func save() { saved.append(state) }

    /// The transform and the clip: all that a window's walk over its views changes for each
    /// view, kept and put back without the rest of the state.
    package struct Geometry {
        fileprivate let transform: AffineTransform
        fileprivate let clipRect: PixelRect
        fileprivate let clipMask: ClipMask?
    }

    package var geometry: Geometry {
        get { Geometry(transform: state.transform, clipRect: state.clipRect, clipMask: state.clipMask) }
        set {
            state.transform = newValue.transform
            state.clipRect = newValue.clipRect
            state.clipMask = newValue.clipMask
        }
    }

    public func restore() {
        if let previous = saved.popLast() { state = previous }
    }

    public var transform: AffineTransform { state.transform }
    /// The device offset of the current transform (views are placed by translation).
    public var origin: Point { Point(x: state.transform.tx, y: state.transform.ty) }
    /// The clip's bounding rectangle in device pixels.
    public var clip: PixelRect { state.clipRect }
    public var hasMaskClip: Bool { state.clipMask != nil }
    /// Device pixels a view in front will paint over, set by the window while it draws what
    /// lies below that view: a drawing may leave them out, never needs to. Not saved state.
    public var occludedRows: OccludedRows?

    public var fillColor: Color { get { state.fillColor } set { state.fillColor = newValue } }
    public var strokeColor: Color { get { state.strokeColor } set { state.strokeColor = newValue } }
    public var lineStyle: LineStyle { get { state.lineStyle } set { state.lineStyle = newValue } }
    public var lineWidth: Double { get { state.lineStyle.width } set { state.lineStyle.width = newValue } }
    public var lineCap: LineCap { get { state.lineStyle.cap } set { state.lineStyle.cap = newValue } }
    public var lineJoin: LineJoin { get { state.lineStyle.join } set { state.lineStyle.join = newValue } }
    public var miterLimit: Double { get { state.lineStyle.miterLimit } set { state.lineStyle.miterLimit = newValue } }
    public var blendMode: BlendMode { get { state.blendMode } set { state.blendMode = newValue } }
    public var globalAlpha: Double { get { state.globalAlpha } set { state.globalAlpha = max(0, min(1, newValue)) } }
    /// How pictures are resampled: smooth for what stays on screen and what is saved, fast for
    /// the frames of a gesture (image viewers do the same; the frame after it is smooth).
    public var imageQuality: ImageQuality { get { state.imageQuality } set { state.imageQuality = newValue } }

    public func setLineDash(phase: Double, lengths: [Double]) {
        state.lineStyle.dashes = lengths
        state.lineStyle.dashPhase = phase
    }

    public func concatenate(_ t: AffineTransform) { state.transform = t.concatenating(state.transform) }
    public func translateBy(x: Double, y: Double) { concatenate(AffineTransform(translationX: x, y: y)) }
    public func scaleBy(x: Double, y: Double) { concatenate(AffineTransform(scaleX: x, y: y)) }
    public func rotate(by angle: Double) { concatenate(AffineTransform(rotationAngle: angle)) }

    /// How many device pixels one unit of user space spans at most (flattening tolerances, icon sizes).
    public var deviceScale: Double {
        let t = state.transform
        return max((t.a * t.a + t.b * t.b).squareRoot(), (t.c * t.c + t.d * t.d).squareRoot(), 1e-9)
    }

    private var isPixelAligned: Bool {
        let t = state.transform
        return t.b == 0 && t.c == 0 && t.a > 0 && t.d > 0
    }

    // MARK: - Clipping

    /// Narrows the clip to a rectangle in user space (exact for pixel-aligned rectangles,
    /// anti-aliased otherwise).
    public func clip(to rect: Rect) {
        if isPixelAligned {
            let device = state.transform.apply(to: rect)
            if device.integral == device {
                state.clipRect = state.clipRect.intersection(deviceRect(for: rect))
                return
            }
        }
        clip(to: .rect(rect))
    }

    /// Narrows the clip to the inside of a path, with anti-aliased edges.
    public func clip(to path: Path, rule: FillRule = .nonZero) {
        let polygons = PathFlattener.flatten(path, transform: state.transform)
        var bounds = PixelRect.empty
        for polygon in polygons {
            for p in polygon.points { bounds = bounds.union(PixelRect(x0: Int(p.x.rounded(.down)), y0: Int(p.y.rounded(.down)), x1: Int(p.x.rounded(.up)) + 1, y1: Int(p.y.rounded(.up)) + 1)) }
        }
        let area = state.clipRect.intersection(bounds)
        state.clipRect = area
        if area.isEmpty { return }
        state.clipMask = ClipMask.intersecting(state.clipMask, with: polygons.map { Polyline(points: $0.points, isClosed: true) },
                                               rule: rule, area: area, rasterizer: rasterizer)
    }

    /// The device pixels a user-space rectangle covers (clipped to the bitmap).
    /// The rectangle moved so its origin falls on a whole device pixel (an icon drawn 1:1 at
    /// 1.5x stays sharp instead of straddling pixels); its size is kept.
    public func pixelAligned(_ rect: Rect) -> Rect {
        let t = state.transform
        guard t.b == 0, t.c == 0, let inverse = t.inverted() else { return rect }
        let device = t.apply(to: Point(x: rect.minX, y: rect.minY))
        let snapped = inverse.apply(to: Point(x: device.x.rounded(), y: device.y.rounded()))
        return Rect(x: snapped.x, y: snapped.y, width: rect.width, height: rect.height)
    }

    public func deviceRect(for rect: Rect) -> PixelRect {
        PixelRect(covering: state.transform.apply(to: rect), width: bitmap.width, height: bitmap.height)
    }

    // MARK: - Filling and stroking

    public func fill(_ path: Path, rule: FillRule = .nonZero) {
        let polygons = PathFlattener.flatten(path, transform: state.transform)
        fillDevicePolygons(polygons.map { Polyline(points: $0.points, isClosed: true) }, rule: rule, color: state.fillColor)
    }

    public func stroke(_ path: Path) {
        let scale = deviceScale
        var polylines = PathFlattener.flatten(path, tolerance: PathFlattener.defaultTolerance / scale)
        let style = state.lineStyle
        if !style.dashes.isEmpty { polylines = Dasher.dash(polylines, pattern: style.dashes, phase: style.dashPhase) }
        let outlines = Stroker(style: style, tolerance: PathFlattener.defaultTolerance / scale).outlines(of: polylines)
        let t = state.transform
        let device = t.isIdentity ? outlines : outlines.map { Polyline(points: $0.points.map(t.apply(to:)), isClosed: true) }
        fillDevicePolygons(device, rule: .nonZero, color: state.strokeColor)
    }

    private func fillDevicePolygons(_ polygons: [Polyline], rule: FillRule, color: Color) {
        let alpha = color.alpha * state.globalAlpha
        let source = color.withAlpha(alpha).premultipliedPixel
        if alpha <= 0 && (state.blendMode == .sourceOver || state.blendMode == .destinationOut) { return }
        let mode = state.blendMode, mask = state.clipMask, pixels = bitmap.pixels, width = bitmap.width
        // Big shapes in bands of rows on the cores: each destination row is written by one band.
        if mode == .sourceOver && mask == nil {
            let sink = SolidOverSink(source: source, scaled: rasterizer.scaledPaint.levels(for: source), pixels: pixels, width: width)
            return rasterizer.fillInBands(polygons, rule: rule, clip: state.clipRect, sink: sink)
        }
        rasterizer.fillInBands(polygons, rule: rule, clip: state.clipRect) { y, x0, count, cells, constant in
            SpanBlender.blend(solid: source, mode: mode, cells: cells, constant: constant, clip: mask?.row(y: y, x: x0),
                              count: count, into: pixels + y * width + x0)
        }
    }

    /// Fills a rectangle with a colour (pixel-aligned opaque fills take a direct path).
    public func fill(_ rect: Rect, with color: Color) {
        let device = state.transform.apply(to: rect)
        if isPixelAligned, state.clipMask == nil, state.blendMode == .sourceOver, state.globalAlpha == 1,
           color.alpha == 1, device.integral == device {
            bitmap.fill(deviceRect(for: rect).intersection(state.clipRect), with: color.premultipliedPixel)
            return
        }
        let previous = state.fillColor
        state.fillColor = color
        fill(.rect(rect))
        state.fillColor = previous
    }

    /// Outlines a rectangle with a border drawn inside it.
    public func strokeBorder(_ rect: Rect, width: Double, color: Color) {
        var path = Path()
        path.addRect(rect)
        path.addRect(rect.insetBy(dx: width, dy: width))
        let previous = state.fillColor
        state.fillColor = color
        fill(path, rule: .evenOdd)
        state.fillColor = previous
    }

    /// A round-capped line in one colour; with equal ends it is a filled circle.
    public func strokeLine(from p0: Point, to p1: Point, width: Double, color: Color) {
        save()
        strokeColor = color
        lineStyle = LineStyle(width: width, cap: .round, join: .round)
        stroke(.line(from: p0, to: p1))
        restore()
    }

    public func fillCircle(center: Point, radius: Double, color: Color) {
        let previous = state.fillColor
        state.fillColor = color
        fill(.ellipse(in: Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)))
        state.fillColor = previous
    }

    // MARK: - Images

    /// Draws an image into a rectangle of user space, bilinear filtered, with mipmaps when it
    /// is shrunk by more than 2x.
    public func draw(_ image: Image, in rect: Rect) {
        let t = AffineTransform(scaleX: rect.width / Double(max(1, image.width)), y: rect.height / Double(max(1, image.height)))
            .translatedBy(x: 0, y: 0)
            .concatenating(AffineTransform(translationX: rect.minX, y: rect.minY))
        draw(image, transform: t)
    }

    /// Draws an image whose pixel (0, 0)-(w, h) square is mapped by `imageTransform` into user space.
    public func draw(_ image: Image, transform imageTransform: AffineTransform) {
        let toDevice = imageTransform.concatenating(state.transform)
        guard let inverse = toDevice.inverted(), image.width > 0, image.height > 0 else { return }
        let w = Double(image.width), h = Double(image.height)
        let corners = [Point(x: 0, y: 0), Point(x: w, y: 0), Point(x: w, y: h), Point(x: 0, y: h)].map(toDevice.apply(to:))
        // Source texels per device pixel decide the mipmap level: the nearest one, so a
        // shrink by 1.5x or more reads the half-size level (fewer texels, less aliasing) and
        // bilinear filtering never spans more than about 1.4 texels.
        let stretch = max((inverse.a * inverse.a + inverse.b * inverse.b).squareRoot(),
                          (inverse.c * inverse.c + inverse.d * inverse.d).squareRoot())
        let fast = state.imageQuality != .smooth
        // Fast frames pick single texels from the same level (coarse ones from the level a 2x2
        // block needs, below): at most about 1.4 texels per pixel, so a frame reads little more
        // source memory than it writes (a turned 24 MP photo read from the full level costs a
        // cache miss per pixel, 3x the time).
        let alpha = UInt32((state.globalAlpha * 255).rounded())
        let mode = state.blendMode, mask = state.clipMask, pixels = bitmap.pixels, width = bitmap.width
        // Where every pixel is covered, an opaque picture replaces what lies below: no blending.
        let overwrites = alpha == 255 && mask == nil && (mode == .copy || (mode == .sourceOver && image.isOpaque))
        let outline = [Polyline(points: corners, isClosed: true)]
        // Coarse frames take one texel per 2x2 pixels from the level that matches that block:
        // what a turned frame costs is the source memory it streams, not how many texels it
        // picks, and an upright one copies every second row from the one above. (A picture on
        // the pixel grid is copied texel for pixel anyway.)
        let coarse = state.imageQuality == .coarse && overwrites && ImageSampler.gridOffset(of: inverse) == nil
        // A turned picture is read along a slant: a destination row of a 4K screen touches a
        // different source page at nearly every pixel. Its interior is sampled after the
        // outline, in columns of tiles, so the reads stay within a few pages at a time. Not a
        // coarse one's: its level has a quarter of the texels, so a row's slant stays in the
        // caches anyway, while down a tile column each row's two written cache lines were a
        // miss the prefetcher does not follow (30° at 4K: 6.1-6.7 ms in tiles, 4.0 in rows).
        let tilesInterior = overwrites && !ImageSampler.isUpright(inverse) && !coarse
        let blockStretch = coarse ? 2 * stretch : stretch
        let level = blockStretch > 1 ? max(0, Int(log2(blockStretch).rounded())) : 0
        let levelBitmap = image.level(level)
        let levelScale = AffineTransform(scaleX: Double(levelBitmap.width) / w, y: Double(levelBitmap.height) / h)
        var sampler = ImageSampler(bitmap: levelBitmap, inverse: inverse.concatenating(levelScale))
        // The outline's edge pixels too: sampled pixel by pixel, a dirty region's edge cutting
        // through blocks showed a seam of neighbouring texels.
        sampler.inBlocks = coarse
        // A coarse frame's odd row repeats the row above where that was just written (the same
        // blocks); only what sticks out past it is sampled.
        func fillCoarse(_ span: InteriorSpan, above: InteriorSpan, sample: (_ x0: Int, _ x1: Int) -> Void) {
            let lower = max(span.x0, above.x0), upper = min(span.x1, above.x1)
            guard span.y & 1 == 1, above.y == span.y - 1, lower < upper else { return sample(span.x0, span.x1) }
            if span.x0 < lower { sample(span.x0, lower) }
            let target = pixels + span.y * width + lower
            target.update(from: target - width, count: upper - lower)
            if upper < span.x1 { sample(upper, span.x1) }
        }
        func fill(rows clip: PixelRect, with rasterizer: Rasterizer, row: UnsafeMutablePointer<UInt32>) {
            var interior: [InteriorSpan] = []
            var above = InteriorSpan(y: -2, x0: 0, x1: 0)
            rasterizer.fill(outline, rule: .nonZero, clip: clip) { y, x0, count, cells, constant in
                // Opaque interior runs sample straight into the destination.
                let target = pixels + y * width + x0
                if cells == nil && constant == 255 && overwrites {
                    let span = InteriorSpan(y: y, x0: x0, x1: x0 + count)
                    if tilesInterior {
                        interior.append(span)
                    } else if coarse {
                        fillCoarse(span, above: above) { sampler.sampleRow(y: y, x0: $0, count: $1 - $0, into: pixels + y * width + $0, nearest: true) }
                        above = span
                    } else {
                        sampler.sampleRow(y: y, x0: x0, count: count, into: target, nearest: fast)
                    }
                    return
                }
                sampler.sampleRow(y: y, x0: x0, count: count, into: row, nearest: fast)
                if alpha < 255 { for i in 0..<count { row[i] = PixelMath.scale(row[i], by: alpha) } }
                SpanBlender.blend(sources: row, mode: mode, cells: cells, constant: constant, clip: mask?.row(y: y, x: x0),
                                  count: count, into: target)
            }
            InteriorSpan.forEachTileColumn(of: interior) { y, x0, x1 in
                sampler.sampleRow(y: y, x0: x0, count: x1 - x0, into: pixels + y * width + x0, nearest: fast)
            }
        }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let bounds = Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        let footprint = PixelRect(covering: bounds, width: bitmap.width, height: bitmap.height).intersection(state.clipRect)
        // A margin column each side: spans never leave the footprint, the table never too short.
        var columns: UnsafeMutablePointer<Int32>?
        defer { columns?.deallocate() }
        if fast && sampler.isUpright && !footprint.isEmpty {
            let table = UnsafeMutablePointer<Int32>.allocate(capacity: footprint.width + 2)
            sampler.nearestColumns(footprint.x0 - 1..<footprint.x1 + 1, inBlocks: coarse, into: table)
            sampler.columns = UnsafePointer(table)
            sampler.columnsStart = footprint.x0 - 1
            columns = table
        }
        let bands = RowBands.count(forPixels: footprint.width * footprint.height)
        if bands > 1 {
            // A big picture is shared between the cores in bands of rows, each with its own
            // rasterizer and row buffer (each destination row is written by one band only).
            let helpers = rasterizer.bandRasterizers(bands)
            RowBands.forEachBand(of: footprint) { band, rows in
                let row = UnsafeMutablePointer<UInt32>.allocate(capacity: max(1, footprint.width))
                defer { row.deallocate() }
                fill(rows: rows, with: helpers[band], row: row)
            }
            return
        }
        if sampleRow.count < bitmap.width { sampleRow = Array(repeating: 0, count: bitmap.width) }
        sampleRow.withUnsafeMutableBufferPointer { buffer in
            fill(rows: state.clipRect, with: rasterizer, row: buffer.baseAddress!)
        }
    }

    /// Composites a bitmap at its natural size with its top-left corner at a point.
    public func draw(_ image: Bitmap, at point: Point) {
        draw(Image(bitmap: image), in: Rect(x: point.x, y: point.y, width: Double(image.width), height: Double(image.height)))
    }

    // MARK: - Text

    /// Draws text with its baseline starting at a point (translation of the transform applies).
    public func draw(_ text: String, at baseline: Point, font: Font, color: Color) {
        let device = state.transform.apply(to: baseline)
        // Glyphs are rendered at device size, so text stays sharp on HiDPI screens.
        let scale = deviceScale
        let deviceFont = abs(scale - 1) < 1e-9 ? font : Font.system(size: font.size * scale)
        TextRenderer.draw(text, font: deviceFont, color: color.withAlpha(color.alpha * state.globalAlpha), baseline: device,
                          clip: state.clipRect, mask: state.clipMask, paint: rasterizer.scaledPaint, on: bitmap)
    }

    /// Draws text centred in a rectangle.
    public func draw(_ text: String, centeredIn rect: Rect, font: Font, color: Color) {
        let width = font.width(of: text)
        let capHeight = font.ascender + font.descender
        let baseline = Point(x: (rect.midX - width / 2).rounded(), y: (rect.midY + capHeight / 2).rounded())
        draw(text, at: baseline, font: font, color: color)
    }
}
