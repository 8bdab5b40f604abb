/// A figure dragged out with a shape brush (line, rectangle, ellipse...): shown while the press
/// lasts, exactly as it will be committed (filled and outlined as the fill setting says), and
/// one undoable item on release.
final class ShapeTool {
    /// How closed figures are drawn: outlined, filled, or both (the fill then in the other colour).
    var shapeFill = ShapeFill.outline
    /// The rounded rectangle's radius and the arrow's heads (Tools → Shapes).
    var options = ShapeOptions()
    /// Where the drag began.
    private var anchor: Point?
    /// The figure's two ends as last shown (start, end).
    private(set) var ends: (start: Point, end: Point)?
    /// The press's colour (the primary's, or the secondary's with the right button) and the
    /// other one, which fills a figure that is outlined and filled.
    private var color = Color.black
    private var fillColor = Color.white
    private(set) var previewShape: Shape?
    private unowned let canvas: CanvasView

    init(canvas: CanvasView) { self.canvas = canvas }

    var isDragging: Bool { anchor != nil }
    /// The press's colour and the other one, as the figure uses them.
    var colors: (paint: Color, fill: Color) { (color, fillColor) }

    func begin(at point: Point, color: Color, fillColor: Color) {
        anchor = point
        self.color = color
        self.fillColor = fillColor
        move(to: point)
    }

    func move(to point: Point) {
        guard let anchor else { return }
        invalidatePreview()
        let constrained = canvas.window?.modifierFlags.contains(.shift) ?? false
        ends = (anchor, point)
        previewShape = figure(from: ends!.start, to: ends!.end, constrained: constrained, color: color, fillColor: fillColor)
        invalidatePreview()
    }

    /// The current brush's figure between two points, filled as the setting says.
    func figure(from start: Point, to end: Point, constrained: Bool, color: Color, fillColor: Color) -> Shape? {
        let brush = canvas.brush
        return brush.shape(from: start, to: end, constrained: constrained, color: color, width: canvas.strokeWidth, options: options)
            .map { shape in
                var shape = brush.drawsClosedFigures ? filled(shape, with: fillColor) : shape
                shape.symmetry = canvas.freehandTool.symmetry
                return shape
            }
    }

    /// The figure as it stands, to commit (nil when it has no extent).
    func end() -> Shape? {
        let shape = previewShape
        cancel()
        guard let shape, !shape.path.bounds.isEmpty || shape.path.bounds.width > 0 || shape.path.bounds.height > 0 else { return nil }
        return shape
    }

    func cancel() {
        invalidatePreview()
        previewShape = nil
        anchor = nil
    }

    /// Filled and outlined as it will be committed, in the view's coordinates.
    func draw(in context: GraphicsContext) {
        guard let shape = previewShape else { return }
        context.save()
        context.concatenate(canvas.viewport.transform)
        StrokeRenderer().draw(shape, in: context)
        context.restore()
    }

    /// A closed figure as the fill setting wants it (the fill in `fillColor` when outlined
    /// too); the preview is exactly what is committed.
    func filled(_ shape: Shape, with fillColor: Color) -> Shape {
        var shape = shape
        switch shapeFill {
        case .outline: break
        case .fill:
            shape.fill = shape.color
            shape.isOutlined = false
        case .outlineAndFill:
            shape.fill = fillColor
        }
        return shape
    }

    private func invalidatePreview() {
        guard let shape = previewShape else { return }
        // Miter joins can reach a few widths out; be generous.
        let reach = shape.style.width * max(2, shape.style.miterLimit / 2) + 2
        let box = shape.path.bounds.insetBy(dx: -reach, dy: -reach)
        canvas.setNeedsDisplay(canvas.viewport.viewRect(shape.symmetry.reach(of: box)).insetBy(dx: -1, dy: -1))
    }
}
