/// The selection on the canvas (the Select tool, Ctrl+A): a rectangle of whole document pixels
/// with eight handles, or a free-form outline (the Lasso), drawn with marching ants. A drag
/// outside it draws a new one, a handle resizes a rectangle, a drag inside lifts its pixels to
/// be moved (the board makes them a floating picture, moved, pinched and turned like a placed
/// photo).
extension CanvasView {
    /// What a press with the Select tool is doing.
    enum SelectionDrag {
        case create(start: Point)
        case lasso(points: [Point])
        case resize(handle: Int, original: Rect)
        case lift(start: Point)
    }


    public var hasSelection: Bool { selectionArea != nil }

    /// The selected rectangle, or a lasso's bounds.
    public var selection: Rect? { selectionArea?.bounds }

    /// Selects the whole document (Ctrl+A).
    public func selectAll() {
        guard let format = document.format else { return }
        setSelection(Rect(x: 0, y: 0, width: format.size.width, height: format.size.height))
    }

    /// Selects nothing (Escape, Ctrl+Shift+A).
    public func deselect() { setSelection(nil) }

    /// Replaces the selection, kept inside the document on whole document pixels.
    public func setSelection(_ rect: Rect?) {
        setSelectionArea(rect.flatMap(snappedToDocument).map { SelectionArea(bounds: $0) })
    }

