import Foundation

/// A brush stroke that works on the pixels already there rather than adding paint: Clone
/// Stamp copies the layer's pixels from `offset` away under the brush (as GIMP's and Pinta's
/// do), Recolor turns the pixels alike one colour into another (Pinta's: the secondary colour's
/// pixels, within the fill's tolerance, become the primary). As a document item it is the
/// path, the width and these few values; a replay reads the layer as it finds it there. Under
/// a symmetry each copy of the path works too, a clone's copies copying from the copies of its
/// source (the offset mirrored and turned with the path).
public struct Retouch: Sendable, Hashable, Codable {
    public enum Kind: Sendable, Hashable, Codable {
        /// The pixels `offset` away (document units) copied under the brush, from the layer as
        /// it was when the stroke began.
        case clone(offset: Point)
        /// Pixels whose colour as seen (the layer over the background, as the fill bucket reads
        /// it) is within `tolerance` (0...1, as the fill's) of `from`, turned `to`.
        case recolor(from: Color, to: Color, tolerance: Double)
    }

    public var kind: Kind
    /// The brush's path in document units.
    public var points: [Point]
    public var width: Double
    /// The copies the stroke makes of itself (nil: none); kept by documents since it came.
    public var symmetry: Symmetry?

    public init(kind: Kind, points: [Point], width: Double, symmetry: Symmetry? = nil) {
        self.kind = kind
        self.points = points
        self.width = width
        self.symmetry = symmetry
    }

    /// The path drawn and each of its symmetry's copies, with where each copies from.
    private var marks: [(points: [Point], offset: Point)] {
        let offset: Point
        if case .clone(let drawnOffset) = kind { offset = drawnOffset } else { offset = .zero }
        let copies = (symmetry?.copies ?? []).map { map in
            // The offset is a distance: it turns and mirrors, it does not move.
            let turned = Point(x: map.a * offset.x + map.c * offset.y, y: map.b * offset.x + map.d * offset.y)
            return (points: points.map { map.apply(to: $0) }, offset: turned)
        }
        return [(points, offset)] + copies
    }

    public var isPlausible: Bool {
        let limit = Double(DocumentFormat.maximumSide) * 4
        guard !points.isEmpty, points.count <= 1_000_000, width.isFinite, width > 0, width <= 4096, symmetry?.isPlausible ?? true,
              points.allSatisfy({ $0.x.isFinite && $0.y.isFinite && abs($0.x) <= limit && abs($0.y) <= limit }) else { return false }
        switch kind {
        case .clone(let offset): return offset.x.isFinite && offset.y.isFinite && abs(offset.x) <= limit && abs(offset.y) <= limit
        case .recolor(_, _, let tolerance): return tolerance.isFinite && (0...1).contains(tolerance)
        }
    }

    /// The layer pixels the brush reaches, at `scale` pixels per unit (its copies' too).
    public func reach(atScale scale: Double) -> PixelRect {
        marks.reduce(PixelRect.empty) { $0.union(Self.reach(of: $1.points, width: width, atScale: scale)) }
    }

