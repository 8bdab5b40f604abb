/// The figure last drawn stays editable (Pinta 2's habit): its two ends show handles, and
/// dragging one, or choosing another width or colour, draws it again in its place. Each change
/// is the old figure undone and the new one committed, both journaled like any edit, so the
/// document always holds the figure as it shows and a crash keeps the last of them. `Enter`,
/// `Escape`, another tool or any other change to the document ends the editing.
final class FigureEditor {
    private struct Figure {
        var start: Point
        var end: Point
        /// The tool that drew it (its key), with which it is edited.
        let toolKey: Character
        /// Drawn with the right button: it takes the secondary colour when colours change.
        let secondary: Bool
        /// The document's length with it as its last item.
        var itemCount: Int
        var width: Double
        var colors: (paint: Color, fill: Color)
    }

    private var figure: Figure?
    /// The figure as it was while one of its ends is dragged: put back if the drag is cancelled.
    private var beforeDrag: Document.Item?
    private unowned let canvas: CanvasView

    init(canvas: CanvasView) { self.canvas = canvas }

    /// Whether the last figure can still be edited: it is the document's last item, its tool is
    /// in hand, and nothing is being drawn.
    var isEditing: Bool {
        guard let figure else { return false }
        return figure.itemCount == canvas.document.items.count && canvas.brush.key == figure.toolKey && !canvas.isDrawing
    }

    /// The figure the shape tool has just committed.
    func remember(secondary: Bool) {
        guard let ends = canvas.shapeTool.ends else { return }
        beforeDrag = nil
        invalidateHandles()
        figure = Figure(start: ends.start, end: ends.end, toolKey: canvas.brush.key, secondary: secondary,
                        itemCount: canvas.document.items.count, width: canvas.strokeWidth, colors: canvas.shapeTool.colors)
        invalidateHandles()
    }

    /// Editing ends; the figure stays as it is.
    func finish() {
        invalidateHandles()
        figure = nil
    }

    /// A press on one of the handles: the figure is taken back and drawn again with that end
    /// following the pointer (the shape tool's drag from here on). Returns whether it was on one.
    func beginDrag(at viewPoint: Point) -> Bool {
        guard isEditing, let figure, let handle = handle(at: viewPoint) else { return false }
        invalidateHandles()
        beforeDrag = canvas.document.items.last
        canvas.content.undo()
        self.figure = nil
        canvas.shapeTool.begin(anchor: handle == 0 ? figure.end : figure.start, movesStart: handle == 0,
                               at: canvas.viewport.contentPoint(viewPoint), color: figure.colors.paint, fillColor: figure.colors.fill)
        pendingSecondary = figure.secondary
        return true
    }

    /// A drag of an end was cancelled (Escape, a long press, a second finger): the figure goes
    /// back as it was, never lost.
    func restoreAfterCancelledDrag() {
        guard let item = beforeDrag else { return }
        beforeDrag = nil
        canvas.commit(item)
    }

    /// Whether the figure being dragged again was drawn with the right button.
    private(set) var pendingSecondary = false

    /// The width or the colours changed while it is editable: it is drawn again with them.
    func restyle() {
        guard isEditing, var figure else { return }
        let paint = figure.secondary ? canvas.secondaryColor : canvas.strokeColor
        let fill = figure.secondary ? canvas.strokeColor : canvas.secondaryColor
        guard canvas.strokeWidth != figure.width || paint != figure.colors.paint || fill != figure.colors.fill,
              let shape = canvas.shapeTool.figure(from: figure.start, to: figure.end, constrained: false, color: paint, fillColor: fill) else { return }
        canvas.content.undo()
        canvas.commit(.shape(shape))
        figure.width = canvas.strokeWidth
        figure.colors = (paint, fill)
        figure.itemCount = canvas.document.items.count
        self.figure = figure
    }

    // MARK: - Handles

    private var handlePoints: [Point] {
        guard let figure else { return [] }
        return [canvas.viewport.viewPoint(figure.start), canvas.viewport.viewPoint(figure.end)]
    }

    private func handle(at viewPoint: Point) -> Int? {
        handlePoints.firstIndex { abs($0.x - viewPoint.x) <= RectangleHandles.reach && abs($0.y - viewPoint.y) <= RectangleHandles.reach }
    }

    func draw(in context: GraphicsContext) {
        guard isEditing else { return }
        for point in handlePoints { RectangleHandles.drawHandle(at: point, in: context) }
    }

    private func invalidateHandles() {
        for point in handlePoints {
            canvas.setNeedsDisplay(Rect(x: point.x - RectangleHandles.size, y: point.y - RectangleHandles.size,
                                        width: 2 * RectangleHandles.size, height: 2 * RectangleHandles.size))
        }
    }
}
