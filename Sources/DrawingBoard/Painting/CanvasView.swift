/// The drawing surface: shows the document (its own size, whatever the window) through a
/// viewport that zooms and scrolls, turns touches into strokes and figures in document units
/// through the current brush, and shows the artwork from its DrawingLayer, so a motion event
/// costs only the pixels it changes at any zoom.
public final class CanvasView: View {
    public private(set) var document = Document()
    /// Items taken back by undo, most recent last; a new item clears them.
    public private(set) var redoItems: [Document.Item] = []
    public var brush: Brush = PencilBrush() {
        didSet { commitText() }
    }
    public var strokeColor: Color = .black {
        didSet { updateTextBox() }
    }
    /// The text tool's size in document units (the bottom bar's slider while it is chosen).
    public var textSize = 24.0 {
        didSet { updateTextBox() }
    }
    /// The text tool's box while words are typed (see CanvasView+Text).
    var textEditing: TextEditingView?
    /// What is selected: a rectangle on whole document pixels, or a lasso (see CanvasView+Selection).
    public internal(set) var selectionArea: SelectionArea?
    var selectionDrag: SelectionDrag?
    var antsTimer: Scheduler.Timer?
    var antsPhase = 0.0
    /// Told when the selection changes; when a press inside it starts moving its pixels, and
    /// how far the pointer has moved them since (view points).
    public var onSelectionChange: (() -> Void)?
    public var onLiftSelection: (() -> Void)?
    public var onDragLifted: ((Point) -> Void)?
    /// Told the colour taken by the eyedropper (or Alt+click).
    public var onColorPicked: ((Color) -> Void)?
    /// The eyedropper's magnifier while a colour is being picked (see CanvasView+Eyedropper).
    var loupe: LoupeView?
    /// A press with a drawing tool that may become the eyedropper if it rests (see CanvasView+Eyedropper).
    var longPressTimer: Scheduler.Timer?
    var longPressStart: Point?
    /// How closed figures are drawn: outlined, filled, or both (the fill then in the background's colour).
    public var shapeFill = ShapeFill.outline
    /// Pressure curve, steadying and speed taper for freehand strokes (see CanvasView+Freehand).
    public var penSettings = PenSettings()
    var freehand: FreehandState?
    /// How alike colours must be for the fill bucket to spread over them (0...1; Pinta's 50%).
    public var fillTolerance = 0.5
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

    var drawing = DrawingLayer(width: 0, height: 0)
    /// The document's place in the view: zoom and scroll (see CanvasView+Viewport).
    public internal(set) var viewport = ZoomViewport()
    /// Told when the zoom or scroll changes (the bottom bar shows the zoom).
    public var onViewportChange: (() -> Void)?
    /// The view's origin in the window at the last layout: when the view moves (full screen),
    /// the document stays where it was on screen.
    private var lastWindowOrigin: Point?
    /// Document pixels composed before they are scaled to the screen (kept between frames).
    var zoomScratch: Bitmap?
    /// The composed document at 1/2, 1/4, ... for showing it zoomed out.
    let reducedCache = ReducedArtworkCache()
    /// The zoom when the pinch in progress began, and where its fingers were last.
    var pinchStartScale = 1.0
    var pinchLastLocation: Point?

