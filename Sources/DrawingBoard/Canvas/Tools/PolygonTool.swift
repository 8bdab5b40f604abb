/// A polygon made corner by corner (KolourPaint's and GIMP's): a click puts a corner (a drag
/// places it where the button comes up), the next edge follows the pointer, and a double-click,
/// a click on the first corner, `Enter` or another tool closes it into one figure, outlined
/// and filled as the shapes are. `Escape` drops it.
final class PolygonTool {
    /// A click this near the first corner (in points on screen) closes the polygon.
    static let closingDistance = 8.0
    private(set) var corners: [Point] = []
    /// Where the next edge runs to (the pointer), in document units.
    private var pointer: Point?
    private var color = Color.black, fillColor = Color.white
    private unowned let canvas: CanvasView

    init(canvas: CanvasView) { self.canvas = canvas }

    var isBuilding: Bool { !corners.isEmpty }

    /// A press: the first corner, else the edge to it follows until the release. Returns the
    /// closed figure when the press closes it (a double-click, or on the first corner).
    func press(at point: Point, tapCount: Int, color: Color, fillColor: Color) -> Shape? {
        if corners.isEmpty {
            (self.color, self.fillColor) = (color, fillColor)
            corners = [point]
        } else if tapCount >= 2 || (corners.count >= 3 && isOnFirstCorner(point)) {
            return finish()
        }
        follow(point)
        return nil
    }

    /// The pointer moved (held or not): the next edge follows it.
    func follow(_ point: Point) {
        invalidate()
        pointer = point
        invalidate()
    }

    /// The button came up: a corner there (unless it is where the last one is).
    func release(at point: Point) {
        guard let last = corners.last else { return }
        if point != last { corners.append(point) }
        follow(point)
    }

    /// The corners of the polygon last finished (for its handles).
    private(set) var finishedCorners: [Point] = []
    /// Its colours.
    var colors: (paint: Color, fill: Color) { (color, fillColor) }

    /// The figure (three corners or more), closed and cleared away; nil: too few corners.
    func finish() -> Shape? {
        defer { cancel() }
        guard corners.count >= 3 else { return nil }
        finishedCorners = corners
        return figure(closed: true)
    }

    func cancel() {
        invalidate()
        corners = []
        pointer = nil
    }

    private func isOnFirstCorner(_ point: Point) -> Bool {
        let a = canvas.viewport.viewPoint(corners[0]), b = canvas.viewport.viewPoint(point)
        return a.distance(to: b) <= Self.closingDistance
    }

    /// The corners so far and the edge to the pointer (open), or the polygon closed.
    private func figure(closed: Bool) -> Shape {
        var points = corners
        if !closed, let pointer, pointer != corners.last { points.append(pointer) }
        return figure(corners: points, closed: closed, color: color, fillColor: fillColor)
    }

    /// A polygon through `corners` with the pen's width, closed and filled as the shapes are.
    func figure(corners points: [Point], closed: Bool = true, color: Color, fillColor: Color) -> Shape {
        var path = Path()
        path.move(to: points[0])
        for point in points.dropFirst() { path.line(to: point) }
        if closed { path.close() }
        var shape = Shape(path: path, style: LineStyle(width: canvas.strokeWidth, join: .round), color: color)
        shape.symmetry = canvas.freehandTool.symmetry
        return closed ? canvas.shapeTool.filled(shape, with: fillColor) : shape
    }

    func draw(in context: GraphicsContext) {
        guard isBuilding else { return }
        context.save()
        context.concatenate(canvas.viewport.transform)
        StrokeRenderer().draw(figure(closed: false), in: context)
        context.restore()
    }

    private func invalidate() {
        guard isBuilding else { return }
        let reach = canvas.strokeWidth + 2
        let box = figure(closed: false).path.bounds.insetBy(dx: -reach, dy: -reach)
        canvas.setNeedsDisplay(canvas.viewport.viewRect(canvas.freehandTool.symmetry.reach(of: box)).insetBy(dx: -1, dy: -1))
    }
}
