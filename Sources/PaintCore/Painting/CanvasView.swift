/// The drawing surface: turns touches into strokes and figures through the current brush and
/// shows the artwork from its DrawingLayer, so a motion event costs only the pixels it changes.
public final class CanvasView: View {
    public private(set) var document = Document()
    /// Items taken back by undo, most recent last; a new item clears them.
    public private(set) var redoItems: [Document.Item] = []
    public var brush: Brush = PencilBrush()
    public var strokeColor: Color = .black
    public var strokeWidth: Double = 4 {
        didSet { invalidateBrushOutline(at: brushOutlineCenter, width: max(oldValue, strokeWidth)) }
    }
    /// Called after the document changes (a stroke ends, undo, clear, background).
    public var onDocumentChange: (() -> Void)?
    /// What changed in the document, for the recovery journal.
    public enum Edit {
        case appended(Document.Item)
        case undone
        case redone
    }
    public var onEdit: ((Edit) -> Void)?
    /// Called when a drag starts drawing and when it has finished (full-screen drawing hides the bars).
    public var onDrawingBegan: (() -> Void)?
    public var onDrawingEnded: (() -> Void)?

    private var drawing = DrawingLayer(width: 0, height: 0)
    /// A figure being dragged out: shown, not yet in the document.
    private var shapeStart: Point?
    public private(set) var previewShape: Shape?

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
    }

    public var isDrawing: Bool { drawing.activeStroke != nil || shapeStart != nil }

    /// The freehand stroke being drawn, as far as it has got.
    public var strokeInProgress: Stroke? { drawing.activeStroke }

    /// The background in force (the last background item, white before any).
    public var canvasBackground: Background { document.background }
    /// A background shown but not yet in the document: a settings panel previews its choice
    /// live and the whole visit becomes one undoable change (`settleBackgroundPreview`).
    public private(set) var backgroundPreview: Background?

    /// Drawing is exact: a thin cross at the pointer, with the brush's outline drawn around it.
    public override var pointerCursor: PointerCursor? { .crosshair }

    /// Where the brush's outline is shown (nil: hidden): the pointer over the canvas, as GIMP,
    /// Krita and Pinta show the brush at its real size before and while drawing.
    public var brushOutlineCenter: Point? {
        didSet {
            guard brushOutlineCenter != oldValue else { return }
            invalidateBrushOutline(at: oldValue)
            invalidateBrushOutline(at: brushOutlineCenter)
        }
    }

    /// The outline's circle for the current width, around `brushOutlineCenter`.
    public var brushOutlineRect: Rect? {
        guard let center = brushOutlineCenter else { return nil }
        let diameter = max(1, strokeWidth)
        return Rect(x: center.x - diameter / 2, y: center.y - diameter / 2, width: diameter, height: diameter)
    }

    private func invalidateBrushOutline(at center: Point?, width: Double? = nil) {
        guard let center else { return }
        let reach = max(1, width ?? strokeWidth) / 2 + 3
        setNeedsDisplay(Rect(x: center.x - reach, y: center.y - reach, width: 2 * reach, height: 2 * reach))
    }

    /// The canvas paints every pixel opaquely (its backgrounds are opaque).
    public override var isOpaque: Bool { true }

    // MARK: - Layout

    public override func layoutSubviews() {
        let scale = window?.scale ?? 1
        let width = Int((bounds.width * scale).rounded(.up)), height = Int((bounds.height * scale).rounded(.up))
        guard width != drawing.width || height != drawing.height || scale != drawing.scale else { return }
        // The stroke being drawn goes on in the new layer: a resize never drops it.
        let inProgress = drawing.activeStroke
        drawing = DrawingLayer(width: width, height: height, scale: scale)
        rebuildLayer()
        if let inProgress { _ = drawing.begin(inProgress) }
    }

    // MARK: - Touches

    public override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let touch = touches.first, !isDrawing else { return }
        settleBackgroundPreview()
        let point = touch.location(in: self)
        brushOutlineCenter = point
        if brush.isFreehand {
            setNeedsDisplay(pointsRect(drawing.begin(brush.beginStroke(at: point, color: strokeColor, width: strokeWidth))))
        } else {
            shapeStart = point
            updatePreview(to: point)
        }
        onDrawingBegan?()
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let touch = touches.first, isDrawing else { return }
        let point = touch.location(in: self)
        brushOutlineCenter = point
        if shapeStart != nil {
            updatePreview(to: point)
        } else {
            setNeedsDisplay(pointsRect(drawing.extend(to: point)))
        }
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let touch = touches.first, isDrawing else { return }
        touchesMoved([touch], with: event)
        if shapeStart != nil {
            let shape = previewShape
            endPreview()
            if let shape, !shape.path.bounds.isEmpty || shape.path.bounds.width > 0 || shape.path.bounds.height > 0 {
                commit(.shape(shape))
            }
        } else if let stroke = drawing.commit() {
            // The screen already shows exactly these pixels (the same blend, now in the layer):
            // nothing to compose again, however large the stroke.
            let item = Document.Item.stroke(stroke)
            document.append(item)
            redoItems.removeAll()
            drawing.didCommit(item, itemCount: document.items.count)
            onEdit?(.appended(item))
            onDocumentChange?()
        }
        onDrawingEnded?()
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        cancelStroke()
    }

    private func updatePreview(to point: Point) {
        guard let start = shapeStart else { return }
        invalidatePreview()
        let constrained = window?.modifierFlags.contains(.shift) ?? false
        previewShape = brush.shape(from: start, to: point, constrained: constrained, color: strokeColor, width: strokeWidth)
        invalidatePreview()
    }

    private func endPreview() {
        invalidatePreview()
        previewShape = nil
        shapeStart = nil
    }

    private func invalidatePreview() {
        guard let shape = previewShape else { return }
        // Miter joins can reach a few widths out; be generous.
        let reach = shape.style.width * max(2, shape.style.miterLimit / 2) + 2
        setNeedsDisplay(shape.path.bounds.insetBy(dx: -reach, dy: -reach))
    }

    /// Layer pixels to this view's points.
    private func pointsRect(_ pixels: PixelRect) -> Rect {
        let s = drawing.scale
        return Rect(x: Double(pixels.x0) / s, y: Double(pixels.y0) / s, width: Double(pixels.width) / s, height: Double(pixels.height) / s)
    }

    // MARK: - Commands

    /// Adds an item to the document (clearing the redo tail) and shows it.
    public func commit(_ item: Document.Item) {
        settleBackgroundPreview()
        append(item)
    }

    private func append(_ item: Document.Item) {
        document.append(item)
        redoItems.removeAll()
        drawing.append(item, itemCount: document.items.count)
        setNeedsDisplay()
        onEdit?(.appended(item))
        onDocumentChange?()
    }

    /// Removes the last item (a stroke or a clear), or drops the stroke in progress.
    /// Returns whether there was anything to undo.
    @discardableResult
    public func undo() -> Bool {
        if isDrawing {
            cancelStroke()
            return true
        }
        settleBackgroundPreview()
        guard let item = document.removeLast() else { return false }
        redoItems.append(item)
        rebuildLayer()
        onEdit?(.undone)
        onDocumentChange?()
        return true
    }

    /// Puts back the last undone item. Returns whether there was one.
    @discardableResult
    public func redo() -> Bool {
        guard !isDrawing else { return false }
        settleBackgroundPreview()
        guard let item = redoItems.popLast() else { return false }
        document.append(item)
        rebuildLayer()
        onEdit?(.redone)
        onDocumentChange?()
        return true
    }

    /// Drops the stroke or figure in progress (Escape).
    public func cancelStroke() {
        guard isDrawing else { return }
        endPreview()
        setNeedsDisplay(pointsRect(drawing.cancel()))
        onDrawingEnded?()
    }

    /// Clears the drawing (undoable). Returns false when there was nothing to clear.
    @discardableResult
    public func clear() -> Bool {
        guard document.hasVisibleDrawing else { return false }
        cancelStroke()
        commit(.clear)
        return true
    }

    /// Changes the background (undoable); the drawing layer is untouched.
    public func setBackground(_ background: Background) {
        settleBackgroundPreview()
        guard background != canvasBackground else { return }
        append(.background(background))
    }

    /// Shows `background` at once without changing the document (a slider being dragged).
    public func previewBackground(_ background: Background) {
        backgroundPreview = background
        drawing.showBackground(background)
        setNeedsDisplay()
    }

    /// Makes the previewed background one undoable change (nothing when it is the one the
    /// document has already). Every other change to the document settles it first.
    public func settleBackgroundPreview() {
        guard let preview = backgroundPreview else { return }
        backgroundPreview = nil
        if preview != document.background {
            append(.background(preview))
        } else {
            drawing.showBackground(preview)
            setNeedsDisplay()
        }
    }

    /// Replaces the document, for example with one restored from disk, with its redo items.
    public func load(_ document: Document, redo: [Document.Item] = []) {
        backgroundPreview = nil
        self.document = document
        redoItems = redo
        rebuildLayer()
        onDocumentChange?()
    }

    private func rebuildLayer() {
        drawing.rebuild(from: document)
        if let backgroundPreview { drawing.showBackground(backgroundPreview) }
        setNeedsDisplay()
    }

    /// How many layer snapshots the history keeps (for tests and diagnostics).
    public var checkpointCount: Int { drawing.checkpointCount }

    // MARK: - Drawing

    public override func draw(_ rect: Rect, in context: GraphicsContext) {
        let t = context.transform
        if t.b == 0, t.c == 0, abs(t.a - drawing.scale) < 1e-9, abs(t.d - drawing.scale) < 1e-9 {
            let dx = Int(context.origin.x.rounded()), dy = Int(context.origin.y.rounded())
            let clip = context.clip
            let area = PixelRect(covering: AffineTransform(scaleX: drawing.scale, y: drawing.scale).apply(to: rect),
                                 width: drawing.width, height: drawing.height)
                .intersection(PixelRect(x0: clip.x0 - dx, y0: clip.y0 - dy, x1: clip.x1 - dx, y1: clip.y1 - dy))
            drawing.compose(area, into: context.bitmap, atX: dx, y: dy)
        } else {
            // Drawn rotated or at another scale (a snapshot of a transformed canvas): through the renderer.
            context.draw(Image(bitmap: renderArtwork()), in: bounds)
        }
        if let shape = previewShape {
            context.save()
            context.strokeColor = shape.color
            context.lineStyle = shape.style
            context.stroke(shape.path)
            context.restore()
        }
        drawBrushOutline(in: context)
    }

    /// A dark ring inside a light one, one device pixel each, so it shows on any colour.
    private func drawBrushOutline(in context: GraphicsContext) {
        guard let circle = brushOutlineRect, circle.width >= 3 else { return }
        let pixel = 1 / drawing.scale
        context.save()
        context.lineWidth = pixel
        context.strokeColor = Color(r: 255, g: 255, b: 255, a: 200)
        context.stroke(.ellipse(in: circle.insetBy(dx: -pixel * 1.5, dy: -pixel * 1.5)))
        context.strokeColor = Color(r: 0, g: 0, b: 0, a: 200)
        context.stroke(.ellipse(in: circle.insetBy(dx: -pixel / 2, dy: -pixel / 2)))
        context.restore()
    }

    /// The artwork as saved: background and drawing layer, without anything in progress.
    public func renderArtwork() -> Bitmap { drawing.renderArtwork() }

    /// The same, rendered later on any thread (for a save in the background).
    public func artworkSnapshot() -> @Sendable () -> Bitmap { drawing.artworkSnapshot() }
}
