/// The root of a view tree: owns the backbuffer the views draw into, collects dirty regions,
/// and turns platform input into touches delivered to hit-tested views.
open class Window: View {
    public private(set) var backbuffer: Bitmap
    private var dirtyRegions: [PixelRect] = []
    private var touchesByIdentifier: [Int: Touch] = [:]
    private var currentEvent: TouchEvent?
    /// Receives key events first; nil sends them to the root view controller.
    public weak var firstResponder: Responder?
    private static let maximumDirtyRegions = 16

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

    public init(size: Size) {
        backbuffer = Bitmap(width: Int(size.width), height: Int(size.height), color: .white)
        super.init(frame: Rect(origin: .zero, size: size))
        dirtyRegions = [backbuffer.bounds]
    }

    open override func layoutSubviews() {
        rootViewController?.view.frame = bounds
    }

    /// Reallocates the backbuffer for a new size and lays everything out again.
    public func resize(to size: Size) {
        guard size != frame.size else { return }
        frame = Rect(origin: .zero, size: size)
        backbuffer = Bitmap(width: Int(size.width), height: Int(size.height), color: .white)
        dirtyRegions = [backbuffer.bounds]
    }

    // MARK: - Dirty regions and rendering

    /// Marks a rectangle in window coordinates for redrawing.
    func invalidate(_ rect: Rect) {
        var region = PixelRect(covering: rect, width: backbuffer.width, height: backbuffer.height)
        if region.isEmpty { return }
        // Merge with every overlapping region so the list stays disjoint-ish and short.
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

    public var needsDisplay: Bool { !dirtyRegions.isEmpty || needsLayout }

    /// Lays out what needs it, redraws the dirty regions into the backbuffer and returns them.
    @discardableResult
    public func render() -> [PixelRect] {
        layoutIfNeeded()
        let regions = dirtyRegions
        dirtyRegions = []
        for region in regions {
            let context = GraphicsContext(bitmap: backbuffer, clip: region, rasterizer: rasterizer)
            // Start painting at the frontmost opaque view that covers the whole region.
            var hiddenBehind = frontmostOpaqueView(covering: region.rect)
            if hiddenBehind == nil { context.fill(region.rect, with: backgroundColor ?? .white) }
            for view in subviews { draw(view, in: context, skippingUntil: &hiddenBehind) }
        }
        return regions
    }

    private let rasterizer = Rasterizer()

    /// The last view in painting order that is opaque and contains `rect` (window coordinates).
    private func frontmostOpaqueView(covering rect: Rect) -> View? {
        var found: View?
        func visit(_ view: View, origin: Point) {
            if view.isHidden || view.alpha < 1 { return }
            let frame = view.frame.offsetBy(dx: origin.x, dy: origin.y)
            if !frame.intersects(rect) { return }
            if view.isOpaque && frame.minX <= rect.minX && frame.minY <= rect.minY
                && frame.maxX >= rect.maxX && frame.maxY >= rect.maxY {
                found = view
            }
            let inner = Point(x: frame.minX - view.bounds.minX, y: frame.minY - view.bounds.minY)
            for subview in view.subviews { visit(subview, origin: inner) }
        }
        for view in subviews { visit(view, origin: .zero) }
        return found
    }

    /// Paints a view and its subviews in order; views before `occluder` are hidden by it and
    /// only traversed.
    private func draw(_ view: View, in context: GraphicsContext, skippingUntil occluder: inout View?) {
        if view.isHidden || view.alpha <= 0.01 { return }
        if occluder === view { occluder = nil }
        let visible = context.deviceRect(for: view.frame).intersection(context.clip)
        if visible.isEmpty && occluder == nil && view.subviews.isEmpty { return }
        context.save()
        context.translateBy(x: view.frame.minX - view.bounds.minX, y: view.frame.minY - view.bounds.minY)
        if occluder == nil {
            let clip = context.clip, origin = context.origin
            let dirtyInView = Rect(x: Double(clip.x0) - origin.x, y: Double(clip.y0) - origin.y,
                                   width: Double(clip.width), height: Double(clip.height)).intersection(view.bounds)
            if !dirtyInView.isEmpty {
                context.save()
                context.clip(to: view.bounds)
                if let background = view.backgroundColor { context.fill(view.bounds, with: background) }
                view.draw(dirtyInView, in: context)
                context.restore()
            }
        }
        for subview in view.subviews { draw(subview, in: context, skippingUntil: &occluder) }
        context.restore()
    }

    /// Renders a view and its subviews into a new bitmap of its size (renderInContext).
    public func snapshot(of view: View) -> Bitmap {
        let image = Bitmap(width: Int(view.bounds.width.rounded(.up)), height: Int(view.bounds.height.rounded(.up)))
        let context = GraphicsContext(bitmap: image, rasterizer: rasterizer)
        context.translateBy(x: -view.frame.minX, y: -view.frame.minY)
        var noOccluder: View?
        draw(view, in: context, skippingUntil: &noOccluder)
        return image
    }

    // MARK: - Touches

    /// Delivers platform touch input: began touches are hit-tested, then each view receives
    /// its touches in one call per phase.
    public func send(_ inputs: [TouchInput]) {
        var byPhase: [Touch.Phase: [Touch]] = [:]
        for input in inputs {
            let touch: Touch
            if input.phase == .began {
                if touchesByIdentifier[input.identifier] != nil { continue }
                touch = Touch(identifier: input.identifier, location: input.location, timestamp: input.timestamp)
                touch.window = self
                touch.view = hitTest(input.location)
                if let view = touch.view, !view.isMultipleTouchEnabled,
                   touchesByIdentifier.values.contains(where: { $0.view === view }) {
                    continue // a single-touch view gets only its first touch
                }
                touchesByIdentifier[input.identifier] = touch
            } else {
                guard let existing = touchesByIdentifier[input.identifier] else { continue }
                touch = existing
                touch.previousLocationInWindow = touch.locationInWindow
                touch.locationInWindow = input.location
                touch.phase = input.phase
                touch.timestamp = input.timestamp
            }
            byPhase[input.phase, default: []].append(touch)
        }
        guard let timestamp = inputs.last?.timestamp, !byPhase.isEmpty else { return }
        let event = currentEvent ?? TouchEvent(timestamp: timestamp, touches: [])
        currentEvent = event
        event.timestamp = timestamp
        event.allTouches = Set(touchesByIdentifier.values)
        for phase in [Touch.Phase.began, .moved, .stationary, .ended, .cancelled] {
            guard let touches = byPhase[phase] else { continue }
            for (view, group) in groupByView(touches) {
                switch phase {
                case .began: view.touchesBegan(group, with: event)
                case .moved, .stationary: view.touchesMoved(group, with: event)
                case .ended: view.touchesEnded(group, with: event)
                case .cancelled: view.touchesCancelled(group, with: event)
                }
            }
            if phase == .ended || phase == .cancelled {
                for touch in touches { touchesByIdentifier[touch.identifier] = nil }
            }
        }
        if touchesByIdentifier.isEmpty { currentEvent = nil }
    }

    private func groupByView(_ touches: [Touch]) -> [(View, Set<Touch>)] {
        var groups: [(View, Set<Touch>)] = []
        for touch in touches {
            guard let view = touch.view else { continue }
            if let index = groups.firstIndex(where: { $0.0 === view }) {
                groups[index].1.insert(touch)
            } else {
                groups.append((view, [touch]))
            }
        }
        return groups
    }

    /// Cancels every active touch (for example when the window loses the pointer grab).
    public func cancelAllTouches(timestamp: Double) {
        let inputs = touchesByIdentifier.values.map {
            TouchInput(identifier: $0.identifier, phase: .cancelled, location: $0.locationInWindow, timestamp: timestamp)
        }
        send(inputs)
    }

    // MARK: - Keys

    /// Delivers a key press from the first responder up the responder chain.
    @discardableResult
    public func send(_ key: KeyEvent) -> Bool {
        (firstResponder ?? rootViewController ?? self).keyDown(key)
    }
}
