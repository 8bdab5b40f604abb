/// The artwork as pixels: committed items in the layers' bitmaps over a background, and the
/// stroke in progress in a coverage mask over the current layer. Extending a stroke and showing
/// it cost only the pixels the new segment touches, whatever the size of the document or the
/// number of layers. The freehand fast path.
public final class DrawingLayer {
    /// The layers' pixels and shape.
    package let stack: LayerPixelStack
    /// The layer painting goes to (the document's first layer until layers are made).
    public internal(set) var currentLayerID = 0
    /// The current layer's pixels (kept at hand: every motion event composes them).
    public internal(set) var layer: Bitmap
    /// The pixels of a document that is one plain layer (shown by the single-layer path), else
    /// nil; kept at hand for the same reason.
    var plainLayer: Bitmap?
    /// Otherwise the current layer and the layers above it as the screen composes them.
    var layersShown: (current: StackCompositor.Current, above: [LayerCompositor.Layer<Bitmap>])?
    public var background: Color {
        didSet {
            backgroundPixel = background.premultipliedPixel
            if let stroke = activeStroke { activePaint = makeActivePaint(for: stroke) }
            invalidateBelow()
        }
    }
    /// The background as a pixel, converted once rather than for every composed event.
    package internal(set) var backgroundPixel: UInt32
    /// A background picture scaled to fill the layer (nil: the background colour).
    public private(set) var backgroundImage: Bitmap?
    private let checkpoints = LayerCheckpoints()
    private let underlays = UnderlayCache()
    public private(set) var activeStroke: Stroke?
    package private(set) var activeMask: CoverageMask
    var scratch: CoverageMask
    var activePaint: CanvasCompositor.ActiveStroke?
    let renderer: StrokeRenderer
    /// The background and the visible layers under the current one, composed, when there are
    /// layers (nil: to be composed again before it is shown).
    var belowCache: Bitmap?
    /// Layer pixels per stroke unit: strokes stay in points, the layer is in device pixels.
    public var scale: Double { renderer.scale }

    public init(width: Int, height: Int, scale: Double = 1, background: Color = .white) {
        renderer = StrokeRenderer(scale: scale)
        stack = LayerPixelStack(width: width, height: height)
        layer = stack.layers[0].pixels
        plainLayer = layer
        activeMask = CoverageMask(zeroedWidth: width, height: height)
        scratch = CoverageMask(zeroedWidth: width, height: height)
        self.background = background
        backgroundPixel = background.premultipliedPixel
        stack.onShownPixelsReplaced = { [unowned self] in invalidateBelow() }
    }

    public var width: Int { stack.width }
    public var height: Int { stack.height }
    /// The layers' shape (ids, names, properties), bottom first.
    public var layers: LayerList { stack.list }

    // MARK: - The stroke in progress

    /// Starts a stroke; returns the pixels to show again.
    public func begin(_ stroke: Stroke) -> PixelRect {
        activeStroke = stroke
        activePaint = makeActivePaint(for: stroke)
        activeMask.clear()
        var touched = PixelRect.empty
        for index in stroke.points.indices {
            touched = touched.union(renderer.addSegment(of: stroke, endingAt: index, to: activeMask))
        }
        return touched
    }

    /// Adds a point to the stroke in progress; returns the pixels to show again.
    public func extend(to point: Point, width: Double? = nil, opacity: Double? = nil) -> PixelRect {
        // Append in place (copying the stroke out would copy every point on every event), in
        // one access: each access to a class's property is checked for exclusivity at run
        // time, and six of them per event cost the freehand segment a fifth of its time.
        guard let index = activeStroke?.append(point, width: width, opacity: opacity) else { return .empty }
        return renderer.addSegment(of: activeStroke!, endingAt: index, to: activeMask)
    }

