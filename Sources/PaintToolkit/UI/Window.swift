/// The root of a view tree: owns the backbuffer the views draw into, collects dirty regions,
/// turns platform input into touches for hit-tested views and their gesture recognizers, and
/// hands keys to the first responder.
open class Window: View {
    public let application: Application
    public private(set) var backbuffer: Bitmap
    private var dirtyRegions: [PixelRect] = []
    private static let maximumDirtyRegions = 16
    /// Paints the views into the backbuffer.
    private let renderer = WindowRenderer()

    /// Touches in flight and the gesture recognizers working on them.
    package private(set) lazy var touchDispatcher = TouchDispatcher(window: self)

    /// The view under the pointer and its ancestors (see Window+Hover).
    package var hoveredViews: [View] = []
    /// Shows tooltips for the view under the resting pointer.
    package lazy var tooltips = TooltipPresenter(window: self)

    /// Who watches the pointer (see PointerObservers): motion without a button, every motion, presses, leaving.
    package let pointerObservers = PointerObservers()
    public func addHoverObserver(_ observer: @escaping (Point, Double) -> Void) { pointerObservers.hover.append(observer) }
    public func addMotionObserver(_ observer: @escaping (Point) -> Void) { pointerObservers.motion.append(observer) }
    public func addPressObserver(_ observer: @escaping (Double) -> Void) { pointerObservers.press.append(observer) }
    public func addLeaveObserver(_ observer: @escaping () -> Void) { pointerObservers.leave.append(observer) }
    /// Where the pointer last was in the window, hovering or dragging (nil: it left).
    public private(set) var pointerLocation: Point?

    package func pointerMoved(to location: Point) {
        pointerLocation = location
        for observer in pointerObservers.motion { observer(location) }
    }

    /// The window's title (the platform shows it; `onTitleChange` tells it).
    public var title = "X11Paint" { didSet { if title != oldValue { onTitleChange?(title) } } }
    public var onTitleChange: ((String) -> Void)?
    /// Whether the window covers the whole screen without the window manager's frame (the
    /// platform makes it so; `onFullScreenChange` tells it).
    public var isFullScreen = false { didSet { if isFullScreen != oldValue { onFullScreenChange?(isFullScreen) } } }
    public var onFullScreenChange: ((Bool) -> Void)?

    /// The pointer shape for where the pointer is; the platform follows `onCursorChange`.
    public private(set) var cursor = PointerCursor.arrow
    public var onCursorChange: ((PointerCursor) -> Void)?
    /// Where the pointer hovers (nil: outside the window, or a button is held).
    public private(set) var hoverLocation: Point?

    public func pointerLeft() {
        hoverLocation = nil
        pointerLocation = nil
        updateHover(at: nil, over: nil)
        for observer in pointerObservers.leave { observer() }
    }

    private func updateCursor(over hit: View?) {
        let wanted = (hit ?? self).effectivePointerCursor
        guard wanted != cursor else { return }
        cursor = wanted
        onCursorChange?(wanted)
    }

    /// Every pointer motion with no button held: one hit test serves the cursor and the hover.
    public func pointerHovered(to location: Point, timestamp: Double) {
        hoverLocation = location
        let hit = hitTest(location)
        updateCursor(over: hit)
        updateHover(at: location, over: hit)
        for observer in pointerObservers.hover { observer(location, timestamp) }
        pointerMoved(to: location)
    }

    /// The modifier keys held now, as the platform last reported them (UIEvent.modifierFlags).
    public var modifierFlags: KeyEvent.Modifiers = []
    /// Shortcuts answered when nothing on the responder chain took the key.
    public var keyCommands: [KeyCommand] = []

    /// Receives key events first; nil sends them to the root view controller.
    public internal(set) weak var firstResponder: Responder? {
        didSet {
            if oldValue !== firstResponder {
                if oldValue?.firstResponderWindow === self { oldValue?.firstResponderWindow = nil }
                firstResponder?.firstResponderWindow = self
            }
            // The focus ring comes and goes with keyboard focus on a control.
            for control in [oldValue, firstResponder].compactMap({ $0 as? Control }) { invalidateFocusRing(of: control) }
        }
    }

    public var rootViewController: ViewController? {
        didSet {
            oldValue?.view.removeFromSuperview()
            if let controller = rootViewController {
                controller.view.frame = bounds
                addSubview(controller.view)
                controller.viewDidAppearIfNeeded()
            }
        }
    }

    /// Device pixels per point (2 on a 192 dpi screen). Views work in points; the backbuffer,
    /// dirty regions and presentation are in device pixels.
    public let scale: Double

    /// `backbufferMaker` (see the property) makes the first backbuffer too: a plain one made
    /// here was filled and thrown away at every start of the X11 app (4 MB at 1280x800).
    public init(size: Size, scale: Double = 1, application: Application = Application(),
                backbufferMaker: ((Int, Int) -> Bitmap?)? = nil) {
        self.application = application
        self.scale = scale
        backbuffer = Self.makeBackbuffer(size, scale: scale, maker: backbufferMaker)
        self.backbufferMaker = backbufferMaker
        super.init(frame: Rect(origin: .zero, size: size))
        dirtyRegions = [backbuffer.bounds]
    }

    deinit {
        if let responder = firstResponder, responder.firstResponderWindow === self { responder.firstResponderWindow = nil }
    }

    open override var next: Responder? { application }

    open override func layoutSubviews() {
        rootViewController?.view.frame = bounds
        for controller in presentedControllers { controller.view.frame = bounds }
    }

    /// Modal controllers shown over the root, bottom to top (see ViewController.present).
    package var presentedControllers: [ViewController] = []

