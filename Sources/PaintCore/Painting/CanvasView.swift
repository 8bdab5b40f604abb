/// The drawing surface: turns touches into strokes through the current brush and shows the
/// artwork from its DrawingLayer, so a motion event costs only the few pixels it changes.
public final class CanvasView: View {
    public private(set) var document = Document()
    /// Items taken back by undo, most recent last; a new item clears them.
    public private(set) var redoItems: [Document.Item] = []
    public var brush: Brush = PencilBrush()
    public var strokeColor: Color = .black
    public var strokeWidth: Double = 4
    /// The colour under the drawing layer; the eraser reveals it.
    public var canvasBackground: Color = .white {
        didSet {
            drawing.background = canvasBackground
            setNeedsDisplay()
        }
    }
    /// Called after the document changes (a stroke ends, undo, clear).
    public var onDocumentChange: (() -> Void)?

    private var drawing = DrawingLayer(width: 0, height: 0)

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
    }

    public var isDrawing: Bool { drawing.activeStroke != nil }

    /// The background colour is opaque and covers every pixel.
    public override var isOpaque: Bool { canvasBackground.alpha >= 1 }

    // MARK: - Layout

    public override func layoutSubviews() {
        let scale = window?.scale ?? 1
        let width = Int((bounds.width * scale).rounded(.up)), height = Int((bounds.height * scale).rounded(.up))
        guard width != drawing.width || height != drawing.height || scale != drawing.scale else { return }
        drawing = DrawingLayer(width: width, height: height, scale: scale, background: canvasBackground)
        rebuildLayer()
    }

    // MARK: - Touches

    public override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let touch = touches.first, !isDrawing else { return }
        let stroke = brush.beginStroke(at: touch.location(in: self), color: strokeColor, width: strokeWidth)
        setNeedsDisplay(pointsRect(drawing.begin(stroke)))
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let touch = touches.first, isDrawing else { return }
        setNeedsDisplay(pointsRect(drawing.extend(to: touch.location(in: self))))
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let touch = touches.first, isDrawing else { return }
        setNeedsDisplay(pointsRect(drawing.extend(to: touch.location(in: self))))
        guard let (stroke, touched) = drawing.commit() else { return }
        document.append(.stroke(stroke))
        redoItems.removeAll()
        setNeedsDisplay(pointsRect(touched))
        onDocumentChange?()
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        setNeedsDisplay(pointsRect(drawing.cancel()))
    }

    /// Layer pixels to this view's points.
    private func pointsRect(_ pixels: PixelRect) -> Rect {
        let s = drawing.scale
        return Rect(x: Double(pixels.x0) / s, y: Double(pixels.y0) / s, width: Double(pixels.width) / s, height: Double(pixels.height) / s)
    }

    // MARK: - Commands

    /// Removes the last item (a stroke or a clear), or drops the stroke in progress.
    /// Returns whether there was anything to undo.
    @discardableResult
    public func undo() -> Bool {
        if isDrawing {
            setNeedsDisplay(pointsRect(drawing.cancel()))
            return true
        }
        guard let item = document.removeLast() else { return false }
        redoItems.append(item)
        rebuildLayer()
        onDocumentChange?()
        return true
    }

    /// Puts back the last undone item. Returns whether there was one.
    @discardableResult
    public func redo() -> Bool {
        guard !isDrawing, let item = redoItems.popLast() else { return false }
        document.append(item)
        rebuildLayer()
        onDocumentChange?()
        return true
    }

    /// Drops the stroke in progress (Escape).
    public func cancelStroke() {
        setNeedsDisplay(pointsRect(drawing.cancel()))
    }

    /// Clears the drawing (undoable). Returns false when there was nothing to clear.
    @discardableResult
    public func clear() -> Bool {
        guard !document.visibleItems.isEmpty else { return false }
        _ = drawing.cancel()
        document.append(.clear)
        redoItems.removeAll()
        drawing.clearLayer()
        setNeedsDisplay()
        onDocumentChange?()
        return true
    }

    /// Replaces the document, for example with one restored from disk.
    public func load(_ document: Document) {
        self.document = document
        redoItems.removeAll()
        rebuildLayer()
        onDocumentChange?()
    }

    private func rebuildLayer() {
        drawing.rebuild(from: document)
        setNeedsDisplay()
    }

    // MARK: - Drawing

    public override func draw(_ rect: Rect, in context: GraphicsContext) {
        let t = context.transform
        guard t.b == 0, t.c == 0, abs(t.a - drawing.scale) < 1e-9, abs(t.d - drawing.scale) < 1e-9 else {
            // Drawn rotated or at another scale (a snapshot of a transformed canvas): through the renderer.
            context.draw(Image(bitmap: renderArtwork()), in: bounds)
            return
        }
        let dx = Int(context.origin.x.rounded()), dy = Int(context.origin.y.rounded())
        let clip = context.clip
        let area = PixelRect(covering: AffineTransform(scaleX: drawing.scale, y: drawing.scale).apply(to: rect),
                             width: drawing.width, height: drawing.height)
            .intersection(PixelRect(x0: clip.x0 - dx, y0: clip.y0 - dy, x1: clip.x1 - dx, y1: clip.y1 - dy))
        drawing.compose(area, into: context.bitmap, atX: dx, y: dy)
    }

    /// The artwork as saved: background and drawing layer, without the stroke in progress.
    public func renderArtwork() -> Bitmap { drawing.renderArtwork() }
}