    /// Selects inside a free-form outline (document units); fewer than three points, or an
    /// outline around no pixel, select nothing.
    public func setLasso(_ outline: [Point]) {
        guard outline.count >= 3 else { return setSelectionArea(nil) }
        let xs = outline.map(\.x), ys = outline.map(\.y)
        let s = drawing.scale > 0 ? drawing.scale : 1
        // The bounds on whole pixels, outward.
        let x0 = (xs.min()! * s).rounded(.down) / s, y0 = (ys.min()! * s).rounded(.down) / s
        let x1 = (xs.max()! * s).rounded(.up) / s, y1 = (ys.max()! * s).rounded(.up) / s
        guard let bounds = snappedToDocument(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)) else { return setSelectionArea(nil) }
        let area = SelectionArea(bounds: bounds, outline: outline)
        setSelectionArea(area.mask(atScale: s)?.contains(true) == true ? area : nil)
    }

    private func setSelectionArea(_ area: SelectionArea?) {
        invalidateSelection()
        selectionArea = area
        invalidateSelection()
        if area != nil { marchAnts() }
        onSelectionChange?()
    }

    /// The document's pixels under the selection as the user sees them (what a copy holds).
    public func selectedArtwork() -> Bitmap? {
        guard let area = selectionArea else { return nil }
        let pixels = drawing.renderArtwork(in: area.pixels(atScale: drawing.scale))
        area.clearOutside(pixels, atScale: drawing.scale)
        return pixels
    }

    /// The drawing layer's pixels under the selection, transparent where the background shows
    /// (what a move lifts: the background stays put, as under a layer).
    public func selectedDrawing() -> Bitmap? {
        guard let area = selectionArea else { return nil }
        let pixels = drawing.layer.cropped(to: area.pixels(atScale: drawing.scale).intersection(drawing.layer.bounds))
        area.clearOutside(pixels, atScale: drawing.scale)
        return pixels
    }

    /// Clears the selected pixels to the background (Delete, Cut), as one undoable item.
    @discardableResult
    public func clearSelection() -> Bool {
        guard let area = selectionArea else { return false }
        commit(.clearArea(area))
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
        if let area = selectionArea, area.outline == nil, let handle = handle(at: viewPoint) {
            selectionDrag = .resize(handle: handle, original: area.bounds)
        } else if let area = selectionArea, area.contains(point) {
            selectionDrag = .lift(start: viewPoint)
            onLiftSelection?()
        } else {
            selectionDrag = brush.selectsFreeForm ? .lasso(points: [point]) : .create(start: point)
            setSelection(nil)
        }
    }

    func moveSelectionDrag(to viewPoint: Point) {
        let point = viewport.contentPoint(viewPoint)
        switch selectionDrag {
        case .create(let start)?:
            let rect = RectangleBrush.box(from: start, to: point, square: window?.modifierFlags.contains(.shift) ?? false)
            setSelection(rect)
        case .lasso(var points)?:
            // The outline so far shows as a line; it closes into a selection on release. Only
            // the new piece is drawn again, and the points are appended in place (the drag lets
            // go of them first): a long outline must not cost each motion event all of it.
            selectionDrag = nil
            invalidateLassoTrail([points.last ?? point, point])
            points.append(point)
            selectionDrag = .lasso(points: points)
        case .resize(let handle, let original)?:
            setSelection(RectangleHandles.resized(original, handle: handle, to: point))
        case .lift(let start)?:
            onDragLifted?(Point(x: viewPoint.x - start.x, y: viewPoint.y - start.y))
        case nil:
            break
        }
    }

    func endSelectionDrag(at viewPoint: Point) {
        moveSelectionDrag(to: viewPoint)
        if case .lasso(let points)? = selectionDrag {
            invalidateLassoTrail(points)
            selectionDrag = nil
            setLasso(points)
        }
        selectionDrag = nil
    }

    /// (Path's bounds: Rect.union skips empty rectangles, so a union of points stayed one point
    /// and only a speck around each vertex of the trail was ever drawn.)
    private func invalidateLassoTrail(_ points: [Point]) {
        guard !points.isEmpty else { return }
        setNeedsDisplay(viewport.viewRect(Path.polyline(points).bounds).insetBy(dx: -3, dy: -3))
    }

    private func handle(at viewPoint: Point) -> Int? {
        guard let rect = selection, selectionArea?.outline == nil else { return nil }
        return RectangleHandles.handle(at: viewPoint, of: viewport.viewRect(rect))
    }

    // MARK: - Drawing

    /// Marching ants: a dashed line in black over white whose dashes move, and the handles.
    func drawSelection(in context: GraphicsContext) {
        let pixel = 1 / (window?.scale ?? 1)
        if case .lasso(let points)? = selectionDrag, points.count > 1 {
            drawAnts(along: Path.polyline(points.map(viewport.viewPoint)), pixel: pixel, in: context)
        }
        guard let area = selectionArea else { return }
        if let outline = area.outline {
            return drawAnts(along: .polygon(outline.map(viewport.viewPoint)), pixel: pixel, in: context)
        }
        let rect = area.bounds
        drawAnts(along: .rect(viewport.viewRect(rect).insetBy(dx: pixel / 2, dy: pixel / 2)), pixel: pixel, in: context)
        RectangleHandles.draw(around: viewport.viewRect(rect), in: context)
    }

    /// A line in white under black dashes that move (marching ants).
    private func drawAnts(along path: Path, pixel: Double, in context: GraphicsContext) {
        context.save()
        context.lineWidth = pixel
        context.strokeColor = .white
        context.stroke(path)
        context.setLineDash(phase: antsPhase * pixel, lengths: [4 * pixel, 4 * pixel])
        context.strokeColor = .black
        context.stroke(path)
        context.restore()
    }

    private func invalidateSelection() {
        guard let rect = selection else { return }
        let reach = RectangleHandles.size + 2
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
        if selectionArea?.outline != nil { return invalidateSelection() }
        let box = viewport.viewRect(rect), w = 2.0
        setNeedsDisplay(Rect(x: box.minX - w, y: box.minY - w, width: box.width + 2 * w, height: 2 * w))
        setNeedsDisplay(Rect(x: box.minX - w, y: box.maxY - w, width: box.width + 2 * w, height: 2 * w))
        setNeedsDisplay(Rect(x: box.minX - w, y: box.minY - w, width: 2 * w, height: box.height + 2 * w))
        setNeedsDisplay(Rect(x: box.maxX - w, y: box.minY - w, width: 2 * w, height: box.height + 2 * w))
    }
}