    /// Makes the backbuffer for a width and height in device pixels (the X side gives memory the
    /// server reads the window from, so a frame needs no copy), or nil for a plain one. Set, it
    /// replaces the backbuffer at once.
    public var backbufferMaker: ((Int, Int) -> Bitmap?)? {
        didSet {
            backbuffer = makeBackbuffer(frame.size)
            dirtyRegions = [backbuffer.bounds]
        }
    }

    private func makeBackbuffer(_ size: Size) -> Bitmap { Self.makeBackbuffer(size, scale: scale, maker: backbufferMaker) }

    /// The backbuffer for `size` points at `scale`, from `maker` or else a plain white one.
    private static func makeBackbuffer(_ size: Size, scale: Double, maker: ((Int, Int) -> Bitmap?)?) -> Bitmap {
        let width = Int((size.width * scale).rounded()), height = Int((size.height * scale).rounded())
        return maker?(width, height) ?? Bitmap(width: width, height: height, color: .white)
    }

    /// Reallocates the backbuffer for a new size (in points) and lays everything out again.
    public func resize(to size: Size) {
        guard size != frame.size else { return }
        frame = Rect(origin: .zero, size: size)
        backbuffer = makeBackbuffer(size)
        dirtyRegions = [backbuffer.bounds]
    }

    // MARK: - Dirty regions and rendering

    /// Marks a rectangle in window coordinates for redrawing.
    package func invalidate(_ rect: Rect) {
        let device = scale == 1 ? rect : AffineTransform(scaleX: scale, y: scale).apply(to: rect)
        var region = PixelRect(covering: device, width: backbuffer.width, height: backbuffer.height)
        if region.isEmpty { return }
        // Merge with every overlapping region so the list stays short.
        var merged = true
        while merged {
            merged = false
            if let index = dirtyRegions.firstIndex(where: { !$0.intersection(region).isEmpty }) {
                region = region.union(dirtyRegions.remove(at: index))
                merged = true
            }
        }
        dirtyRegions.append(region)
        if dirtyRegions.count > Self.maximumDirtyRegions {
            dirtyRegions = [dirtyRegions.reduce(PixelRect.empty) { $0.union($1) }]
        }
    }

    package func invalidateAll() { dirtyRegions = [backbuffer.bounds] }

    public var needsDisplay: Bool { !dirtyRegions.isEmpty || needsLayout }

    /// Lays out what needs it, redraws the dirty regions into the backbuffer and returns them.
    @discardableResult
    public func render() -> [PixelRect] {
        layoutIfNeeded()
        let regions = dirtyRegions
        dirtyRegions = []
        renderer.render(regions, in: self)
        return regions
    }

    /// A region cut so the part inside each opaque rectangle it overlaps is painted on its own
    /// (see WindowRenderer).
    package static func split(_ region: PixelRect, by occluders: [PixelRect]) -> [PixelRect] {
        WindowRenderer.split(region, by: occluders)
    }

    /// Renders a view and its subviews into a new bitmap of its bounds' size, in its own
    /// coordinates (UIKit's renderInContext screenshot).
    public func snapshot(of view: View) -> Bitmap { renderer.snapshot(of: view, in: self) }

    // MARK: - Touches

    /// Delivers platform touch input. Touches that begin together reach a view in one call.
    public func send(_ inputs: [TouchInput]) { touchDispatcher.send(inputs, in: self) }

    /// Cancels every active touch (for example when the window loses the pointer grab).
    public func cancelAllTouches(timestamp: Double) { touchDispatcher.cancelAllTouches(timestamp: timestamp) }

    /// Transform events (trackpad pinch and rotation, wheel zoom) go to the recognizers of the
    /// view under the location that accept them.
    public func send(_ event: TransformEvent) { touchDispatcher.send(event, in: self) }

    /// Scrolling goes to the view under the pointer and up its responder chain.
    @discardableResult
    public func send(_ event: ScrollEvent) -> Bool { (hitTest(event.location) ?? self).scrollWheel(event) }

    package var touchesByIdentifier: [Int: Touch] { touchDispatcher.touchesByIdentifier }

    /// A view left the tree: a first responder in it resigns (it would otherwise still get
    /// keys), and its touches reach it no more.
    package func viewWasRemoved(_ view: View) {
        if let responder = firstResponder as? View, responder === view || responder.isDescendant(of: view) {
            responder.resignFirstResponder()
            if firstResponder === responder { firstResponder = nil }
        }
        touchDispatcher.viewWasRemoved(view)
    }

    // MARK: - Keys

    /// Delivers a key press from the first responder up the responder chain.
    @discardableResult
    public func send(_ key: KeyEvent) -> Bool {
        // A focused control that left the window (a closed panel) gives the keys back.
        if let view = firstResponder as? View, view.window !== self || view.isHidden { view.resignFirstResponder() }
        // A control a panel or dialog now covers does not keep the keys (Space would press it unseen).
        if let control = firstResponder as? Control, !isInActiveFocusScope(control) { control.resignFirstResponder() }
        let focused = firstResponder as? View
        if (firstResponder ?? presentedControllers.last ?? rootViewController ?? self).keyDown(key) { return true }
        // The window's own shortcuts, while no dialog is up (a dialog keeps its keys).
        if presentedControllers.isEmpty, let command = keyCommands.first(where: { $0.matches(key) }) {
            command.action()
            return true
        }
        // Tab and Shift+Tab nobody wanted move the keyboard focus (see Window+Focus).
        if key.key == .tab, key.modifiers.subtracting(.shift).isEmpty {
            return moveFocus(from: focused, backwards: key.modifiers.contains(.shift))
        }
        return false
    }
}

extension AffineTransform {
    /// Only a translation: pixel grids stay aligned.
    public var isTranslationOnly: Bool { a == 1 && b == 0 && c == 0 && d == 1 }
}