    private static func reach(of points: [Point], width: Double, atScale scale: Double) -> PixelRect {
        let xs = points.map(\.x), ys = points.map(\.y), half = width / 2 + 1
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return .empty }
        return PixelRect(x0: Int(((minX - half) * scale).rounded(.down)), y0: Int(((minY - half) * scale).rounded(.down)),
                         x1: Int(((maxX + half) * scale).rounded(.up)), y1: Int(((maxY + half) * scale).rounded(.up)))
    }

    /// How much of each pixel of `area` a round-capped, round-joined line along `points` covers.
    private func coverage(of points: [Point], in area: PixelRect, atScale scale: Double) -> Bitmap {
        let coverage = Bitmap(width: area.width, height: area.height)
        let context = GraphicsContext(bitmap: coverage)
        context.translateBy(x: -Double(area.x0), y: -Double(area.y0))
        context.scaleBy(x: scale, y: scale)
        context.strokeColor = .white
        context.lineStyle = LineStyle(width: width, cap: .round, join: .round)
        context.stroke(Path.polyline(points.count == 1 ? [points[0], points[0]] : points))
        return coverage
    }

    /// Works the stroke on a layer; the pixels it may have changed.
    @discardableResult
    public func apply(onto layer: Bitmap, atScale scale: Double, over underlay: StrokeRenderer.Underlay = .white) -> PixelRect {
        let marks = self.marks
        let areas = marks.map { Self.reach(of: $0.points, width: width, atScale: scale).intersection(layer.bounds) }
        let whole = areas.reduce(PixelRect.empty) { $0.union($1) }
        guard !whole.isEmpty else { return .empty }
        switch kind {
        case .clone:
            // The sources as they were before this stroke: a stroke (or a copy of it) that
            // crosses what it copies does not copy its own copy.
            let sources = zip(marks, areas).map { mark, area -> (pixels: Bitmap, origin: PixelRect, dx: Int, dy: Int) in
                let dx = Int((mark.offset.x * scale).rounded()), dy = Int((mark.offset.y * scale).rounded())
                let rect = area.offsetBy(dx: dx, dy: dy)
                return (layer.cropped(to: rect), rect.intersection(layer.bounds), dx, dy)
            }
            for ((mark, area), source) in zip(zip(marks, areas), sources) where !area.isEmpty {
                let coverage = coverage(of: mark.points, in: area, atScale: scale)
                for y in area.y0..<area.y1 {
                    for x in area.x0..<area.x1 {
                        let share = coverage[x - area.x0, y - area.y0] >> 24
                        guard share > 0 else { continue }
                        let sx = x + source.dx - source.origin.x0, sy = y + source.dy - source.origin.y0
                        let from = sx >= 0 && sy >= 0 && sx < source.pixels.width && sy < source.pixels.height ? source.pixels[sx, sy] : layer[x, y]
                        layer[x, y] = Self.mix(layer[x, y], from, share)
                    }
                }
            }
        case .recolor(let from, let to, let tolerance):
            // One coverage for the path and its copies: a pixel two of them cross turns once.
            let coverage = Bitmap(width: whole.width, height: whole.height)
            for (mark, area) in zip(marks, areas) where !area.isEmpty {
                let covered = self.coverage(of: mark.points, in: area, atScale: scale)
                coverage.compositeOver(covered.bounds, from: covered, toX: area.x0 - whole.x0, y: area.y0 - whole.y0)
            }
            let target = from.premultipliedPixel | 0xFF00_0000, limit = FloodFill.threshold(tolerance: tolerance)
            for y in whole.y0..<whole.y1 {
                for x in whole.x0..<whole.x1 {
                    let share = coverage[x - whole.x0, y - whole.y0] >> 24
                    guard share > 0 else { continue }
                    let seen = FloodFill.seen(y * layer.width + x, layer: layer.pixels, over: underlay), alpha = seen >> 24
                    guard alpha > 0 else { continue }
                    // Alike as colours, whatever the alpha: compared opaque.
                    let opaque = alpha == 0xFF ? seen : Color(premultipliedPixel: seen).withAlpha(1).premultipliedPixel
                    guard FloodFill.distance(opaque, target) <= limit else { continue }
                    let recoloured = to.withAlpha(Double(alpha) / 255).premultipliedPixel
                    layer[x, y] = Self.mix(layer[x, y], recoloured, share)
                }
            }
        }
        return whole
    }

    /// `a` towards `b` by `share` (0...255), premultiplied.
    @inline(__always)
    static func mix(_ a: UInt32, _ b: UInt32, _ share: UInt32) -> UInt32 {
        share >= 255 ? b : PixelMath.scale(a, by: 255 - share) &+ PixelMath.scale(b, by: share)
    }
}
