import PaintGraphics

/// A MyPaint brush stroke while it is being drawn: libmypaint's dabs go straight onto the
/// current layer's own pixels, each event adding only its own, and the pixels of every tile a
/// dab reaches are kept as they were the first time (16 KiB a tile), so a cancelled stroke puts
/// them back. Copying the whole layer at the press instead cost 19 ms at 1080p, and the motions
/// queued behind it. Finishing gives the stroke and the layer as it leaves it, which the
/// document takes as the layer (a replay draws the same pixels).
public final class LiveBrushStroke {
    public private(set) var stroke: BrushStroke
    private let layer: Bitmap
    private var engine: BrushStrokeDrawing?

    /// Nil when libmypaint is missing or cannot read the brush.
    public init?(_ stroke: BrushStroke, on drawing: DrawingLayer) {
        guard let layer = drawing.stack.pixels(of: drawing.currentLayerID),
              let engine = BrushStrokeDrawing(stroke, on: layer, scale: drawing.scale, keepingOriginals: true) else { return nil }
        self.stroke = stroke
        self.layer = layer
        self.engine = engine
    }

    deinit { end() }

    /// Draws the next event; the layer pixels to show again.
    public func add(_ event: BrushEvent) -> PixelRect {
        guard let engine else { return .empty }
        stroke.events.append(event)
        return engine.draw(event)
    }

    /// The stroke and the layer as it leaves it, to commit (`DocumentContent.append(painted:)`).
    public func finish() -> (stroke: BrushStroke, painted: Bitmap) {
        engine = nil
        return (stroke, layer)
    }

    /// Drops the stroke: the layer's pixels as they were before it; returns the pixels to show
    /// again, all that the stroke had changed.
    @discardableResult
    public func end() -> PixelRect {
        guard let engine else { return .empty }
        self.engine = nil
        return engine.restore()
    }
}
