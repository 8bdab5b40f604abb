/// A rectangular area that draws itself, lays out subviews and handles touches. Geometry
/// follows UIKit: `bounds` is the view's own coordinate space, `center` places it in its
/// superview, and `transform` applies about the centre; `frame` is derived from them.
open class View: Responder {
    /// Neither retained nor weak: a weak reference gives the view it names a side table for
    /// good, and every retain and release of that view then takes the runtime's slow path (12%
    /// of a motion event through the toolkit, measured). The superview owns this view, and its
    /// deinit clears this; so do the toolkit's other such references (`Touch.view`,
    /// `GestureRecognizer.view`).
    public private(set) unowned(unsafe) var superview: View? { didSet { View.placesGeneration &+= 1 } }
    public private(set) var subviews: [View] = []
    /// Set by a view controller that owns this view as its root view.
    public internal(set) weak var viewController: ViewController?
    public private(set) var gestureRecognizers: [GestureRecognizer] = []

    public var bounds: Rect {
        didSet {
            guard bounds != oldValue else { return }
            View.placesGeneration &+= 1
            if bounds.size != oldValue.size { setNeedsLayout() }
            invalidateInSuperview(oldFrame: frameFor(center: center, bounds: oldValue, transform: transform))
        }
    }

    public var center: Point {
        didSet {
            guard center != oldValue else { return }
            View.placesGeneration &+= 1
            Animator.record(self, .center(from: oldValue, to: center))
            invalidateInSuperview(oldFrame: frameFor(center: oldValue, bounds: bounds, transform: transform))
        }
    }

    /// Applied about the centre, like UIView.transform.
    public var transform: AffineTransform = .identity {
        didSet {
            guard transform != oldValue else { return }
            View.placesGeneration &+= 1
            Animator.record(self, .transform(from: oldValue, to: transform))
            invalidateInSuperview(oldFrame: frameFor(center: center, bounds: bounds, transform: oldValue))
        }
    }

    /// The box around the view in its superview's coordinates. Setting it keeps the transform.
    public var frame: Rect {
        get { frameFor(center: center, bounds: bounds, transform: transform) }
        set {
            let oldSize = bounds.size
            if newValue.size != oldSize {
                Animator.record(self, .size(from: oldSize, to: newValue.size))
                bounds.size = newValue.size
            }
            center = newValue.center
        }
    }

    public var backgroundColor: Color? { didSet { setNeedsDisplay() } }
    public var isHidden = false { didSet { if isHidden != oldValue { invalidateInSuperview(oldFrame: frame) } } }
    public var alpha: Double = 1 {
        didSet {
            guard alpha != oldValue else { return }
            Animator.record(self, .alpha(from: oldValue, to: alpha))
            invalidateInSuperview(oldFrame: frame)
        }
    }
    /// Subviews and drawing are cut off at the bounds.
    public var clipsToBounds = false { didSet { if clipsToBounds != oldValue { invalidateInSuperview(oldFrame: frame) } } }
    public var isUserInteractionEnabled = true

    /// The pointer rests over this view or one of its subviews, no button held (UIKit's
    /// UIHoverGestureRecognizer began/changed; AppKit's mouseEntered/Exited). The window sets it.
    public internal(set) var isPointerInside = false {
        didSet { if isPointerInside != oldValue { pointerInsideChanged() } }
    }
    /// Told when `isPointerInside` changes (controls redraw their hover look).
    open func pointerInsideChanged() {}
    /// A middle click here (at `point`, in this view): true when the view took it (a text field
    /// pastes the PRIMARY selection); else its superview is asked.
    open func middleClicked(at point: Point) -> Bool { false }
    /// Told where the pointer hovers, in this view's coordinates, when this is the view under it.
    open func pointerHovered(at point: Point) {}

