import Foundation

/// The selection's pixels, or the whole current layer's, taken through a projective map (Image
/// → Transform): scaled, turned, skewed or put in perspective, resampled with the filter
/// chosen. As a document item it is the rectangle that moved and where its four corners went,
/// not pixels, so a history replays it on the pixels it finds there and the operation stream
/// carries a few numbers.
public struct FreeTransform: Sendable, Hashable, Codable {
    /// What moved, in document units: the selection's bounds, or the whole canvas.
    public var source: Rect
    /// Where the rectangle's corners went (top-left, top-right, bottom-right, bottom-left), in
    /// document units.
    public var corners: [Point]
    public var filter: ResamplingFilter

    public init(source: Rect, corners: [Point], filter: ResamplingFilter) {
        self.source = source
        self.corners = corners
        self.filter = filter
    }

    /// Nothing moved yet: the corners where they started.
    public init(identityOf source: Rect, filter: ResamplingFilter = .bicubic) {
        self.init(source: source, corners: [Point(x: source.minX, y: source.minY), Point(x: source.maxX, y: source.minY),
                                           Point(x: source.maxX, y: source.maxY), Point(x: source.minX, y: source.maxY)], filter: filter)
    }

    /// Document units to document units; nil when the corners make no map (three on a line).
    public var map: Homography? { Homography.mapping(source, to: corners) }

    public var isIdentity: Bool { self == FreeTransform(identityOf: source, filter: filter) }

    /// Whether it is one the app makes: finite corners within reach of the canvas, a convex
    /// quadrilateral (a map the eye can read, with no horizon inside), a warp's filter.
    public var isPlausible: Bool {
        let limit = Double(DocumentFormat.maximumSide) * 4
        guard corners.count == 4, PerspectiveWarp.filters.contains(filter), source.width > 0, source.height > 0,
              [source.minX, source.minY, source.width, source.height].allSatisfy({ $0.isFinite && abs($0) <= limit }),
              corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite && abs($0.x) <= limit && abs($0.y) <= limit }) else { return false }
        return Self.isConvex(corners) && map != nil
    }

    /// Whether the four corners, in order, turn the same way at each (no bow tie, no dent).
    public static func isConvex(_ corners: [Point]) -> Bool {
        guard corners.count == 4 else { return false }
        var sign = 0.0
        for i in 0..<4 {
            let a = corners[i], b = corners[(i + 1) % 4], c = corners[(i + 2) % 4]
            let cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
            guard abs(cross) > 1e-9 else { return false }
            if sign == 0 { sign = cross } else if (sign > 0) != (cross > 0) { return false }
        }
        return true
    }

    /// One layer with the transform applied: the selected pixels (or all of them) lifted, their
    /// place left transparent, and drawn back through the map over what remains.
    public func apply(onto layer: Bitmap, area: SelectionArea?, atScale scale: Double) {
        guard let map = map?.scaled(by: scale) else { return }
        let lifted: Bitmap, origin: (x: Int, y: Int)
        if let area {
            let rect = area.pixels(atScale: scale)
            let piece = Bitmap(width: rect.width, height: rect.height)
            piece.copy(rect.intersection(layer.bounds), from: layer, toX: -rect.x0, y: -rect.y0)
            area.clearOutside(piece, atScale: scale)
            area.clear(layer, atScale: scale)
            (lifted, origin) = (piece, (rect.x0, rect.y0))
        } else {
            lifted = layer.cropped(to: layer.bounds)
            layer.clear()
            origin = (0, 0)
        }
        // The lifted piece's pixels to the layer's: its place, then the map.
        let placed = Homography([1, 0, Double(origin.x), 0, 1, Double(origin.y), 0, 0, 1]).concatenating(map)
        guard let reach = PerspectiveWarp.reach(of: PixelRect(x0: 0, y0: 0, x1: lifted.width, y1: lifted.height), through: placed) else { return }
        PerspectiveWarp.draw(lifted, through: placed, onto: layer, in: reach, filter: filter)
    }

    /// The selection after the transform: the bounds of where its corners went, as an outline
    /// (the moved pixels stay selected to be moved again).
    public func transformedSelection() -> SelectionArea? {
        guard let map else { return nil }
        let moved = [Point(x: source.minX, y: source.minY), Point(x: source.maxX, y: source.minY),
                     Point(x: source.maxX, y: source.maxY), Point(x: source.minX, y: source.maxY)].compactMap { map.apply(to: $0) }
        guard moved.count == 4 else { return nil }
        // To a millionth first: a corner the map puts at 89.9999999 is on pixel 90.
        let xs = moved.map { ($0.x * 1e6).rounded() / 1e6 }, ys = moved.map { ($0.y * 1e6).rounded() / 1e6 }
        let bounds = Rect(x: xs.min()!.rounded(.down), y: ys.min()!.rounded(.down),
                          width: xs.max()!.rounded(.up) - xs.min()!.rounded(.down), height: ys.max()!.rounded(.up) - ys.min()!.rounded(.down))
        guard bounds.width > 0, bounds.height > 0 else { return nil }
        return SelectionArea(bounds: bounds, outline: moved)
    }
}
