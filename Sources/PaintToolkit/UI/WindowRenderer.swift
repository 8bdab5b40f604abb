/// Paints a window's views into its backbuffer, region by region: from the frontmost opaque
/// view that covers a region up (the views behind it only traversed), the rows an opaque
/// outline covers left out below it, translucent views through a reused layer.
final class WindowRenderer {
    /// The last frame's translucent layer, reused by the next frame of the same size: a fading
    /// photo at 4K would otherwise have 33 MB of fresh pages zeroed by the kernel every frame.
    /// Dropped after a frame that did not use it.
    private var spareLayer: Bitmap?
    private var spareLayerUsed = false
    /// While a region is drawn: the view whose opaque outline the views before it may leave out.
    private var occludingView: View?
    private let rasterizer = Rasterizer()
    /// The context the last region was drawn through, for the next one on the same backbuffer:
    /// a new context, and its stack of saved states grown from nothing, each region were 7% of
    /// a motion event's render (measured).
    private var spareContext: GraphicsContext?
    /// The backbuffer's size in device pixels for the frame being drawn.
    private var deviceWidth = 0, deviceHeight = 0

    // The window comes in as a parameter, never a stored reference: each use of a stored
    // unowned reference is a checked retain and a release (0.8 µs a motion event, measured when
    // windows still had side tables).

    /// Redraws `regions` (device pixels) into the backbuffer.
    func render(_ regions: [PixelRect], in window: Window) {
        (deviceWidth, deviceHeight) = (window.backbuffer.width, window.backbuffer.height)
        let (opaque, outline) = opaqueContent(in: window)
        // The view with an opaque outline is not cut out of regions: what lies below it leaves out
        // the outline's rows itself, and a piece of its own would have every view above it, and
        // the view itself, drawn again along its edge (five times a drag frame).
        let occluders = opaque.filter { $0.view !== outline?.view }.map(\.pixels)
        spareLayerUsed = false
        for region in regions {
            for piece in Self.split(region, by: occluders) {
                // Painting starts at the frontmost opaque view whose shown part covers the piece.
                let hiddenBehind = opaque.last { $0.shown.intersection(piece) == piece }?.view
                render(piece, outline: outline, startingAt: hiddenBehind, in: window)
            }
        }
        if !spareLayerUsed { spareLayer = nil }
    }

    /// `outline`: rows a view paints opaque; the views before it may leave them out.
    private func render(_ region: PixelRect, outline: (view: View, rows: OccludedRows)?, startingAt frontmostOpaque: View?, in window: Window) {
        // Taken while in use, so that a render from inside a view's drawing gets its own.
        let context: GraphicsContext
        if let spare = spareContext, spare.bitmap === window.backbuffer {
            context = spare
            context.reset(clip: region)
        } else {
            context = GraphicsContext(bitmap: window.backbuffer, clip: region, rasterizer: rasterizer)
        }
        spareContext = nil
        defer { spareContext = context }
        context.occludedRows = outline?.rows
        occludingView = outline?.view
        defer { occludingView = nil }
        context.scaleBy(x: window.scale, y: window.scale)
        var hiddenBehind = frontmostOpaque
        if hiddenBehind == nil {
            let regionInPoints = Rect(x: Double(region.x0) / window.scale, y: Double(region.y0) / window.scale,
                                      width: Double(region.width) / window.scale, height: Double(region.height) / window.scale)
            context.fill(regionInPoints, with: window.backgroundColor ?? .white)
        }
        for view in window.subviews { draw(view, in: context, skippingUntil: &hiddenBehind) }
        window.drawFocusRing(in: context)
    }

