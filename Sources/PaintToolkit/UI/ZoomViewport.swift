/// Content of a fixed size shown in a view at a zoom and a scroll position (what UIScrollView's
/// zoomScale and contentOffset are to its content): the one transform between content units
/// and view points, its inverse for input, and the limits that keep the content in reach.
public struct ZoomViewport: Equatable, Sendable {
    /// The content's size in its own units.
    public var contentSize: Size { didSet { clamp() } }
    /// The view's size in points.
    public var viewSize: Size { didSet { clamp() } }
    /// View points per content unit.
    public private(set) var scale = 1.0
    /// Where the content's top-left corner is, in view points.
    public private(set) var origin = Point.zero
    /// Points along the view's right edge that something covers (a docked panel): fitting and
    /// centring use the part of the view left uncovered.
    public var coveredRight = 0.0
    public var minimumScale = 1.0 / 16
    public var maximumScale = 32.0

    public init(contentSize: Size = .zero, viewSize: Size = .zero) {
        self.contentSize = contentSize
        self.viewSize = viewSize
    }

    // MARK: - Mapping

    /// Content units to view points.
    public var transform: AffineTransform {
        AffineTransform(scaleX: scale, y: scale).concatenating(AffineTransform(translationX: origin.x, y: origin.y))
    }

    public func viewPoint(_ content: Point) -> Point { Point(x: content.x * scale + origin.x, y: content.y * scale + origin.y) }

    public func contentPoint(_ view: Point) -> Point { Point(x: (view.x - origin.x) / scale, y: (view.y - origin.y) / scale) }

    public func viewRect(_ content: Rect) -> Rect {
        Rect(x: content.minX * scale + origin.x, y: content.minY * scale + origin.y, width: content.width * scale, height: content.height * scale)
    }

    public func contentRect(_ view: Rect) -> Rect {
        Rect(x: (view.minX - origin.x) / scale, y: (view.minY - origin.y) / scale, width: view.width / scale, height: view.height / scale)
    }

    /// Where the content shows, in view points.
    public var contentFrame: Rect { viewRect(Rect(x: 0, y: 0, width: contentSize.width, height: contentSize.height)) }

    // MARK: - Zooming and scrolling

    /// The scale at which the whole content fits the view.
    public var fitScale: Double {
        guard contentSize.width > 0, contentSize.height > 0, viewSize.width > 0, viewSize.height > 0 else { return 1 }
        return min(viewSize.width / contentSize.width, viewSize.height / contentSize.height)
    }

    /// The least scale allowed: 1/16, or less when that is what fitting a huge content takes.
    public var leastScale: Double { min(minimumScale, fitScale) }

    /// Zooms to `newScale` (within the limits) keeping the content point under `anchor` (view
    /// points) where it is.
    public mutating func zoom(to newScale: Double, about anchor: Point) {
        let clampedScale = min(max(newScale, leastScale), maximumScale)
        let under = contentPoint(anchor)
        scale = clampedScale
        origin = Point(x: anchor.x - under.x * scale, y: anchor.y - under.y * scale)
        clamp()
    }

    /// Moves the view over the content by `delta` view points (the content moves the other way).
    public mutating func scroll(by delta: Point) {
        origin = Point(x: origin.x - delta.x, y: origin.y - delta.y)
        clamp()
    }

    /// Moves the content by `delta` view points (the view's frame moved and the content must stay
    /// where it was on screen).
    public mutating func shiftContent(by delta: Point) {
        origin = Point(x: origin.x + delta.x, y: origin.y + delta.y)
        clamp()
    }

    /// The view's width that nothing covers.
    private var uncoveredWidth: Double { max(1, viewSize.width - max(0, coveredRight)) }

    /// The whole content, as large as fits in the uncovered part of the view, centred there.
    public mutating func fit() {
        guard contentSize.width > 0, contentSize.height > 0, viewSize.height > 0 else { return clamp() }
        scale = min(uncoveredWidth / contentSize.width, viewSize.height / contentSize.height)
        centreWhereItFits()
    }

    /// Content smaller than the (uncovered) view in an axis is centred in it, as a paint
    /// program shows a small picture in a grown window; a larger axis stays where it is.
    public mutating func centreWhereItFits() {
        let width = contentSize.width * scale, height = contentSize.height * scale
        if width <= uncoveredWidth { origin.x = (uncoveredWidth - width) / 2 }
        if height <= viewSize.height { origin.y = (viewSize.height - height) / 2 }
        clamp()
    }

    /// The content never leaves the view: smaller than the view in an axis, it stays wholly
    /// inside; larger, it covers the view from edge to edge.
    private mutating func clamp() {
        func clamped(_ value: Double, extent: Double, view: Double) -> Double {
            extent <= view ? min(max(value, 0), view - extent) : min(max(value, view - extent), 0)
        }
        origin = Point(x: clamped(origin.x, extent: contentSize.width * scale, view: viewSize.width),
                       y: clamped(origin.y, extent: contentSize.height * scale, view: viewSize.height))
    }
}
