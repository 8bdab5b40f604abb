import PaintGraphics

/// A MyPaint brush stroke while it is being drawn: libmypaint's dabs go into a copy of the
/// current layer that is shown in the layer's place, each event adding only its own dabs (the
/// copy is made once, at the press). Finishing it gives the stroke and the copy as the stroke
/// leaves the layer, which the document takes as the layer (a replay draws the same pixels).
public final class LiveBrushStroke {
    public private(set) var stroke: BrushStroke
    private let drawing: DrawingLayer
    private let layerID: Int
    private var engine: BrushStrokeDrawing?
    private let shown: Bitmap

    /// Nil when libmypaint is missing or cannot read the brush.
    public init?(_ stroke: BrushStroke, on drawing: DrawingLayer) {
        var shown: Bitmap?
        drawing.stack.previewPixels(of: drawing.currentLayerID) { shown = $0 }
        guard let shown, let engine = BrushStrokeDrawing(stroke, on: shown, scale: drawing.scale) else {
            drawing.stack.previewPixels(of: drawing.currentLayerID, nil)
            return nil
        }
        self.stroke = stroke
        self.drawing = drawing
        self.engine = engine
        self.shown = shown
        layerID = drawing.currentLayerID
        drawing.invalidateBelow()
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
        end()
        return (stroke, shown)
    }

    /// Stops showing the stroke (the layer's own pixels are shown again); returns the pixels to
    /// show again, all that the stroke had changed.
    @discardableResult
    public func end() -> PixelRect {
        guard engine != nil else { return .empty }
        engine = nil
        drawing.stack.previewPixels(of: layerID, nil)
        drawing.invalidateBelow()
        return PixelRect(x0: 0, y0: 0, x1: drawing.width, y1: drawing.height)
    }
}