    /// A region cut so the part inside each opaque rectangle it overlaps is painted on its own
    /// (from that view up, nothing below) and the rest around it: a photo dragged over the
    /// canvas costs the canvas only the strip it uncovered, and a region reaching past the
    /// canvas into the bars is not first cleared to white under the whole canvas.
    static func split(_ region: PixelRect, by occluders: [PixelRect]) -> [PixelRect] {
        // Most regions (a stroke's, inside the canvas) lie inside or outside every occluder:
        // no pieces to make (the arrays of pieces were a tenth of a motion event's render).
        let cuts = occluders.contains { occluder in
            let inside = occluder.intersection(region)
            return !inside.isEmpty && inside != region
        }
        guard cuts else { return [region] }
        return occluders.reduce([region]) { pieces, occluder in pieces.flatMap { split($0, by: occluder) } }
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

    /// A view that paints a rectangle opaque: its whole device pixels there, and those of them
    /// its ancestors' clips leave shown.
    private struct OpaqueArea {
        let view: View
        let pixels: PixelRect
        let shown: PixelRect
    }

    /// What the views placed without rotation or window.scale say they paint opaque, in one walk of
    /// the tree (every frame, a motion event's too, asks), in painting order: the whole device
    /// pixels inside their opaque rectangles, and the frontmost convex outline (a turned photo)
    /// with the rows of device pixels it covers within its own and its ancestors' clips. (A
    /// second walk per region found the frontmost opaque view; the areas answer that now.)
    private func opaqueContent(in window: Window) -> (areas: [OpaqueArea], outline: (view: View, rows: OccludedRows)?) {
        var areas: [OpaqueArea] = []
        var outline: (view: View, rows: OccludedRows)?
        func wholePixels(_ r: Rect) -> PixelRect {
            PixelRect(x0: ceilToInt(r.minX * window.scale), y0: ceilToInt(r.minY * window.scale),
                      x1: floorToInt(r.maxX * window.scale), y1: floorToInt(r.maxY * window.scale)).intersection(window.backbuffer.bounds)
        }
        func visit(_ view: View, origin: Point, clip: Rect) {
            if view.isHidden || view.alpha < 1 || !view.transform.isIdentity { return }
            let frame = view.frame.offsetBy(dx: origin.x, dy: origin.y)
            let inner = Point(x: frame.minX - view.bounds.minX, y: frame.minY - view.bounds.minY)
            if let rect = view.opaqueContentRect, !rect.isEmpty {
                let pixels = wholePixels(rect.offsetBy(dx: inner.x, dy: inner.y))
                if !pixels.isEmpty { areas.append(OpaqueArea(view: view, pixels: pixels, shown: pixels.intersection(wholePixels(clip)))) }
            }
            if let corners = view.opaqueContentOutline {
                let points = corners.map { Point(x: ($0.x + inner.x) * window.scale, y: ($0.y + inner.y) * window.scale) }
                if let rows = OccludedRows(corners: points, within: wholePixels(clip.intersection(frame))) { outline = (view, rows) }
            }
            let inside = view.clipsToBounds ? clip.intersection(frame) : clip
            for subview in view.subviews { visit(subview, origin: inner, clip: inside) }
        }
        for view in window.subviews { visit(view, origin: .zero, clip: window.bounds) }
        return (areas, outline)
    }

    /// Paints a view and its window.subviews in order; views before `occluder` are hidden by it and
    /// only traversed. Translucent views are drawn into a layer first and blended once.
    private func draw(_ view: View, in context: GraphicsContext, skippingUntil occluder: inout View?) {
        if view.isHidden || view.alpha <= 0.01 { return }
        if occluder === view { occluder = nil }
        if occludingView === view { context.occludedRows = nil }
        // A view (and what it clips) outside the region is passed over before the context's
        // state is saved: most of a window's views, on most frames (a motion event's frame
        // saved and restored the state for every button of the bars).
        let toSuperview = view.transformToSuperview
        if view.clipsToBounds || view.subviews.isEmpty {
            let device = PixelRect(covering: toSuperview.concatenating(context.transform).apply(to: view.bounds),
                                   width: context.bitmap.width, height: context.bitmap.height)
            if device.intersection(context.clip).isEmpty { return }
        }
        let geometry = context.geometry
        defer { context.geometry = geometry }
        context.concatenate(toSuperview)
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
        // The layer covers only what the view and its window.subviews can touch, not the whole region.
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
        var extent = PixelRect(covering: transform.apply(to: view.bounds), width: deviceWidth, height: deviceHeight)
        if view.clipsToBounds { return extent }
        for subview in view.subviews where !subview.isHidden {
            extent = extent.union(deviceExtent(of: subview, transform: subview.transformToSuperview.concatenating(transform)))
        }
        return extent
    }

    /// A view and its window.subviews in a new bitmap of its bounds' size, in its own coordinates.
    func snapshot(of view: View, in window: Window) -> Bitmap {
        (deviceWidth, deviceHeight) = (window.backbuffer.width, window.backbuffer.height)
        let image = Bitmap(width: Int((view.bounds.width * window.scale).rounded(.up)), height: Int((view.bounds.height * window.scale).rounded(.up)))
        let context = GraphicsContext(bitmap: image, rasterizer: rasterizer)
        context.scaleBy(x: window.scale, y: window.scale)
        context.translateBy(x: -view.bounds.minX, y: -view.bounds.minY)
        var noOccluder: View?
        drawContentAndSubviews(view, in: context, skippingUntil: &noOccluder)
        return image
    }
}
