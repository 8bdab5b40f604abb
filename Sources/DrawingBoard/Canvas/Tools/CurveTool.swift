/// A curve made as KolourPaint makes one: drag a line from end to end, then press and drag to
/// bend it by its first control point, then again by its second, which commits it. `Enter`
/// commits it as it is after any step, `Escape` drops it, another tool commits it.
final class CurveTool {
    private(set) var start: Point?
    private var end: Point?
    /// The control points placed so far (the one being dragged last).
    private(set) var controls: [Point] = []
    /// Whether the button is down on the current step.
    private var isPressed = false
    private var color = Color.black
    private unowned let canvas: CanvasView

    init(canvas: CanvasView) { self.canvas = canvas }

    var isBuilding: Bool { start != nil }

    /// A press: the line's start, or a control point being placed. Returns nothing to commit.
    func press(at point: Point, color: Color) {
        invalidate()
        isPressed = true
        if start == nil {
            self.color = color
            start = point
            end = point
        } else {
            controls.append(point)
        }
        invalidate()
    }

    func drag(to point: Point) {
        guard isPressed else { return }
        invalidate()
        if controls.isEmpty { end = point } else { controls[controls.count - 1] = point }
        invalidate()
    }

    /// The button came up: the figure when the second control point is placed, else nil (a
    /// line of no length is dropped).
    func release(at point: Point) -> Shape? {
        drag(to: point)
        isPressed = false
        if controls.isEmpty && start == end {
            cancel()
            return nil
        }
        return controls.count == 2 ? finish() : nil
    }

    /// The curve last finished as four points: start, end, first and second control points.
    private(set) var finishedPoints: [Point] = []
    var paint: Color { color }

    /// The curve as it stands, cleared away (nil when there is none).
    func finish() -> Shape? {
        defer { cancel() }
        if let start, let end {
            let first = controls.first ?? start
            finishedPoints = [start, end, first, controls.count > 1 ? controls[1] : first]
        }
        return figure()
    }

    func cancel() {
        invalidate()
        start = nil
        end = nil
        controls = []
        isPressed = false
    }

    private func figure() -> Shape? {
        guard let start, let end, start != end || !controls.isEmpty else { return nil }
        return figure(start: start, end: end, controls: controls, color: color)
    }

    /// A curve from `start` to `end` bent by up to two control points, with the pen's width.
    func figure(start: Point, end: Point, controls: [Point], color: Color) -> Shape {
        var path = Path()
        path.move(to: start)
        let first = controls.first ?? start, second = controls.count > 1 ? controls[1] : first
        path.curve(to: end, control1: first, control2: second)
        var shape = Shape(path: path, style: LineStyle(width: canvas.strokeWidth, cap: .round, join: .round), color: color)
        shape.symmetry = canvas.freehandTool.symmetry
        return shape
    }

    func draw(in context: GraphicsContext) {
        guard let shape = figure() else { return }
        context.save()
        context.concatenate(canvas.viewport.transform)
        StrokeRenderer().draw(shape, in: context)
        context.restore()
    }

    private func invalidate() {
        guard let start, let end else { return }
        // (Rect.union skips empty rectangles, so a union of points would stay one point.)
        let reach = canvas.strokeWidth + 2
        let box = Path.polyline([start, end] + controls).bounds.insetBy(dx: -reach, dy: -reach)
        canvas.setNeedsDisplay(canvas.viewport.viewRect(canvas.freehandTool.symmetry.reach(of: box)).insetBy(dx: -1, dy: -1))
    }
}