    /// A short text shown after the pointer rests on the view (AppKit's NSView.toolTip).
    public var toolTip: String?
    /// The tooltip for a point in the view: `toolTip` unless the view has parts with their own.
    open func toolTip(at point: Point) -> String? { toolTip }
    public var isMultipleTouchEnabled = false
    /// While it has touches no other view in the window gets new ones, and it gets none while
    /// another view has some (UIView.isExclusiveTouch).
    public var isExclusiveTouch = false
    /// True when the view paints every pixel of its bounds opaquely, so nothing behind it
    /// needs drawing (the window skips what it hides).
    open var isOpaque: Bool { false }
    /// A rectangle of its bounds the view paints fully opaque though it is not opaque as a
    /// whole (a photo over the canvas): nothing below needs drawing there.
    open var opaqueContentRect: Rect? { isOpaque ? bounds : nil }
    /// A convex outline (corners in order, in the view's coordinates) the view paints fully
    /// opaque, where a rectangle would give up most of it (a turned photo) or where the view
    /// moves and its edge is redrawn every frame (a dragged one): what lies below may leave out
    /// the whole pixels inside, and the window draws a region across its edge in one piece.
    open var opaqueContentOutline: [Point]? { nil }
    /// The part of its bounds the view paints, when that is much less than its bounds (an
    /// overlay as large as the window showing two small circles): adding or removing the view
    /// redraws only that. Its subviews must lie inside it.
    open var paintedRect: Rect { bounds }
    private(set) var needsLayout = true

    public init(frame: Rect = .zero) {
        bounds = Rect(origin: .zero, size: frame.size)
        center = frame.center
        super.init()
    }

    open override var next: Responder? { viewController ?? superview }

    /// Tab keeps the keyboard focus inside this view while it shows (a panel over the window,
    /// as a dialog does); what it covers never takes the focus.
    public var isFocusScope = false

    public var window: Window? { pathToWindow.window }

    // MARK: - Hierarchy

    public func addSubview(_ view: View) { insertSubview(view, at: subviews.count) }

    public func insertSubview(_ view: View, at index: Int) {
        view.removeFromSuperview()
        subviews.insert(view, at: min(index, subviews.count))
        view.superview = self
        setNeedsDisplay(view.paintedFrame)
    }

    /// `paintedRect` in the superview's coordinates: what adding or removing the view redraws.
    private var paintedFrame: Rect { paintedRect == bounds ? frame : transformToSuperview.apply(to: paintedRect) }

