/// The selection on the canvas (the Select tool, Ctrl+A): a rectangle of whole document pixels,
/// drawn with marching ants and eight handles. A drag outside it draws a new one, a handle
/// resizes it, a drag inside lifts its pixels to be moved (the board makes them a floating
/// picture, moved, pinched and turned like a placed photo).
extension CanvasView {
    /// What a press with the Select tool is doing.
    enum SelectionDrag {
        case create(start: Point)
        case resize(handle: Int, original: Rect)
        case lift(start: Point)
    }

    /// The handles' size and how far from one a press still takes it, in view points.
    static let handleSize = 7.0
    static let handleReach = 8.0

    public var hasSelection: Bool { selection != nil }

    /// Selects the whole document (Ctrl+A).
    public func selectAll() {
        guard let format = document.format else { return }
        setSelection(Rect(x: 0, y: 0, width: format.size.width, height: format.size.height))
    }

    /// Selects nothing (Escape, Ctrl+Shift+A).
    public func deselect() { setSelection(nil) }

    /// Replaces the selection, kept inside the document on whole document pixels.
    public func setSelection(_ rect: Rect?) {
        invalidateSelection()
        selection = rect.flatMap(snappedToDocument)
        invalidateSelection()
        if selection != nil { marchAnts() }
        onSelectionChange?()
    }

    /// The document's pixels under the selection as the user sees them (what a copy holds).
    public func selectedArtwork() -> Bitmap? {
        guard let rect = selection else { return nil }
        return drawing.renderArtwork(in: StrokeRenderer(scale: drawing.scale).pixels(of: rect))
    }

    /// The drawing layer's pixels under the selection, transparent where the background shows
    /// (what a move lifts: the background stays put, as under a layer).
    public func selectedDrawing() -> Bitmap? {
        guard let rect = selection else { return nil }
        return drawing.layer.cropped(to: StrokeRenderer(scale: drawing.scale).pixels(of: rect).intersection(drawing.layer.bounds))
    }

    /// Clears the selected pixels to the background (Delete, Cut), as one undoable item.
    @discardableResult
    public func clearSelection() -> Bool {
        guard let rect = selection else { return false }
        commit(.clearArea(rect))
        return true
    }

    /// Layer pixels per document unit (for placing lifted pixels back where they were).
    public var layerScale: Double { drawing.scale }

    private func snappedToDocument(_ rect: Rect) -> Rect? {
        guard let format = document.format else { return nil }
        let s = drawing.scale > 0 ? drawing.scale : 1
        let x0 = max(0, (rect.minX * s).rounded()) / s, y0 = max(0, (rect.minY * s).rounded()) / s
        let x1 = min(format.size.width * s, (rect.maxX * s).rounded()) / s, y1 = min(format.size.height * s, (rect.maxY * s).rounded()) / s
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    // MARK: - Touches

    /// A press with the Select tool: on a handle, inside, or outside the selection.
    func beginSelectionDrag(at viewPoint: Point) {
        let point = viewport.contentPoint(viewPoint)
        if let rect = selection, let handle = handle(at: viewPoint) {
            selectionDrag = .resize(handle: handle, original: rect)
        } else if let rect = selection, rect.contains(point) {
            selectionDrag = .lift(start: viewPoint)
            onLiftSelection?()
        } else {
            selectionDrag = .create(start: point)
            setSelection(nil)
        }
    }

    func moveSelectionDrag(to viewPoint: Point) {
        let point = viewport.contentPoint(viewPoint)
        switch selectionDrag {
        case .create(let start)?:
            let rect = RectangleBrush.box(from: start, to: point, square: window?.modifierFlags.contains(.shift) ?? false)
            setSelection(rect)
        case .resize(let handle, let original)?:
            setSelection(Self.resized(original, handle: handle, to: point))
        case .lift(let start)?:
            onDragLifted?(Point(x: viewPoint.x - start.x, y: viewPoint.y - start.y))
        case nil:
            break
        }
    }

    func endSelectionDrag(at viewPoint: Point) {
        moveSelectionDrag(to: viewPoint)
        selectionDrag = nil
    }

    /// Handles 0-7: the corners from the top left clockwise, then the edges' middles (top, right, bottom, left).
    private func handlePoints(of rect: Rect) -> [Point] {
        let r = viewport.viewRect(rect)
        return [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY),
                Point(x: r.midX, y: r.minY), Point(x: r.maxX, y: r.midY), Point(x: r.midX, y: r.maxY), Point(x: r.minX, y: r.midY)]
    }