    lazy var zoomPinch: PinchGestureRecognizer = {
        let pinch = PinchGestureRecognizer()
        pinch.addTarget { [unowned self] in self.pinchChanged($0 as! PinchGestureRecognizer) }
        return pinch
    }()
    /// A figure being dragged out: shown, not yet in the document.
    private var shapeStart: Point?
    public private(set) var previewShape: Shape?

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        // Two fingers (or the mouse's simulated two) zoom and scroll the document.
        isMultipleTouchEnabled = true
        addGestureRecognizer(zoomPinch)
        // The text box and the loupe over a zoomed document never spill onto the bars.
        clipsToBounds = true
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
        let diameter = max(1, strokeWidth * viewport.scale)
        return Rect(x: center.x - diameter / 2, y: center.y - diameter / 2, width: diameter, height: diameter)
    }

    private func invalidateBrushOutline(at center: Point?, width: Double? = nil) {
        guard let center else { return }
        let reach = max(1, (width ?? strokeWidth) * viewport.scale) / 2 + 3
        setNeedsDisplay(Rect(x: center.x - reach, y: center.y - reach, width: 2 * reach, height: 2 * reach))
    }

    /// The canvas paints every pixel opaquely (its backgrounds are opaque).
    public override var isOpaque: Bool { true }

    // MARK: - Layout

    public override func layoutSubviews() {
        let scale = window?.scale ?? 1
        // The first layout fixes the document's size: the canvas area, as the app starts.
        if document.format == nil { document.format = .covering(bounds.size, scale: scale) }
        let format = document.format!
        if format.pixelWidth != drawing.width || format.pixelHeight != drawing.height || format.pixelScale != drawing.scale {
            // The stroke being drawn goes on in the new layer: nothing drops it.
            let inProgress = drawing.activeStroke
            drawing = DrawingLayer(width: format.pixelWidth, height: format.pixelHeight, scale: format.pixelScale)
            rebuildLayer()
            if let inProgress { _ = drawing.begin(inProgress) }
            viewport.contentSize = format.size
        }
        // A resize or full screen never moves the document on screen or changes a pixel of it.
        viewport.viewSize = bounds.size
        let windowOrigin = window == nil ? nil : convert(Point.zero, to: nil)
        if let windowOrigin, let last = lastWindowOrigin, windowOrigin != last {
            viewport.shiftContent(by: Point(x: last.x - windowOrigin.x, y: last.y - windowOrigin.y))
        }
        lastWindowOrigin = windowOrigin
        updateZoomLimits()
        updateTextBox()
        setNeedsDisplay()
    }

    // MARK: - Touches

    /// Where a touch is on the document, in its units.
    func documentPoint(_ touch: Touch) -> Point { viewport.contentPoint(touch.location(in: self)) }

    public override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        // Two fingers landing together zoom; they never draw.
        guard let touch = touches.first, !isDrawing, event.touches(for: self).count == 1 else { return }
        settleBackgroundPreview()
        // The stroke itself shows the brush while drawing; redrawing an outline on every motion
        // event would cost more than the stroke (75 µs of 85 per event at 1080p).
        brushOutlineCenter = nil
        let point = documentPoint(touch)
        // A pen's eraser end erases, whatever tool is chosen: the press goes to the eraser.
        let tool: Brush = touch.isEraser ? EraserBrush() : brush
        if beginPickingIfAsked(by: tool, at: touch.location(in: self)) { return }
        if tool.selectsRegion {
            beginSelectionDrag(at: touch.location(in: self))
            return
        }
        if tool.placesText || isEditingText {
            // A click elsewhere commits the box being typed in; with the text tool it opens
            // another there (Pinta's habit).
            if tool.placesText { beginText(at: point) } else { commitText() }
            return
        }
        if tool.fillsRegion {
            // A click fills at once, as one undoable item, replayed against what lies below it.
            commit(.fill(Fill(seed: point, color: strokeColor, tolerance: fillTolerance)))
            return
        }
        if tool.isFreehand {
            beginFreehand(touch, with: tool, at: point)
        } else {
            shapeStart = point
            updatePreview(to: point)
        }
        armLongPress(at: touch.location(in: self))
        onDrawingBegan?()
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        if let touch = touches.first, isPickingColor { return movePicking(to: touch.location(in: self)) }
        if let touch = touches.first, selectionDrag != nil { return moveSelectionDrag(to: touch.location(in: self)) }
        guard let touch = touches.first, isDrawing else { return }
        pointerMovedDuringPress(to: touch.location(in: self))
        let point = documentPoint(touch)
        if shapeStart != nil {
            updatePreview(to: point)
        } else {
            extendFreehand(touch, to: point)
        }
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        if let touch = touches.first, isPickingColor {
            if let color = endPicking(at: touch.location(in: self)) { onColorPicked?(color) }
            return
        }
        if let touch = touches.first, selectionDrag != nil { return endSelectionDrag(at: touch.location(in: self)) }
        longPressTimer?.cancel()
        longPressTimer = nil
        guard let touch = touches.first, isDrawing else { return }
        touchesMoved([touch], with: event)
        if shapeStart == nil { finishFreehand(touch, at: documentPoint(touch)) }
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
        brushOutlineCenter = touch.location(in: self)
        onDrawingEnded?()
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        selectionDrag = nil
        cancelPicking()
        cancelStroke()
    }

    /// The wheel scrolls the document (Shift+wheel sideways; Ctrl+wheel zooms through the pinch).
    public override func scrollWheel(_ event: ScrollEvent) -> Bool {
        scroll(by: event.delta)
        return true
    }

    private func updatePreview(to point: Point) {
        guard let start = shapeStart else { return }
        invalidatePreview()
        let constrained = window?.modifierFlags.contains(.shift) ?? false
        previewShape = brush.shape(from: start, to: point, constrained: constrained, color: strokeColor, width: strokeWidth)
            .map { brush.drawsClosedFigures ? filled($0) : $0 }
        invalidatePreview()
    }

    /// A closed figure as the fill setting wants it; the preview is exactly what is committed.
    private func filled(_ shape: Shape) -> Shape {
        var shape = shape
        switch shapeFill {
        case .outline: break
        case .fill:
            shape.fill = shape.color
            shape.isOutlined = false
        case .outlineAndFill:
            if case .color(let background) = canvasBackground { shape.fill = background } else { shape.fill = .white }
        }
        return shape
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
        setNeedsDisplay(viewport.viewRect(shape.path.bounds.insetBy(dx: -reach, dy: -reach)).insetBy(dx: -1, dy: -1))
    }

    /// The document's pixels in `pixels` changed: shown again, and the zoomed-out copies know.
    func pixelsChanged(_ pixels: PixelRect) {
        guard !pixels.isEmpty else { return }
        reducedCache.invalidate(pixels)
        setNeedsDisplay(pointsRect(pixels))
    }

    /// Document pixels to this view's points (through the zoom and scroll), a point wider for
    /// the rounding of a scaled view.
    func pointsRect(_ pixels: PixelRect) -> Rect {
        guard !pixels.isEmpty else { return .zero }
        let s = drawing.scale
        let units = Rect(x: Double(pixels.x0) / s, y: Double(pixels.y0) / s, width: Double(pixels.width) / s, height: Double(pixels.height) / s)
        let view = viewport.viewRect(units)
        return abs(viewport.scale - 1) < 1e-9 ? view : view.insetBy(dx: -1, dy: -1)
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
        reducedCache.invalidateAll()
        setNeedsDisplay()
        onEdit?(.appended(item))
        onDocumentChange?()
    }

    /// Removes the last item (a stroke or a clear), or drops the stroke in progress.
    /// Returns whether there was anything to undo.
    @discardableResult
    public func undo() -> Bool {
        if isEditingText {
            // The box's own Ctrl+Z took back the typing; with nothing typed, the box goes.
            cancelText()
            return true
        }
        if isDrawing {
            cancelStroke()
            return true
        }
        settleBackgroundPreview()
        // The history starts at the document as it was opened.
        guard document.items.count > (document.format?.historyStart ?? 0), let item = document.removeLast() else { return false }
        redoItems.append(item)
        rebuildLayer()
        onEdit?(.undone)
        onDocumentChange?()
        return true
    }

    /// Puts back the last undone item. Returns whether there was one.
    @discardableResult
    public func redo() -> Bool {
        guard !isDrawing, !isEditingText else { return false }
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
        pixelsChanged(drawing.cancel())
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
        reducedCache.invalidateAll()
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
            reducedCache.invalidateAll()
            setNeedsDisplay()
        }
    }

    /// Replaces the document, for example with one restored from disk, with its redo items.
    /// A document without a size (a journal from before documents had one) takes the current one.
    public func load(_ document: Document, redo: [Document.Item] = []) {
        cancelText()
        setSelection(nil)
        backgroundPreview = nil
        let previous = self.document.format
        self.document = document
        if self.document.format == nil { self.document.format = previous }
        redoItems = redo
        if self.document.format != previous {
            // Another size: a new layer at the next layout, the whole document in view.
            drawing = DrawingLayer(width: 0, height: 0)
            layoutSubviews()
            showWholeDocument()
        } else {
            rebuildLayer()
        }
        onDocumentChange?()
    }

    private func rebuildLayer() {
        drawing.rebuild(from: document)
        if let backgroundPreview { drawing.showBackground(backgroundPreview) }
        reducedCache.invalidateAll()
        setNeedsDisplay()
    }

    /// How many layer snapshots the history keeps (for tests and diagnostics).
    public var checkpointCount: Int { drawing.checkpointCount }

    // MARK: - Drawing

    public override func draw(_ rect: Rect, in context: GraphicsContext) {
        let t = context.transform
        if t.b == 0, t.c == 0, abs(t.a - t.d) < 1e-9, t.a > 0 {
            drawDocument(rect, in: context, deviceScale: t.a)
        } else {
            // Drawn rotated (a snapshot of a transformed canvas): through the renderer.
            context.fill(bounds, with: Self.pasteboardColor)
            context.draw(Image(bitmap: renderArtwork()), in: viewport.contentFrame)
        }
        if let shape = previewShape {
            // Filled and outlined as it will be committed.
            context.save()
            context.concatenate(viewport.transform)
            StrokeRenderer().draw(shape, in: context)
            context.restore()
        }
        drawSelection(in: context)
        drawBrushOutline(in: context)
    }

    /// A dark ring inside a light one, one device pixel each, so it shows on any colour.
    private func drawBrushOutline(in context: GraphicsContext) {
        guard let circle = brushOutlineRect, circle.width >= 3 else { return }
        let pixel = 1 / (window?.scale ?? 1)
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
