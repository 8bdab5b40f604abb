/// The figure last drawn stays editable (Pinta 2's habit): its points show handles (a dragged
/// figure's two ends, a polygon's corners, a curve's ends and control points), and dragging
/// one, or choosing another width or colour, draws it again in its place. Each change is the old
/// figure undone and the new one committed, both journaled like any edit, so the document always
/// holds the figure as it shows and a crash keeps the last of them; a drag that is cancelled
/// puts the figure back. `Enter`, `Escape`, another tool or any other change to the document
/// ends the editing.
final class FigureEditor {
    /// How a figure is made from its points.
    enum Kind {
        /// The shape tool's figure between two points (line, rectangle, ellipse, arrow...).
        case dragged
        /// A closed polygon through its corners.
        case polygon
        /// A curve: start, end, first and second control points.
        case curve
    }

    private struct Figure {
        var points: [Point]
        let kind: Kind
        /// The tool that drew it (its key), with which it is edited.
        let toolKey: Character
        /// Drawn with the right button: it takes the secondary colour when colours change.
        let secondary: Bool
        /// The document's length with it as its last item, and that item: another document
        /// opened with as many items, or another layer chosen, ends the editing.
        var itemCount: Int
        var item: Document.Item?
        let layerID: Int
        var width: Double
        var colors: (paint: Color, fill: Color)
    }

    private var figure: Figure?
    /// The point being dragged, the figure as it shows meanwhile, and the item as it was.
    private var dragged: (index: Int, preview: Shape?, before: Document.Item)?
    private unowned let canvas: CanvasView

    init(canvas: CanvasView) { self.canvas = canvas }

    /// Whether the last figure can still be edited: it is the document's last item, its tool is
    /// in hand, and nothing is being drawn.
    var isEditing: Bool {
        guard let figure, dragged == nil else { return false }
        // The cheap checks first: the canvas asks on every frame it draws, strokes included.
        return figure.itemCount == canvas.document.items.count && canvas.brush.key == figure.toolKey && !canvas.isDrawing
            && canvas.content.currentLayerID == figure.layerID && canvas.document.items.last == figure.item
    }

    /// Whether one of its points is being dragged.
    var isDragging: Bool { dragged != nil }

    /// A figure just committed (the document's last item), made of `points` as `kind` says.
    func remember(_ points: [Point], kind: Kind, secondary: Bool, colors: (paint: Color, fill: Color)) {
        invalidate()
        figure = Figure(points: points, kind: kind, toolKey: canvas.brush.key, secondary: secondary,
                        itemCount: canvas.document.items.count, item: canvas.document.items.last, layerID: canvas.content.currentLayerID,
                        width: canvas.strokeWidth, colors: colors)
        invalidate()
    }

    /// Editing ends; the figure stays as it is.
    func finish() {
        invalidate()
        figure = nil
    }

    // MARK: - Dragging a point

    /// A press on one of the handles: the figure is taken back and shown with that point
    /// following the pointer. Returns whether it was on one.
    func beginDrag(at viewPoint: Point) -> Bool {
        guard isEditing, let figure, let index = handle(at: viewPoint), let item = canvas.document.items.last else { return false }
        invalidate()
        canvas.content.undo()
        dragged = (index, shape(for: figure), item)
        drag(to: canvas.viewport.contentPoint(viewPoint))
        return true
    }

    func drag(to point: Point) {
        guard var figure, var dragged else { return }
        invalidate()
        figure.points[dragged.index] = point
        dragged.preview = shape(for: figure)
        self.figure = figure
        self.dragged = dragged
        invalidate()
    }

    /// The button came up: the figure is committed as it shows (as it was, if it has no extent now).
    func endDrag(at point: Point) {
        drag(to: point)
        guard let dragged else { return }
        invalidate()
        self.dragged = nil
        if let shape = dragged.preview, !shape.path.bounds.isEmpty || shape.path.bounds.width > 0 || shape.path.bounds.height > 0 {
            canvas.commit(.shape(shape))
        } else {
            canvas.commit(dragged.before)
        }
        figure?.itemCount = canvas.document.items.count
        figure?.item = canvas.document.items.last
        invalidate()
    }

    /// A drag cancelled (Escape, a long press, a second finger): the figure goes back as it
    /// was, never lost, and editing ends.
    func cancelDrag() {
        guard let dragged else { return }
        invalidate()
        self.dragged = nil
        canvas.commit(dragged.before)
        figure = nil
    }

    // MARK: - Width and colour

    /// The width or the colours changed while it is editable: it is drawn again with them.
    func restyle() {
        guard isEditing, var figure else { return }
        let paint = figure.secondary ? canvas.secondaryColor : canvas.strokeColor
        let fill = figure.secondary ? canvas.strokeColor : canvas.secondaryColor
        guard canvas.strokeWidth != figure.width || paint != figure.colors.paint || fill != figure.colors.fill else { return }
        figure.width = canvas.strokeWidth
        figure.colors = (paint, fill)
        guard let shape = shape(for: figure) else { return }
        canvas.content.undo()
        canvas.commit(.shape(shape))
        figure.itemCount = canvas.document.items.count
        figure.item = canvas.document.items.last
        self.figure = figure
    }

    /// The figure its points make, with the pen's width and its own colours.
    private func shape(for figure: Figure) -> Shape? {
        let points = figure.points
        switch figure.kind {
        case .dragged:
            let constrained = canvas.window?.modifierFlags.contains(.shift) ?? false
            return canvas.shapeTool.figure(from: points[0], to: points[1], constrained: constrained, color: figure.colors.paint, fillColor: figure.colors.fill)
        case .polygon:
            return canvas.polygonTool.figure(corners: points, color: figure.colors.paint, fillColor: figure.colors.fill)
        case .curve:
            return canvas.curveTool.figure(start: points[0], end: points[1], controls: Array(points[2...]), color: figure.colors.paint)
        }
    }

    // MARK: - Handles

    private var handlePoints: [Point] { figure?.points.map(canvas.viewport.viewPoint) ?? [] }

    private func handle(at viewPoint: Point) -> Int? {
        handlePoints.firstIndex { abs($0.x - viewPoint.x) <= RectangleHandles.reach && abs($0.y - viewPoint.y) <= RectangleHandles.reach }
    }

    func draw(in context: GraphicsContext) {
        if let preview = dragged?.preview {
            context.save()
            context.concatenate(canvas.viewport.transform)
            StrokeRenderer().draw(preview, in: context)
            context.restore()
        }
        guard isEditing || isDragging else { return }
        for point in handlePoints { RectangleHandles.drawHandle(at: point, in: context) }
    }

    /// The figure, its preview and its handles are drawn again (each box grown before they are
    /// joined: Rect.union skips empty ones, and a level line's box has no height).
    private func invalidate() {
        let reach = canvas.strokeWidth * 2 + 4
        let boxes = [dragged?.preview?.path.bounds, figure.map { Path.polyline($0.points).bounds }].compactMap { $0?.insetBy(dx: -reach, dy: -reach) }
        // With symmetry on, the copies move with the figure.
        let symmetry = dragged?.preview?.symmetry ?? canvas.freehandTool.symmetry
        for box in boxes {
            canvas.setNeedsDisplay(canvas.viewport.viewRect(symmetry.reach(of: box)).insetBy(dx: -RectangleHandles.size, dy: -RectangleHandles.size))
        }
    }
}