    private func handle(at viewPoint: Point) -> Int? {
        guard let rect = selection else { return nil }
        return handlePoints(of: rect).firstIndex { abs($0.x - viewPoint.x) <= Self.handleReach && abs($0.y - viewPoint.y) <= Self.handleReach }
    }

    /// The rectangle with one handle dragged to a point (the opposite side stays).
    static func resized(_ rect: Rect, handle: Int, to point: Point) -> Rect {
        var x0 = rect.minX, y0 = rect.minY, x1 = rect.maxX, y1 = rect.maxY
        switch handle {
        case 0: x0 = point.x; y0 = point.y
        case 1: x1 = point.x; y0 = point.y
        case 2: x1 = point.x; y1 = point.y
        case 3: x0 = point.x; y1 = point.y
        case 4: y0 = point.y
        case 5: x1 = point.x
        case 6: y1 = point.y
        default: x0 = point.x
        }
        return Rect(x: min(x0, x1), y: min(y0, y1), width: abs(x1 - x0), height: abs(y1 - y0))
    }

    // MARK: - Drawing

    /// Marching ants: a dashed line in black over white whose dashes move, and the handles.
    func drawSelection(in context: GraphicsContext) {
        guard let rect = selection else { return }
        let pixel = 1 / (window?.scale ?? 1)
        let box = viewport.viewRect(rect).insetBy(dx: pixel / 2, dy: pixel / 2)
        context.save()
        context.lineWidth = pixel
        context.strokeColor = .white
        context.stroke(.rect(box))
        context.setLineDash(phase: antsPhase * pixel, lengths: [4 * pixel, 4 * pixel])
        context.strokeColor = .black
        context.stroke(.rect(box))
        context.restore()
        for point in handlePoints(of: rect) {
            let h = Self.handleSize
            let square = Rect(x: (point.x - h / 2).rounded(), y: (point.y - h / 2).rounded(), width: h, height: h)
            context.fill(square, with: Color(r: 40, g: 40, b: 44))
            context.fill(square.insetBy(dx: 1, dy: 1), with: .white)
        }
    }

    private func invalidateSelection() {
        guard let rect = selection else { return }
        let reach = Self.handleSize + 2
        setNeedsDisplay(viewport.viewRect(rect).insetBy(dx: -reach, dy: -reach))
    }

    /// The dashes move a pixel every tenth of a second while there is a selection.
    private func marchAnts() {
        guard antsTimer == nil else { return }
        antsTimer = window?.application.scheduler.schedule(after: 0.1) { [weak self] in
            guard let self else { return }
            self.antsTimer = nil
            guard self.selection != nil else { return }
            self.antsPhase = (self.antsPhase + 1).truncatingRemainder(dividingBy: 8)
            self.invalidateSelectionOutline()
            self.marchAnts()
        }
    }

    /// Only the outline's four thin sides (not the pixels inside) are drawn again.
    private func invalidateSelectionOutline() {
        guard let rect = selection else { return }
        let box = viewport.viewRect(rect), w = 2.0
        setNeedsDisplay(Rect(x: box.minX - w, y: box.minY - w, width: box.width + 2 * w, height: 2 * w))
        setNeedsDisplay(Rect(x: box.minX - w, y: box.maxY - w, width: box.width + 2 * w, height: 2 * w))
        setNeedsDisplay(Rect(x: box.minX - w, y: box.minY - w, width: 2 * w, height: box.height + 2 * w))
        setNeedsDisplay(Rect(x: box.maxX - w, y: box.minY - w, width: 2 * w, height: box.height + 2 * w))
    }
}