    public func removeFromSuperview() {
        guard let parent = superview else { return }
        let oldFrame = paintedFrame
        parent.subviews.removeAll { $0 === self }
        superview = nil
        parent.setNeedsDisplay(oldFrame)
        window?.viewWasRemoved(self)
        parent.window?.viewWasRemoved(self)
    }

    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let v = current {
            if v === view { return true }
            current = v.superview
        }
        return false
    }

    // MARK: - Gesture recognizers

    /// Asked before a recognizer of this view, or of an ancestor whose touches began on this
    /// view, begins or recognizes; false makes it fail (UIView.gestureRecognizerShouldBegin).
    open func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { true }

    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        recognizer.view?.removeGestureRecognizer(recognizer)
        gestureRecognizers.append(recognizer)
        recognizer.view = self
    }

    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        gestureRecognizers.removeAll { $0 === recognizer }
        if recognizer.view === self { recognizer.view = nil }
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

    /// Marks a rectangle in this view's coordinates for redrawing. A view that clips to its
    /// bounds shows nothing outside them, so only the part inside is redrawn: a photo pinched
    /// past the canvas's edge had the bars over the canvas's margin redrawn every frame.
    public func setNeedsDisplay(_ rect: Rect) {
        let shown = clipsToBounds ? rect.intersection(bounds) : rect
        guard let window, !shown.isEmpty else { return }
        window.invalidate(convert(shown, to: nil))
    }

    /// Draws this view's content (not its subviews) for the part inside `rect`.
    open func draw(_ rect: Rect, in context: GraphicsContext) {}

    private func invalidateInSuperview(oldFrame: Rect) {
        guard let superview else {
            (self as? Window)?.invalidateAll()
            return
        }
        superview.setNeedsDisplay(oldFrame.union(frame))
    }

    // MARK: - Coordinates

    /// Maps this view's bounds coordinates into its superview's coordinates.
    public var transformToSuperview: AffineTransform {
        AffineTransform(translationX: -bounds.midX, y: -bounds.midY)
            .concatenating(transform)
            .concatenating(AffineTransform(translationX: center.x, y: center.y))
    }

    /// Maps this view's coordinates into the window's.
    public var transformToWindow: AffineTransform { pathToWindow.transform }

    /// Bumped by every change of any view's place (its bounds, centre, transform or superview)
    /// and by a view going away: each view's window and transform into it are then found again.
    nonisolated(unsafe) static var placesGeneration = 0

    /// The window this view is in and the transforms between them, as of `placesGeneration`.
    /// A motion event asked for them about six times, each a walk up the tree (a retain and a
    /// release a level) and an inversion.
    private var cachedPathToWindow: PathToWindow?
    private struct PathToWindow {
        let generation: Int
        /// Not retained (a window's own path names it). It cannot dangle: the window going
        /// away bumps the generation in its deinit, before any view asks again.
        unowned(unsafe) let window: Window?
        let transform: AffineTransform
        let inverse: AffineTransform
    }

    private var pathToWindow: PathToWindow {
        if let path = cachedPathToWindow, path.generation == View.placesGeneration { return path }
        var transform = AffineTransform.identity, window: Window?
        var view: View? = self
        while let v = view {
            if let found = v as? Window {
                window = found
                break
            }
            transform = transform.concatenating(v.transformToSuperview)
            view = v.superview
        }
        let path = PathToWindow(generation: View.placesGeneration, window: window, transform: transform,
                                inverse: transform.inverted() ?? .identity)
        cachedPathToWindow = path
        return path
    }

    deinit {
        View.placesGeneration &+= 1
        // What names this view without retaining it (see `superview`) lets go of it now.
        for view in subviews where view.superview === self { view.superview = nil }
        for recognizer in gestureRecognizers where recognizer.view === self { recognizer.view = nil }
        Touch.viewWentAway(self)
    }

    package override var windowForResponding: Window? { window }

    /// The pointer shape over this view (nil: its superview's; the window's is the arrow).
    open var pointerCursor: PointerCursor? { nil }

    package var effectivePointerCursor: PointerCursor { pointerCursor ?? superview?.effectivePointerCursor ?? .arrow }

    /// The point a pinch simulated with the mouse (Ctrl-drag) mirrors its second finger about,
    /// in this view's coordinates: what this view scales and turns about. Its centre unless a
    /// view knows better (a photo being placed: the photo's centre).
    open func simulatedPinchCenter(near location: Point) -> Point { Point(x: bounds.midX, y: bounds.midY) }

    /// Whether a Ctrl-press on this view is a press with Ctrl held (a selection tool's
    /// subtract) rather than the mouse's simulated two-finger pinch.
    open var takesControlClicks: Bool { false }

    /// Converts a point from this view's coordinates to another view's (nil: the window's).
    public func convert(_ point: Point, to view: View?) -> Point {
        let inWindow = transformToWindow.apply(to: point)
        guard let view else { return inWindow }
        return view.pathToWindow.inverse.apply(to: inWindow)
    }

    public func convert(_ point: Point, from view: View?) -> Point {
        let inWindow = view?.transformToWindow.apply(to: point) ?? point
        return pathToWindow.inverse.apply(to: inWindow)
    }

    /// The box around a rectangle mapped into another view's coordinates.
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        var t = transformToWindow
        if let view { t = t.concatenating(view.pathToWindow.inverse) }
        return t.apply(to: rect)
    }

    public func convert(_ rect: Rect, from view: View?) -> Rect {
        var t = view?.transformToWindow ?? .identity
        t = t.concatenating(pathToWindow.inverse)
        return t.apply(to: rect)
    }

    // MARK: - Hit testing

    /// The deepest visible, interactive descendant containing the point (in this view's
    /// coordinates). Points outside a view's bounds never reach its subviews, clipped or not.
    open func hitTest(_ point: Point) -> View? {
        guard !isHidden, isUserInteractionEnabled, alpha > 0.01, self.point(inside: point) else { return nil }
        for view in subviews.reversed() {
            guard let inverse = view.transformToSuperview.inverted() else { continue }
            if let hit = view.hitTest(inverse.apply(to: point)) { return hit }
        }
        return self
    }

    open func point(inside point: Point) -> Bool { bounds.contains(point) }

    private func frameFor(center: Point, bounds: Rect, transform: AffineTransform) -> Rect {
        let local = Rect(x: -bounds.width / 2, y: -bounds.height / 2, width: bounds.width, height: bounds.height)
        let box = transform.isIdentity ? local : transform.apply(to: local)
        return box.offsetBy(dx: center.x, dy: center.y)
    }
}