    /// Paints the stroke in progress into the current layer and returns it (nil when none).
    /// Composing gives the same pixels before and after: the stroke in progress is shown with
    /// the very blend that commits it, so nothing needs showing again.
    public func commit() -> Stroke? {
        guard let stroke = activeStroke else { return nil }
        MaskCompositor.apply(activeMask, color: stroke.color, mode: stroke.blendMode, in: activeMask.touched, to: layer)
        stack.touch(currentLayerID)
        activeMask.clear()
        activeStroke = nil
        activePaint = nil
        return stroke
    }

    /// Drops the stroke in progress; returns the pixels to show again.
    public func cancel() -> PixelRect {
        guard activeStroke != nil else { return .empty }
        let touched = activeMask.touched
        activeMask.clear()
        activeStroke = nil
        activePaint = nil
        return touched
    }

    // MARK: - Committed artwork

    /// Rebuilds the layers (and background) for a document, from the nearest checkpoint:
    /// at most a checkpoint interval of items is replayed after an undo or redo.
    public func rebuild(from document: Document) { stack.changingDocument { rebuildLayers(from: document) } }

    private func rebuildLayers(from document: Document) {
        let count = document.items.count
        var start = 0
        if let checkpoint = checkpoints.best(atOrBefore: count, in: document), stack.restore(checkpoint.layers, dense: currentLayerID) {
            start = checkpoint.itemCount
        } else {
            // A history with quarter turns starts at the document's other size.
            stack.reset(width: document.initialFormat?.pixelWidth ?? width, height: document.initialFormat?.pixelHeight ?? height)
        }
        // Strokes are drawn through masks of the layers' size, which the start may have changed.
        fitMasksToStack()
        for index in start..<count {
            apply(document.items[index]) { self.underlay(for: document.background(after: index)) }
            if checkpoints.wantsCheckpoint(at: index + 1) && checkpoints.survives(index + 1, replayingTo: count) {
                checkpoints.store(stack, itemCount: index + 1, lastItem: document.items[index])
            }
        }
        fitMasksToStack()
        setBackground(document.background)
        stack.makeDense(only: currentLayerID)
        invalidateBelow()
    }

    /// The masks at the stack's size again (after a quarter turn), or `anew`: holding no memory.
    private func fitMasksToStack(anew: Bool = false) {
        guard anew || activeMask.width != width || activeMask.height != height else { return }
        activeMask = CoverageMask(zeroedWidth: width, height: height)
        scratch = CoverageMask(zeroedWidth: width, height: height)
        activeStroke = nil
        activePaint = nil
    }

    /// Gives back the pages the masks were drawn through and every history snapshot but the
    /// latest (a document behind another tab: an undo there still starts from a snapshot).
    public func releaseMemoryWhileHidden() {
        if activeStroke == nil { fitMasksToStack(anew: true) }
        checkpoints.keepLatest()
    }

    /// Applies an item appended to the document (the layers already show the ones before).
    /// `painted` / `made`: its layer, or every layer, as it leaves them, worked beside the UI thread.
    public func append(_ item: Document.Item, itemCount: Int, painted: Bitmap? = nil, made: [Bitmap]? = nil) {
        stack.changingDocument { place(item, itemCount: itemCount, painted: painted, made: made) }
    }

    private func place(_ item: Document.Item, itemCount: Int, painted: Bitmap?, made: [Bitmap]?) {
        if let made, let first = made.first, made.count == stack.layers.count {
            var layers = made.makeIterator()
            reshape { stack.replaceEveryLayer(width: first.width, height: first.height) { _ in layers.next()! } }
        } else if let painted {
            paste(painted, for: item)
        } else {
            apply(item) { StrokeRenderer.Underlay(pixel: self.backgroundPixel, image: self.backgroundImage) }
        }
        if case .background(let background) = item { setBackground(background) }
        checkpoints.recorded(item, itemCount: itemCount, stack: stack)
    }

    /// Every layer made anew, maybe at another size: the masks follow, the current layer stays dense.
    private func reshape(_ change: () -> Void) {
        change()
        fitMasksToStack()
        stack.makeDense(only: currentLayerID)
        invalidateBelow()
    }

