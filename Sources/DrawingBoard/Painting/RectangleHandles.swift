/// The eight handles of a rectangle being edited (a selection, a photo's crop): corners from
/// the top left clockwise, then the sides' middles (top, right, bottom, left); where they are,
/// which one a press takes, what dragging one does, and how they look.
enum RectangleHandles {
    /// A handle's size and how far from one a press still takes it, in view points.
    static let size = 7.0
    static let reach = 8.0

    static func points(of r: Rect) -> [Point] {
        [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY),
         Point(x: r.midX, y: r.minY), Point(x: r.maxX, y: r.midY), Point(x: r.midX, y: r.maxY), Point(x: r.minX, y: r.midY)]
    }

    /// The handle a press at `point` takes, if any.
    static func handle(at point: Point, of rect: Rect) -> Int? {
        points(of: rect).firstIndex { abs($0.x - point.x) <= reach && abs($0.y - point.y) <= reach }
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

    /// White squares with a dark edge, on whole points.
    static func draw(around rect: Rect, in context: GraphicsContext) {
        for point in points(of: rect) { drawHandle(at: point, in: context) }
    }

    /// One handle: a white square with a dark edge, on whole points.
    static func drawHandle(at point: Point, in context: GraphicsContext) {
        let square = Rect(x: (point.x - size / 2).rounded(), y: (point.y - size / 2).rounded(), width: size, height: size)
        context.fill(square, with: Color(r: 40, g: 40, b: 44))
        context.fill(square.insetBy(dx: 1, dy: 1), with: .white)
    }
}
