/// The root of a view tree: owns the backbuffer the views draw into, collects dirty regions,
/// turns platform input into touches for hit-tested views and their gesture recognizers, and
/// hands keys to the first responder.
open class Window: View {
    public let application: Application
    public private(set) var backbuffer: Bitmap
    private var dirtyRegions: [PixelRect] = []
    /// The last frame's translucent layer, reused by the next frame of the same size: a fading
    /// photo at 4K would otherwise have 33 MB of fresh pages zeroed by the kernel every frame.
    /// Dropped after a frame that did not use it.
    private var spareLayer: Bitmap?
    private var spareLayerUsed = false
    /// While a region is drawn: the view whose opaque outline the views before it may leave out.
    private var occludingView: View?
    private static let maximumDirtyRegions = 16
    private let rasterizer = Rasterizer()

    // Touch and gesture state (see Window+Touches and Window+Gestures).
    package var touchesByIdentifier: [Int: Touch] = [:]
    package var currentEvent: TouchEvent?
    package var arenaRecognizers: [GestureRecognizer] = []
    package var queuedActions: [GestureRecognizer] = []
    package var transformRecognizers: [GestureRecognizer] = []
    /// Touches whose began or ended the view has not seen yet (delaysTouches...).
    package var heldTouches: [Touch] = []
    /// The last touch that was a tap, for the next touch's tapCount.
    package var lastTap: (location: Point, time: Double, count: Int)?

    /// The view under the pointer and its ancestors (see Window+Hover).
    package var hoveredViews: [View] = []
    /// Shows tooltips for the view under the resting pointer.
    package lazy var tooltips = TooltipPresenter(window: self)

    /// Watchers of pointer motion with no button held (the board's shake to undo).
    private var hoverObservers: [(Point, Double) -> Void] = []

    public func addHoverObserver(_ observer: @escaping (Point, Double) -> Void) { hoverObservers.append(observer) }

    /// Watchers of every pointer motion, a button held or not (the board's position readout).
    private var motionObservers: [(Point) -> Void] = []
    public func addMotionObserver(_ observer: @escaping (Point) -> Void) { motionObservers.append(observer) }
    /// Where the pointer last was in the window, hovering or dragging (nil: it left).
    public private(set) var pointerLocation: Point?

    package func pointerMoved(to location: Point) {
        pointerLocation = location
        for observer in motionObservers { observer(location) }
    }

    /// Told when a touch (a mouse press) begins anywhere in the window.
    package var pressObservers: [(Double) -> Void] = []
    public func addPressObserver(_ observer: @escaping (Double) -> Void) { pressObservers.append(observer) }

    /// The window's title (the platform shows it; `onTitleChange` tells it).
    public var title = "X11Paint" { didSet { if title != oldValue { onTitleChange?(title) } } }
    public var onTitleChange: ((String) -> Void)?

    /// The pointer shape for where the pointer is; the platform follows `onCursorChange`.
    public private(set) var cursor = PointerCursor.arrow
    public var onCursorChange: ((PointerCursor) -> Void)?
    /// Where the pointer hovers (nil: outside the window, or a button is held).
    public private(set) var hoverLocation: Point?
    private var leaveObservers: [() -> Void] = []
    public func addLeaveObserver(_ observer: @escaping () -> Void) { leaveObservers.append(observer) }

    public func pointerLeft() {
        hoverLocation = nil
        pointerLocation = nil
        updateHover(at: nil, over: nil)
        for observer in leaveObservers { observer() }
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
        for observer in hoverObservers { observer(location, timestamp) }
        pointerMoved(to: location)
    }

    /// The modifier keys held now, as the platform last reported them (UIEvent.modifierFlags).
    public var modifierFlags: KeyEvent.Modifiers = []
    /// Shortcuts answered when nothing on the responder chain took the key.
    public var keyCommands: [KeyCommand] = []

