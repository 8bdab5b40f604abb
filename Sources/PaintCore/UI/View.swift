/// A rectangular area that draws itself, lays out subviews and handles touches.
open class View: Responder {
    public private(set) weak var superview: View?
    public private(set) var subviews: [View] = []
    /// Set by a view controller that owns this view as its root view.
    public internal(set) weak var viewController: ViewController?

    public var frame: Rect {
        didSet {
            guard frame != oldValue else { return }
            if frame.size != oldValue.size {
                bounds.size = frame.size
                setNeedsLayout()
            }
            superview?.setNeedsDisplay(oldValue.union(frame))
        }
    }

    public var bounds: Rect {
        didSet { if bounds != oldValue { setNeedsDisplay() } }
    }

    public var backgroundColor: Color? { didSet { setNeedsDisplay() } }
    public var isHidden = false { didSet { if isHidden != oldValue { superview?.setNeedsDisplay(frame) } } }
    public var alpha: Double = 1 { didSet { if alpha != oldValue { superview?.setNeedsDisplay(frame) } } }
    public var isUserInteractionEnabled = true
    /// True when the view paints every pixel of its bounds opaquely, so nothing behind it
    /// needs drawing (the window skips what it hides).
    open var isOpaque: Bool { false }
    public var isMultipleTouchEnabled = false
    private(set) var needsLayout = true

    public init(frame: Rect = .zero) {
        self.frame = frame
        bounds = Rect(origin: .zero, size: frame.size)
        super.init()
    }

    open override var next: Responder? { viewController ?? superview }

    public var window: Window? {
        var view: View? = self
        while let v = view {
            if let window = v as? Window { return window }
            view = v.superview
        }
        return nil
    }

    // MARK: - Hierarchy

    public func addSubview(_ view: View) { insertSubview(view, at: subviews.count) }

    public func insertSubview(_ view: View, at index: Int) {
        view.removeFromSuperview()
        subviews.insert(view, at: min(index, subviews.count))
        view.superview = self
        setNeedsDisplay(view.frame)
    }

    public func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        superview = nil
        parent.setNeedsDisplay(frame)
    }

    public func bringSubviewToFront(_ view: View) {
        guard view.superview === self else { return }
        subviews.removeAll { $0 === view }
        subviews.append(view)
        setNeedsDisplay(view.frame)
    }

    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let v = current {
            if v === view { return true }
            current = v.superview
        }
        return false
    }

    // MARK: - Layout

    public func setNeedsLayout() { needsLayout = true }

    public func layoutIfNeeded() {
        if needsLayout {
            needsLayout = false
            viewController?.viewWillLayoutSubviews()
            layoutSubviews()
        }
        for view in subviews { view.layoutIfNeeded() }
    }

    /// Override to position subviews; called before drawing when the size changed.
    open func layoutSubviews() {}

    // MARK: - Drawing

    public func setNeedsDisplay() { setNeedsDisplay(bounds) }

    /// Marks a rectangle in this view's coordinates for redrawing.
    public func setNeedsDisplay(_ rect: Rect) {
        guard let window, !rect.isEmpty else { return }
        window.invalidate(convert(rect, to: nil))
    }

    /// Draws this view's content (not its subviews) for the part inside `rect`.
    open func draw(_ rect: Rect, in context: GraphicsContext) {}

    // MARK: - Coordinates

    /// Converts a point from this view's coordinates to another view's (nil: the window's).
    public func convert(_ point: Point, to view: View?) -> Point {
        let inWindow = pointInWindow(point)
        guard let view else { return inWindow }
        return view.pointFromWindow(inWindow)
    }

    public func convert(_ point: Point, from view: View?) -> Point {
        let inWindow = view?.pointInWindow(point) ?? point
        return pointFromWindow(inWindow)
    }

    public func convert(_ rect: Rect, to view: View?) -> Rect {
        Rect(origin: convert(rect.origin, to: view), size: rect.size)
    }

    public func convert(_ rect: Rect, from view: View?) -> Rect {
        Rect(origin: convert(rect.origin, from: view), size: rect.size)
    }

    private func pointInWindow(_ point: Point) -> Point {
        var p = point
        var view: View? = self
        while let v = view, !(v is Window) {
            p = Point(x: p.x - v.bounds.minX + v.frame.minX, y: p.y - v.bounds.minY + v.frame.minY)
            view = v.superview
        }
        return p
    }

    private func pointFromWindow(_ point: Point) -> Point {
        var chain: [View] = []
        var view: View? = self
        while let v = view, !(v is Window) {
            chain.append(v)
            view = v.superview
        }
        var p = point
        for v in chain.reversed() {
            p = Point(x: p.x - v.frame.minX + v.bounds.minX, y: p.y - v.frame.minY + v.bounds.minY)
        }
        return p
    }

    // MARK: - Hit testing

    /// The deepest visible, interactive descendant containing the point (in this view's coordinates).
    open func hitTest(_ point: Point) -> View? {
        guard !isHidden, isUserInteractionEnabled, alpha > 0.01, self.point(inside: point) else { return nil }
        for view in subviews.reversed() {
            let local = Point(x: point.x - view.frame.minX + view.bounds.minX, y: point.y - view.frame.minY + view.bounds.minY)
            if let hit = view.hitTest(local) { return hit }
        }
        return self
    }

    open func point(inside point: Point) -> Bool { bounds.contains(point) }
}