    /// The pixels an item left on the layer it names, copied in unless drawn there (MyPaint's).
    private func paste(_ painted: Bitmap, for item: Document.Item) {
        let id = if case .onLayer(let layerID, _) = item { layerID } else { 0 }
        guard let pixels = stack.pixels(of: id), pixels.width == painted.width, pixels.height == painted.height else { return }
        if id != currentLayerID { invalidateBelow() }
        stack.touch(id)
        if painted !== pixels { pixels.copy(pixels.bounds, from: painted, toX: 0, y: 0) }
    }

    /// One item onto the layer it names; `background`: what shows under the layers there.
    private func apply(_ item: Document.Item, background: () -> StrokeRenderer.Underlay) {
        switch item {
        case .layer(let change):
            stack.apply(change, background: background)
            stack.makeDense(only: currentLayerID)
            invalidateBelow()
        case .background: break // the background lives under the layers
        case .turnImage(let turn): reshape { stack.turnAll(turn) }
        case .canvasSize(let change): reshape { stack.resizeCanvas(change) }
        case .resizeImage(let resize): reshape { stack.replaceEveryLayer(width: resize.width, height: resize.height) { resize.resample($0) } }
        case .rotateImage(let rotation): reshape { stack.replaceEveryLayer(width: rotation.size.width, height: rotation.size.height) { rotation.turn($0) } }
        case .onLayer(let id, let item):
            guard let pixels = stack.pixels(of: id) else { return } // a damaged journal's: nothing to paint on
            if id != currentLayerID { invalidateBelow() }
            stack.touch(id)
            renderer.apply(item, onto: pixels, scratch: scratch) { self.stack.fillUnderlay(for: item, on: id, background: background) }
        default:
            guard let pixels = stack.pixels(of: 0) else { return }
            if currentLayerID != 0 { invalidateBelow() }
            stack.touch(0)
            renderer.apply(item, onto: pixels, scratch: scratch) { self.stack.fillUnderlay(for: item, on: 0, background: background) }
        }
    }

    /// Records a stroke committed with `commit()` (already on the layer).
    public func didCommit(_ item: Document.Item, itemCount: Int) { checkpoints.recorded(item, itemCount: itemCount, stack: stack) }

    /// Another document is shown, or the history changed after `itemCount` items: those
    /// snapshots are not its (a checkpoint is matched by its place and last item alone).
    public func forgetCheckpoints(beyond itemCount: Int = 0) { checkpoints.discard(beyond: itemCount) }

    /// How many layer snapshots the history keeps now.
    public var checkpointCount: Int { checkpoints.checkpoints.count }

    /// Shows `background` under the layers without a document item (a settings panel's preview).
    public func showBackground(_ background: Background) { setBackground(background) }

    /// Shows a layer with other properties without a document item (its dialog's live preview).
    public func previewProperties(_ properties: LayerProperties?, of id: Int) {
        stack.preview(properties, of: id)
        invalidateBelow()
    }

    private func setBackground(_ newBackground: Background) {
        switch newBackground {
        case .color(let color):
            backgroundImage = nil
            background = color
        case .image:
            // Scaled to fill (cropped, not tiled), drawn once at the layer's size.
            backgroundImage = underlay(for: newBackground).image
            background = .white
        }
        if let stroke = activeStroke { activePaint = makeActivePaint(for: stroke) }
        invalidateBelow()
    }

    private func underlay(for background: Background) -> StrokeRenderer.Underlay {
        underlays.underlay(for: background, width: width, height: height)
    }

    func makeActivePaint(for stroke: Stroke) -> CanvasCompositor.ActiveStroke {
        CanvasCompositor.ActiveStroke(mask: activeMask, color: stroke.color, mode: stroke.blendMode,
                                      background: backgroundPixel)
    }
}
