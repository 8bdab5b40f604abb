/// Content of a fixed size shown in a view at a zoom and a scroll position (what UIScrollView's
/// zoomScale and contentOffset are to its content), turned and mirrored about the view's centre
/// as a painter turns the paper (Krita's canvas rotation): the one transform between content
/// units and view points, its inverse for input, and the limits that keep the content in reach.
/// Zoom and scroll work in the unturned frame (`origin` and `scale` are its), then the turn.
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
    /// How far the view is turned, clockwise in degrees (-180 < rotation <= 180).
    public private(set) var rotation = 0.0
    /// Whether the view shows the content mirrored left to right (before it is turned).
    public private(set) var isMirrored = false

    /// Whether the view is turned or mirrored: showing it takes resampling, not a copy.
    public var isTurned: Bool { rotation != 0 || isMirrored }

    public init(contentSize: Size = .zero, viewSize: Size = .zero) {
        self.contentSize = contentSize
        self.viewSize = viewSize
    }

    // MARK: - Mapping

    /// Content units to view points.
    public var transform: AffineTransform {
        AffineTransform(scaleX: scale, y: scale).concatenating(AffineTransform(translationX: origin.x, y: origin.y)).concatenating(turn)
    }

    /// The unturned frame to the view: mirrored and turned about the view's centre.
    public var turn: AffineTransform {
        guard isTurned else { return .identity }
        let centre = Point(x: viewSize.width / 2, y: viewSize.height / 2)
        return AffineTransform(translationX: -centre.x, y: -centre.y)
            .concatenating(AffineTransform(scaleX: isMirrored ? -1 : 1, y: 1))
            .concatenating(AffineTransform(rotationAngle: rotation * .pi / 180))
            .concatenating(AffineTransform(translationX: centre.x, y: centre.y))
    }

    private func unturned(_ view: Point) -> Point {
        guard isTurned, let inverse = turn.inverted() else { return view }
        return inverse.apply(to: view)
    }

    /// A view distance (a scroll, a drag) in the unturned frame.
    private func unturnedDelta(_ delta: Point) -> Point {
        guard isTurned else { return delta }
        let o = unturned(.zero), d = unturned(delta)
        return Point(x: d.x - o.x, y: d.y - o.y)
    }

    public func viewPoint(_ content: Point) -> Point {
        let flat = Point(x: content.x * scale + origin.x, y: content.y * scale + origin.y)
        return isTurned ? turn.apply(to: flat) : flat
    }

    public func contentPoint(_ view: Point) -> Point {
        let flat = unturned(view)
        return Point(x: (flat.x - origin.x) / scale, y: (flat.y - origin.y) / scale)
    }

    /// The view points a content rectangle covers (turned: the box around its corners).
    public func viewRect(_ content: Rect) -> Rect {
        let flat = Rect(x: content.minX * scale + origin.x, y: content.minY * scale + origin.y, width: content.width * scale, height: content.height * scale)
        return isTurned ? turn.apply(to: flat) : flat
    }

    /// The content a view rectangle covers (turned: the box around its corners).
    public func contentRect(_ view: Rect) -> Rect {
        let flat = isTurned ? (turn.inverted()?.apply(to: view) ?? view) : view
        return Rect(x: (flat.minX - origin.x) / scale, y: (flat.minY - origin.y) / scale, width: flat.width / scale, height: flat.height / scale)
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
    public mutating func zoom(to newScale: Double, about viewAnchor: Point) {
        let clampedScale = min(max(newScale, leastScale), maximumScale)
        let anchor = unturned(viewAnchor)
        let under = contentPoint(viewAnchor)
        scale = clampedScale
        origin = Point(x: anchor.x - under.x * scale, y: anchor.y - under.y * scale)
        clamp()
    }

    /// Moves the view over the content by `delta` view points (the content moves the other way).
    public mutating func scroll(by viewDelta: Point) {
        let delta = unturnedDelta(viewDelta)
        origin = Point(x: origin.x - delta.x, y: origin.y - delta.y)
        clamp()
    }

    /// Moves the content by `delta` view points (the view's frame moved and the content must stay
    /// where it was on screen).
    public mutating func shiftContent(by viewDelta: Point) {
        let delta = unturnedDelta(viewDelta)
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

    // MARK: - Turning

    /// Turns the view to `degrees` clockwise about its centre (the content under the centre stays).
    public mutating func setRotation(_ degrees: Double) {
        var angle = degrees.truncatingRemainder(dividingBy: 360)
        if angle > 180 { angle -= 360 }
        if angle <= -180 { angle += 360 }
        rotation = abs(angle) < 1e-9 ? 0 : angle
        clamp()
    }

    /// Mirrors the view left to right about its centre, or back.
    public mutating func setMirrored(_ mirrored: Bool) {
        isMirrored = mirrored
        clamp()
    }

    /// The content never leaves the view: smaller than the view in an axis, it stays wholly
    /// inside; larger, it covers the view from edge to edge. Turned, its centre stays in the
    /// view (the edges no longer line up with the view's).
    private mutating func clamp() {
        if isTurned {
            let width = contentSize.width * scale, height = contentSize.height * scale
            origin = Point(x: min(max(origin.x, -width / 2), viewSize.width - width / 2),
                           y: min(max(origin.y, -height / 2), viewSize.height - height / 2))
            return
        }
        func clamped(_ value: Double, extent: Double, view: Double) -> Double {
            extent <= view ? min(max(value, 0), view - extent) : min(max(value, view - extent), 0)
        }
        origin = Point(x: clamped(origin.x, extent: contentSize.width * scale, view: viewSize.width),
                       y: clamped(origin.y, extent: contentSize.height * scale, view: viewSize.height))
    }
}