    /// Receives key events first; nil sends them to the root view controller.
    public internal(set) weak var firstResponder: Responder? {
        didSet {
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

    public init(size: Size, scale: Double = 1, application: Application = Application()) {
        self.application = application
        self.scale = scale
        backbuffer = Bitmap(width: Int((size.width * scale).rounded()), height: Int((size.height * scale).rounded()), color: .white)
        super.init(frame: Rect(origin: .zero, size: size))
        dirtyRegions = [backbuffer.bounds]
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

    private func makeBackbuffer(_ size: Size) -> Bitmap {
        let width = Int((size.width * scale).rounded()), height = Int((size.height * scale).rounded())
        return backbufferMaker?(width, height) ?? Bitmap(width: width, height: height, color: .white)
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
        let (occluders, outline) = opaqueContent()
        spareLayerUsed = false
        for region in regions {
            for piece in Self.split(region, by: occluders) { render(piece, outline: outline) }
        }
        if !spareLayerUsed { spareLayer = nil }
        return regions
    }

    /// `outline`: rows a view paints opaque; the views before it may leave them out.
    private func render(_ region: PixelRect, outline: (view: View, rows: OccludedRows)?) {
        let context = GraphicsContext(bitmap: backbuffer, clip: region, rasterizer: rasterizer)
        context.occludedRows = outline?.rows
        occludingView = outline?.view
        defer { occludingView = nil }
        context.scaleBy(x: scale, y: scale)
        let regionInPoints = Rect(x: Double(region.x0) / scale, y: Double(region.y0) / scale,
                                  width: Double(region.width) / scale, height: Double(region.height) / scale)
        // Start painting at the frontmost opaque view that covers the whole region.
        var hiddenBehind = frontmostOpaqueView(covering: regionInPoints)
        if hiddenBehind == nil { context.fill(regionInPoints, with: backgroundColor ?? .white) }
        for view in subviews { draw(view, in: context, skippingUntil: &hiddenBehind) }
        drawFocusRing(in: context)
    }

    /// A region cut so the part inside each opaque rectangle it overlaps is painted on its own
    /// (from that view up, nothing below) and the rest around it: a photo dragged over the
    /// canvas costs the canvas only the strip it uncovered, and a region reaching past the
    /// canvas into the bars is not first cleared to white under the whole canvas.
    package static func split(_ region: PixelRect, by occluders: [PixelRect]) -> [PixelRect] {
        occluders.reduce([region]) { pieces, occluder in pieces.flatMap { split($0, by: occluder) } }
    }

    private static func split(_ region: PixelRect, by occluder: PixelRect) -> [PixelRect] {
        let inside = occluder.intersection(region)
        if inside.isEmpty || inside == region { return [region] }
        let around = [
            PixelRect(x0: region.x0, y0: region.y0, x1: region.x1, y1: inside.y0),
            PixelRect(x0: region.x0, y0: inside.y1, x1: region.x1, y1: region.y1),
            PixelRect(x0: region.x0, y0: inside.y0, x1: inside.x0, y1: inside.y1),
            PixelRect(x0: inside.x1, y0: inside.y0, x1: region.x1, y1: inside.y1),
        ]
        return [inside] + around.filter { !$0.isEmpty }
    }

    /// What the views placed without rotation or scale say they paint opaque, in one walk of
    /// the tree (every frame, a motion event's too, asks): the whole device pixels inside their
    /// opaque rectangles, and the frontmost convex outline (a turned photo) with the rows of
    /// device pixels it covers within its own and its ancestors' clips.
    private func opaqueContent() -> (rects: [PixelRect], outline: (view: View, rows: OccludedRows)?) {
        var rects: [PixelRect] = []
        var outline: (view: View, rows: OccludedRows)?
        func wholePixels(_ r: Rect) -> PixelRect {
            PixelRect(x0: ceilToInt(r.minX * scale), y0: ceilToInt(r.minY * scale),
                      x1: floorToInt(r.maxX * scale), y1: floorToInt(r.maxY * scale)).intersection(backbuffer.bounds)
        }
        func visit(_ view: View, origin: Point, clip: Rect) {
            if view.isHidden || view.alpha < 1 || !view.transform.isIdentity { return }
            let frame = view.frame.offsetBy(dx: origin.x, dy: origin.y)
            let inner = Point(x: frame.minX - view.bounds.minX, y: frame.minY - view.bounds.minY)
            if let rect = view.opaqueContentRect, !rect.isEmpty {
                let pixels = wholePixels(rect.offsetBy(dx: inner.x, dy: inner.y))
                if !pixels.isEmpty { rects.append(pixels) }
            }
            if let corners = view.opaqueContentOutline {
                let points = corners.map { Point(x: ($0.x + inner.x) * scale, y: ($0.y + inner.y) * scale) }
                if let rows = OccludedRows(corners: points, within: wholePixels(clip.intersection(frame))) { outline = (view, rows) }
            }
            let inside = view.clipsToBounds ? clip.intersection(frame) : clip
            for subview in view.subviews { visit(subview, origin: inner, clip: inside) }
        }
        for view in subviews { visit(view, origin: .zero, clip: bounds) }
        return (rects, outline)
    }

    /// The last view in painting order that is opaque and contains `rect` (window coordinates),
    /// considering only views placed without rotation or scale.
    private func frontmostOpaqueView(covering rect: Rect) -> View? {
        var found: View?
        func visit(_ view: View, origin: Point) {
            if view.isHidden || view.alpha < 1 || !view.transform.isIdentity { return }
            let frame = view.frame.offsetBy(dx: origin.x, dy: origin.y)
            if !frame.intersects(rect) && view.clipsToBounds { return }
            let inner = Point(x: frame.minX - view.bounds.minX, y: frame.minY - view.bounds.minY)
            if let opaque = view.opaqueContentRect?.offsetBy(dx: inner.x, dy: inner.y), opaque.minX <= rect.minX,
               opaque.minY <= rect.minY, opaque.maxX >= rect.maxX, opaque.maxY >= rect.maxY {
                found = view
            }
            for subview in view.subviews { visit(subview, origin: inner) }
        }
        for view in subviews { visit(view, origin: .zero) }
        return found
    }

    /// Paints a view and its subviews in order; views before `occluder` are hidden by it and
    /// only traversed. Translucent views are drawn into a layer first and blended once.
    private func draw(_ view: View, in context: GraphicsContext, skippingUntil occluder: inout View?) {
        if view.isHidden || view.alpha <= 0.01 { return }
        if occluder === view { occluder = nil }
        if occludingView === view { context.occludedRows = nil }
        context.save()
        defer { context.restore() }
        context.concatenate(view.transformToSuperview)
        if (view.clipsToBounds || view.subviews.isEmpty) && context.deviceRect(for: view.bounds).intersection(context.clip).isEmpty {
            return
        }
        if view.alpha < 1 && occluder == nil {
            drawTranslucent(view, in: context)
            return
        }
        drawContentAndSubviews(view, in: context, skippingUntil: &occluder)
    }

    private func drawContentAndSubviews(_ view: View, in context: GraphicsContext, skippingUntil occluder: inout View?) {
        if view.clipsToBounds { context.clip(to: view.bounds) }
        if occluder == nil {
            let dirty = dirtyRect(in: view, context: context)
            if !dirty.isEmpty {
                context.save()
                context.clip(to: view.bounds)
                if let background = view.backgroundColor { context.fill(view.bounds, with: background) }
                view.draw(dirty, in: context)
                context.restore()
            }
        }
        for subview in view.subviews { draw(subview, in: context, skippingUntil: &occluder) }
    }

    /// The part of the context's clip inside the view, in the view's coordinates.
    private func dirtyRect(in view: View, context: GraphicsContext) -> Rect {
        let clip = context.clip
        guard let inverse = context.transform.inverted() else { return .zero }
        return inverse.apply(to: clip.rect).intersection(view.bounds)
    }

    private func drawTranslucent(_ view: View, in context: GraphicsContext) {
        // The layer covers only what the view and its subviews can touch, not the whole region.
        let extent = view.clipsToBounds ? context.deviceRect(for: view.bounds)
            : deviceExtent(of: view, transform: context.transform)
        let area = extent.intersection(context.clip)
        if area.isEmpty { return }
        let layer = takeLayer(width: area.width, height: area.height)
        defer { spareLayer = layer }
        let layerContext = GraphicsContext(bitmap: layer, rasterizer: rasterizer)
        layerContext.concatenate(context.transform.concatenating(AffineTransform(translationX: -Double(area.x0), y: -Double(area.y0))))
        var noOccluder: View?
        drawContentAndSubviews(view, in: layerContext, skippingUntil: &noOccluder)
        context.save()
        context.concatenate(context.transform.inverted() ?? .identity)
        context.globalAlpha = view.alpha
        context.draw(Image(bitmap: layer), in: area.rect)
        context.restore()
    }

    /// A clear layer of this size: the spare one when it fits (a layer inside a layer gets its own).
    private func takeLayer(width: Int, height: Int) -> Bitmap {
        spareLayerUsed = true
        guard let spare = spareLayer, spare.width == width, spare.height == height else { return Bitmap(width: width, height: height) }
        spareLayer = nil
        spare.fill(with: 0)
        return spare
    }

    /// The device pixels a view and its unclipped descendants may paint, given the transform
    /// that maps the view's coordinates to the device.
    private func deviceExtent(of view: View, transform: AffineTransform) -> PixelRect {
        var extent = PixelRect(covering: transform.apply(to: view.bounds), width: backbuffer.width, height: backbuffer.height)
        if view.clipsToBounds { return extent }
        for subview in view.subviews where !subview.isHidden {
            extent = extent.union(deviceExtent(of: subview, transform: subview.transformToSuperview.concatenating(transform)))
        }
        return extent
    }

    /// Renders a view and its subviews into a new bitmap of its bounds' size, in its own
    /// coordinates (UIKit's renderInContext screenshot).
    public func snapshot(of view: View) -> Bitmap {
        let image = Bitmap(width: Int((view.bounds.width * scale).rounded(.up)), height: Int((view.bounds.height * scale).rounded(.up)))
        let context = GraphicsContext(bitmap: image, rasterizer: rasterizer)
        context.scaleBy(x: scale, y: scale)
        context.translateBy(x: -view.bounds.minX, y: -view.bounds.minY)
        var noOccluder: View?
        drawContentAndSubviews(view, in: context, skippingUntil: &noOccluder)
        return image
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
