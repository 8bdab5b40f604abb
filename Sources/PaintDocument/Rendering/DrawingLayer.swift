/// The artwork as pixels: committed items in a layer bitmap over a background, and the stroke
/// in progress in a coverage mask. Extending a stroke and showing it cost only the pixels the
/// new segment touches, whatever the size of the document. The freehand fast path.
public final class DrawingLayer {
    public private(set) var layer: Bitmap
    public var background: Color {
        didSet {
            backgroundPixel = background.premultipliedPixel
            if let stroke = activeStroke { activePaint = makeActivePaint(for: stroke) }
        }
    }
    /// The background as a pixel, converted once rather than for every composed event.
    private var backgroundPixel: UInt32
    /// A background picture scaled to fill the layer (nil: the background colour).
    public private(set) var backgroundImage: Bitmap?
    private let checkpoints = LayerCheckpoints()
    private var underlayCache: (asset: ImageAsset, underlay: StrokeRenderer.Underlay)?
    public private(set) var activeStroke: Stroke?
    private var activeMask: CoverageMask
    private var scratch: CoverageMask
    private var activePaint: CanvasCompositor.ActiveStroke?
    private let renderer: StrokeRenderer
    /// Layer pixels per stroke unit: strokes stay in points, the layer is in device pixels.
    public var scale: Double { renderer.scale }

    public init(width: Int, height: Int, scale: Double = 1, background: Color = .white) {
        renderer = StrokeRenderer(scale: scale)
        layer = Bitmap(width: width, height: height)
        activeMask = CoverageMask(width: width, height: height)
        scratch = CoverageMask(width: width, height: height)
        self.background = background
        backgroundPixel = background.premultipliedPixel
    }

    public var width: Int { layer.width }
    public var height: Int { layer.height }

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

    /// Paints the stroke in progress into the layer and returns it (nil when none). Composing
    /// gives the same pixels before and after: the stroke in progress is shown with the very
    /// blend that commits it, so nothing needs showing again.
    public func commit() -> Stroke? {
        guard let stroke = activeStroke else { return nil }
        MaskCompositor.apply(activeMask, color: stroke.color, mode: stroke.blendMode, in: activeMask.touched, to: layer)
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

    /// Rebuilds the layer (and background) for a document, from the nearest checkpoint:
    /// at most a checkpoint interval of items is replayed after an undo or redo.
    public func rebuild(from document: Document) {
        let count = document.items.count
        var start = 0
        if let checkpoint = checkpoints.best(atOrBefore: count, in: document) {
            layer.copy(checkpoint.pixels.bounds, from: checkpoint.pixels, toX: 0, y: 0)
            start = checkpoint.itemCount
        } else {
            layer.fill(with: 0)
        }
        for index in start..<count {
            renderer.apply(document.items[index], onto: layer, scratch: scratch) { self.underlay(for: document.background(after: index)) }
            if checkpoints.wantsCheckpoint(at: index + 1) {
                checkpoints.store(layer, itemCount: index + 1, lastItem: document.items[index])
            }
        }
        setBackground(document.background)
    }

    /// Applies an item appended to the document (the layer already shows the ones before).
    public func append(_ item: Document.Item, itemCount: Int) {
        checkpoints.discard(beyond: itemCount - 1)
        renderer.apply(item, onto: layer, scratch: scratch) { StrokeRenderer.Underlay(pixel: self.backgroundPixel, image: self.backgroundImage) }
        if case .background(let background) = item { setBackground(background) }
        if checkpoints.wantsCheckpoint(at: itemCount) { checkpoints.store(layer, itemCount: itemCount, lastItem: item) }
    }

    /// Records a stroke committed with `commit()` (already on the layer).
    public func didCommit(_ item: Document.Item, itemCount: Int) {
        checkpoints.discard(beyond: itemCount - 1)
        if checkpoints.wantsCheckpoint(at: itemCount) { checkpoints.store(layer, itemCount: itemCount, lastItem: item) }
    }

    /// How many layer snapshots the history keeps now.
    public var checkpointCount: Int { checkpoints.checkpoints.count }

    /// Shows `background` under the layer without a document item (a settings panel's preview).
    public func showBackground(_ background: Background) { setBackground(background) }

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
    }

    /// A background as a fill reads it; the last picture drawn is kept for the next ask.
    private func underlay(for background: Background) -> StrokeRenderer.Underlay {
        if case .image(let asset) = background {
            if let cached = underlayCache, cached.asset == asset { return cached.underlay }
            let underlay = StrokeRenderer.Underlay(background, width: layer.width, height: layer.height)
            underlayCache = (asset, underlay)
            return underlay
        }
        return StrokeRenderer.Underlay(background, width: layer.width, height: layer.height)
    }

    // MARK: - Showing

    /// Composes background, layer and stroke in progress for `area` (layer pixels) into
    /// `target`, with the layer's origin at (dx, dy) in the target.
    /// Target pixels in `occluded` rows are left alone (a photo in front covers them).
    public func compose(_ area: PixelRect, into target: Bitmap, atX dx: Int, y dy: Int, skipping occluded: OccludedRows? = nil) {
        CanvasCompositor.compose(background: backgroundPixel, backgroundImage: backgroundImage, layer: layer,
                                 active: activePaint, area: area, into: target, atX: dx, y: dy, skipping: occluded)
    }

    /// The document's pixels in `area` as the user sees them (the background under the
    /// drawing), outside the document transparent: what the eyedropper reads and its loupe shows.
    public func renderArtwork(in area: PixelRect) -> Bitmap {
        let image = Bitmap(width: area.width, height: area.height)
        CanvasCompositor.compose(background: backgroundPixel, backgroundImage: backgroundImage, layer: layer,
                                 active: nil, area: area, into: image, atX: -area.x0, y: -area.y0)
        return image
    }

    /// The artwork as saved: background and layer, without the stroke in progress.
    public func renderArtwork() -> Bitmap {
        let image = Bitmap(width: layer.width, height: layer.height)
        CanvasCompositor.compose(background: backgroundPixel, backgroundImage: backgroundImage, layer: layer,
                                 active: nil, area: layer.bounds, into: image, atX: 0, y: 0)
        return image
    }

    /// A renderer of the artwork as it is now that runs on any thread: the layer is copied (one
    /// memcpy, about a millisecond at 1920x1080) so drawing can go on while a save composes and
    /// encodes; the background picture is never changed in place, only replaced.
    public func artworkSnapshot() -> @Sendable () -> Bitmap {
        let layerCopy = layer.cropped(to: layer.bounds)
        let background = SendableArtwork(pixel: backgroundPixel, image: backgroundImage, layer: layerCopy)
        return {
            let image = Bitmap(width: background.layer.width, height: background.layer.height)
            CanvasCompositor.compose(background: background.pixel, backgroundImage: background.image, layer: background.layer,
                                     active: nil, area: background.layer.bounds, into: image, atX: 0, y: 0)
            return image
        }
    }

    /// What a snapshot holds: bitmaps no one else changes any more.
    private struct SendableArtwork: @unchecked Sendable {
        package let pixel: UInt32
        package let image: Bitmap?
        package let layer: Bitmap
    }

    private func makeActivePaint(for stroke: Stroke) -> CanvasCompositor.ActiveStroke {
        CanvasCompositor.ActiveStroke(mask: activeMask, color: stroke.color, mode: stroke.blendMode,
                                      background: backgroundPixel)
    }
}
