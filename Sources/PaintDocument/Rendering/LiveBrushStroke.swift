import PaintGraphics

/// A MyPaint brush stroke while it is being drawn: libmypaint's dabs go straight onto the
/// current layer's own pixels, each event adding only its own, and the pixels of every tile a
/// dab reaches are kept as they were the first time (16 KiB a tile), so a cancelled stroke puts
/// them back. Copying the whole layer at the press instead cost 19 ms at 1080p, and the motions
/// queued behind it. A change the document makes meanwhile (another participant's item) finds
/// the layer without the stroke, which is then drawn again over it. Finishing gives the stroke
/// and the layer as it leaves it, which the document takes as the layer (a replay draws the
/// same pixels).
public final class LiveBrushStroke: StrokeOnLayer {
    public private(set) var stroke: BrushStroke
    private let stack: LayerPixelStack
    private let layerID: Int
    private let scale: Double
    private var layer: Bitmap
    private var engine: BrushStrokeDrawing?
    /// Whether the stroke is still being drawn (not finished or dropped).
    private var isLive = true

    /// Nil when libmypaint is missing or cannot read the brush.
    public init?(_ stroke: BrushStroke, on drawing: DrawingLayer) {
        guard let layer = drawing.stack.pixels(of: drawing.currentLayerID),
              let engine = BrushStrokeDrawing(stroke, on: layer, scale: drawing.scale, keepingOriginals: true) else { return nil }
        self.stroke = stroke
        stack = drawing.stack
        layerID = drawing.currentLayerID
        scale = drawing.scale
        self.layer = layer
        self.engine = engine
        stack.strokeOnLayer = self
    }

    deinit { end() }

    /// Draws the next event; the layer pixels to show again.
    public func add(_ event: BrushEvent) -> PixelRect {
        guard isLive else { return .empty }
        stroke.events.append(event)
        return engine?.draw(event) ?? .empty
    }

    /// The stroke and the layer as it leaves it, to commit (`DocumentContent.append(painted:)`);
    /// nil pixels when the layer went meanwhile (the document then draws the stroke itself).
    public func finish() -> (stroke: BrushStroke, painted: Bitmap?) {
        let painted = engine != nil ? layer : nil
        stop()
        return (stroke, painted)
    }

    /// Drops the stroke: the layer's pixels as they were before it; returns the pixels to show
    /// again, all that the stroke had changed.
    @discardableResult
    public func end() -> PixelRect {
        guard isLive else { return .empty }
        let restored = engine?.restore() ?? .empty
        stop()
        return restored
    }

    private func stop() {
        isLive = false
        engine = nil
        if stack.strokeOnLayer === self { stack.strokeOnLayer = nil }
    }

    package func setAside() {
        engine?.restore()
        engine = nil
    }

    package func showAgain(on stack: LayerPixelStack) {
        guard isLive, let layer = stack.pixels(of: layerID),
              let engine = BrushStrokeDrawing(stroke, on: layer, scale: scale, keepingOriginals: true) else { return }
        for event in stroke.events { engine.draw(event) }
        self.layer = layer
        self.engine = engine
    }
}
