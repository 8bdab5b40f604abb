/// The drawing surface: shows the document (its own size, whatever the window) through a
/// viewport that zooms and scrolls, and hands each press to the tool it belongs to (through the
/// ToolRouter), each keeping its own interaction state. The artwork
/// comes from the content's DrawingLayer: a motion event costs only the pixels it changes.
public final class CanvasView: View {
    /// The document, its redo items and the layer they render into (its controller's).
    public let content: DocumentContent
    public var brush: Brush = PencilBrush() {
        didSet {
            commitText()
            finishFigure()
        }
    }
    /// The primary colour: the left button paints with it (text is typed in it).
    public var strokeColor: Color = .black {
        didSet {
            textTool.update()
            figureEditor.restyle()
        }
    }
    /// The secondary colour: the right button paints with it, and figures outlined in the
    /// primary are filled with it (MS Paint's and Pinta's pair).
    public var secondaryColor: Color = .white {
        didSet { figureEditor.restyle() }
    }
    /// The text tool's size in document units (the bottom bar's slider while it is chosen).
    public var textSize = 24.0 {
        didSet { textTool.update() }
    }
    /// How alike colours must be for the fill bucket to spread over them (0...1; Pinta's 50%).
    public var fillTolerance = 0.5
    /// Whether the fill and the eyedropper read the current layer alone (Pinta's Layer sampling).
    public var samplesCurrentLayer = false
    public var strokeWidth: Double = 4 {
        didSet {
            brushOutline.widthChanged(from: oldValue)
            figureEditor.restyle()
        }
    }
    /// Called after the document changes (a stroke ends, undo, clear, background).
    public var onDocumentChange: (() -> Void)?
    /// Called when a drag starts drawing and when it has finished (full-screen drawing hides the bars).
    public var onDrawingBegan: (() -> Void)?
    public var onDrawingEnded: (() -> Void)?

    // The tools' interaction state lives in the tools.
    let freehandTool = FreehandTool()
    lazy var shapeTool = ShapeTool(canvas: self)
    lazy var gradientTool = GradientTool(canvas: self)
    lazy var sprayTool = SprayTool(canvas: self)
    lazy var polygonTool = PolygonTool(canvas: self)
    lazy var curveTool = CurveTool(canvas: self)
    lazy var figureEditor = FigureEditor(canvas: self)
    lazy var selectionTool = SelectionTool(canvas: self)
    lazy var eyedropper = EyedropperTool(canvas: self)
    lazy var textTool = TextTool(canvas: self)
    lazy var brushOutline = BrushOutline(canvas: self)
    /// Which tool each press goes to.
    private(set) lazy var toolRouter = ToolRouter(canvas: self)

    /// The document's place in the view: zoom and scroll (see CanvasView+Viewport).
    public internal(set) var viewport = ZoomViewport()
    /// Told when the zoom or scroll changes (the bottom bar shows the zoom).
    public var onViewportChange: (() -> Void)?
    /// The view's origin in the window at the last layout: when the view moves (full screen),
    /// the document stays where it was on screen.
    private var lastWindowOrigin: Point?
    /// Shows the document through the viewport, with the copies zooming out needs.
    let presenter = DocumentPresenter()
    /// Two fingers zoom and scroll the document.
    private lazy var pinchZoom = PinchZoom(canvas: self)

    /// `content`: the document shown (a document controller's; a new empty one by default).
    public init(frame: Rect = .zero, content: DocumentContent = DocumentContent()) {
        self.content = content
        super.init(frame: frame)
        // Two fingers (or the mouse's simulated two) zoom and scroll the document.
        isMultipleTouchEnabled = true
        pinchZoom.recognizers.forEach(addGestureRecognizer)
        // The text box and the loupe over a zoomed document never spill onto the bars.
        clipsToBounds = true
        content.onPixelsChanged = { [unowned self] in self.presenter.pixelsChanged($0, on: self) }
        content.onDocumentChange = { [unowned self] in self.onDocumentChange?() }
        // Another document: what was under way on the old one goes, the new one shows (whole,
        // at a new layer, when its size is another).
        content.onWillReplace = { [unowned self] in
            self.cancelText()
            self.setSelection(nil)
        }
        content.onReplaced = { [unowned self] resized in
            guard resized else { return }
            self.layoutSubviews()
            self.showWholeDocument()
        }
        // A quarter turn (or its undo): the document's new shape, the whole of it in view.
        content.onSizeChanged = { [unowned self] in self.viewport.contentSize = self.document.format?.size ?? self.viewport.contentSize; self.showWholeDocument() }
    }

