/// The drawing surface. Committed artwork lives in its own layer bitmap; the stroke in progress
/// lives in a coverage mask, so a motion event costs only the few pixels it changes.
public final class CanvasView: View {
    public private(set) var document = Document()
    public var brush: Brush = PencilBrush()
    public var strokeColor: Color = .black
    public var strokeWidth: Double = 4
    /// The colour under the drawing layer; the eraser reveals it.
    public var canvasBackground: Color = .white { didSet { setNeedsDisplay() } }
    /// Called after the document changes (a stroke ends, undo, clear).
    public var onDocumentChange: (() -> Void)?

    private var layer = Bitmap(width: 0, height: 0)
    private var activeMask = CoverageMask(width: 0, height: 0)
    private var replayScratch = CoverageMask(width: 0, height: 0)
    private var activeStroke: Stroke?
    private let renderer = StrokeRenderer()

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
    }

    public var isDrawing: Bool { activeStroke != nil }

    // MARK: - Layout

    public override func layoutSubviews() {
        let width = Int(bounds.width.rounded(.up)), height = Int(bounds.height.rounded(.up))
        guard width != layer.width || height != layer.height else { return }
        layer = Bitmap(width: width, height: height)
        activeMask = CoverageMask(width: width, height: height)
        replayScratch = CoverageMask(width: width, height: height)
        activeStroke = nil
        rebuildLayer()
    }

    // MARK: - Touches

    public override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let touch = touches.first, activeStroke == nil else { return }
        let stroke = brush.beginStroke(at: touch.location(in: self), color: strokeColor, width: strokeWidth)
        activeStroke = stroke
        activeMask.clear()
        setNeedsDisplay(renderer.addSegment(of: stroke, endingAt: 0, to: activeMask).rect)
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let touch = touches.first, var stroke = activeStroke else { return }
        let point = touch.location(in: self)
        if point == stroke.points.last { return }
        stroke.points.append(point)
        activeStroke = stroke
        setNeedsDisplay(renderer.addSegment(of: stroke, endingAt: stroke.points.count - 1, to: activeMask).rect)
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let touch = touches.first else { return }
        touchesMoved([touch], with: event)
        commitActiveStroke()
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        guard activeStroke != nil else { return }
        activeStroke = nil
        setNeedsDisplay(activeMask.touched.rect)
        activeMask.clear()
    }

    private func commitActiveStroke() {
        guard let stroke = activeStroke else { return }
        let touched = activeMask.touched
        MaskCompositor.apply(activeMask, color: stroke.color, mode: stroke.blendMode, in: touched, to: layer)
        activeMask.clear()
        activeStroke = nil
        document.append(.stroke(stroke))
        setNeedsDisplay(touched.rect)
        onDocumentChange?()
    }

    // MARK: - Commands

    /// Removes the last item (a stroke or a clear). Returns whether there was anything to undo.
    @discardableResult
    public func undo() -> Bool {
        if activeStroke != nil {
            touchesCancelled([], with: TouchEvent(timestamp: 0, touches: []))
            return true
        }
        guard document.removeLast() != nil else { return false }
        rebuildLayer()
        onDocumentChange?()
        return true
    }

    /// Clears the drawing (undoable). Returns false when there was nothing to clear.
    @discardableResult
    public func clear() -> Bool {
        guard !document.visibleItems.isEmpty else { return false }
        activeStroke = nil
        activeMask.clear()
        document.append(.clear)
        layer.fill(with: 0)
        setNeedsDisplay()
        onDocumentChange?()
        return true
    }

    /// Replaces the document, for example with one restored from disk.
    public func load(_ document: Document) {
        self.document = document
        rebuildLayer()
        onDocumentChange?()
    }

    private func rebuildLayer() {
        renderer.replay(document, onto: layer, scratch: replayScratch)
        setNeedsDisplay()
    }

    // MARK: - Drawing

    public override func draw(_ rect: Rect, in context: GraphicsContext) {
        let dx = Int(context.origin.x.rounded()), dy = Int(context.origin.y.rounded())
        let clip = context.clip
        let area = PixelRect(covering: rect, width: layer.width, height: layer.height)
            .intersection(PixelRect(x0: clip.x0 - dx, y0: clip.y0 - dy, x1: clip.x1 - dx, y1: clip.y1 - dy))
        CanvasCompositor.compose(background: canvasBackground.premultipliedPixel, layer: layer,
                                 activeMask: activeStroke == nil ? nil : activeMask,
                                 activeColor: activeStroke?.color.premultipliedPixel ?? 0,
                                 activeMode: activeStroke?.blendMode ?? .sourceOver,
                                 area: area, into: context.bitmap, atX: dx, y: dy)
    }

    /// The artwork as saved: background and drawing layer, without the stroke in progress.
    public func renderArtwork() -> Bitmap {
        let image = Bitmap(width: layer.width, height: layer.height)
        CanvasCompositor.compose(background: canvasBackground.premultipliedPixel, layer: layer, activeMask: nil,
                                 activeColor: 0, activeMode: .sourceOver, area: layer.bounds, into: image, atX: 0, y: 0)
        return image
    }
}
