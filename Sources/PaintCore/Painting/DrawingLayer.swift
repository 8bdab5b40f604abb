/// The artwork as pixels: committed items in a layer bitmap over a background, and the stroke
/// in progress in a coverage mask. Extending a stroke and showing it cost only the pixels the
/// new segment touches, whatever the size of the document. The freehand fast path.
public final class DrawingLayer {
    public private(set) var layer: Bitmap
    public var background: Color {
        didSet { if let stroke = activeStroke { activePaint = makeActivePaint(for: stroke) } }
    }
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
    public func extend(to point: Point) -> PixelRect {
        guard activeStroke != nil, point != activeStroke!.points.last else { return .empty }
        // Append in place: copying the stroke out would copy every point on every event.
        activeStroke!.points.append(point)
        return renderer.addSegment(of: activeStroke!, endingAt: activeStroke!.points.count - 1, to: activeMask)
    }

    /// Paints the stroke in progress into the layer and returns it (nil when none).
    public func commit() -> (Stroke, PixelRect)? {
        guard let stroke = activeStroke else { return nil }
        let touched = activeMask.touched
        MaskCompositor.apply(activeMask, color: stroke.color, mode: stroke.blendMode, in: touched, to: layer)
        activeMask.clear()
        activeStroke = nil
        activePaint = nil
        return (stroke, touched)
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

    /// Rebuilds the layer from a document's visible items.
    public func rebuild(from document: Document) {
        renderer.replay(document, onto: layer, scratch: scratch)
    }

    public func clearLayer() { layer.fill(with: 0) }

    // MARK: - Showing

    /// Composes background, layer and stroke in progress for `area` (layer pixels) into
    /// `target`, with the layer's origin at (dx, dy) in the target.
    public func compose(_ area: PixelRect, into target: Bitmap, atX dx: Int, y dy: Int) {
        CanvasCompositor.compose(background: background.premultipliedPixel, layer: layer, active: activePaint,
                                 area: area, into: target, atX: dx, y: dy)
    }

    /// The artwork as saved: background and layer, without the stroke in progress.
    public func renderArtwork() -> Bitmap {
        let image = Bitmap(width: layer.width, height: layer.height)
        CanvasCompositor.compose(background: background.premultipliedPixel, layer: layer, active: nil,
                                 area: layer.bounds, into: image, atX: 0, y: 0)
        return image
    }

    private func makeActivePaint(for stroke: Stroke) -> CanvasCompositor.ActiveStroke {
        CanvasCompositor.ActiveStroke(mask: activeMask, color: stroke.color, mode: stroke.blendMode,
                                      background: background.premultipliedPixel)
    }
}