    var drawing: DrawingLayer { content.drawing }
    public var document: Document { content.document }
    public var redoItems: [Document.Item] { content.redoItems }
    public var isDrawing: Bool { drawing.activeStroke != nil || shapeTool.isDragging || gradientTool.isDragging || sprayTool.isSpraying || polygonTool.isBuilding || curveTool.isBuilding || figureEditor.isDragging || toolRouter.isDrawing }
    public var strokeInProgress: Stroke? { drawing.activeStroke }
    public var shapeFill: ShapeFill {
        get { shapeTool.shapeFill }
        set { shapeTool.shapeFill = newValue }
    }
    /// Pressure curve, steadying and speed taper for freehand strokes.
    public var penSettings: PenSettings {
        get { freehandTool.penSettings }
        set { freehandTool.penSettings = newValue }
    }
    /// The background in force (the last background item, white before any).
    public var canvasBackground: Background { document.background }
    /// Drawing is exact: a thin cross at the pointer, with the brush's outline drawn around it.
    public override var pointerCursor: PointerCursor? { .crosshair }
    /// With a selection tool Ctrl subtracts from the selection (GIMP's and Pinta's key).
    public override var takesControlClicks: Bool { brush.takesControlClicks }
    /// The canvas paints every pixel opaquely (its backgrounds are opaque).
    public override var isOpaque: Bool { true }

    /// Where the brush's outline is shown (nil: hidden): the pointer over the canvas.
    public var brushOutlineCenter: Point? {
        get { brushOutline.center }
        set { brushOutline.center = newValue }
    }
    /// The outline's circle for the current width, around `brushOutlineCenter`.
    public var brushOutlineRect: Rect? { brushOutline.rect }

    // MARK: - Layout

    public override func layoutSubviews() {
        let scale = window?.scale ?? 1
        content.adoptFormatIfNone(.covering(bounds.size, scale: scale))
        if content.matchLayerToFormat(), let format = document.format { viewport.contentSize = format.size }
        // Full screen never moves the document on screen, and nothing changes a pixel of it; a
        // window that grows or shrinks keeps a document smaller than it centred.
        let grew = viewport.viewSize != bounds.size
        viewport.viewSize = bounds.size
        let windowOrigin = window == nil ? nil : convert(Point.zero, to: nil)
        if let windowOrigin, let last = lastWindowOrigin, windowOrigin != last {
            viewport.shiftContent(by: Point(x: last.x - windowOrigin.x, y: last.y - windowOrigin.y))
        } else if grew && !isDrawing { // under a stroke being drawn the document stays under the pen
            viewport.centreWhereItFits()
        }
        lastWindowOrigin = windowOrigin
        updateZoomLimits()
        textTool.update()
        setNeedsDisplay()
    }

    // MARK: - Touches

    /// Where a touch is on the document, in its units.
    func documentPoint(_ touch: Touch) -> Point { viewport.contentPoint(touch.location(in: self)) }

    public override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        if let touch = touches.first { toolRouter.began(touch, with: event) }
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        if let touch = touches.first { toolRouter.moved(touch) }
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        if let touch = touches.first { toolRouter.ended(touch) }
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) { toolRouter.cancelled() }

    /// The wheel scrolls the document (Shift+wheel sideways; Ctrl+wheel zooms through the pinch).
    public override func scrollWheel(_ event: ScrollEvent) -> Bool {
        scroll(by: event.delta)
        return true
    }

    // MARK: - Drawing

    public override func draw(_ rect: Rect, in context: GraphicsContext) {
        let t = context.transform
        if t.b == 0, t.c == 0, abs(t.a - t.d) < 1e-9, t.a > 0 {
            presenter.draw(drawing, through: viewport, rect, in: context, deviceScale: t.a, application: window?.application)
        } else {
            // Drawn rotated (a snapshot of a transformed canvas): through the renderer.
            context.fill(bounds, with: DocumentPresenter.pasteboardColor)
            context.draw(Image(bitmap: renderArtwork()), in: viewport.contentFrame)
        }
        shapeTool.draw(in: context)
        polygonTool.draw(in: context)
        curveTool.draw(in: context)
        figureEditor.draw(in: context)
        selectionTool.draw(in: context)
        brushOutline.draw(in: context)
    }
}
