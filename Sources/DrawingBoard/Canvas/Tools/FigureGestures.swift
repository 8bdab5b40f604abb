/// The presses of figures made over several of them, and of a figure's handles: each press
/// of a polygon's corners or a curve's control points, and a drag of a handle of the figure
/// just drawn (it is drawn again with that point following).

/// A polygon's corner: the next edge follows the pointer until the button comes up.
final class PolygonCornerGesture: ToolGesture {
    private unowned let canvas: CanvasView

    init(canvas: CanvasView) { self.canvas = canvas }

    var draws: Bool { canvas.polygonTool.isBuilding }

    func move(_ touch: Touch, to point: Point, viewPoint: Point) { if draws { canvas.polygonTool.follow(point) } }

    func release(_ touch: Touch, at point: Point, viewPoint: Point) { if draws { canvas.polygonTool.release(at: point) } }
}

/// A curve's line, then each of its two control points, dragged into place.
final class CurvePointGesture: ToolGesture {
    private unowned let canvas: CanvasView

    init(canvas: CanvasView) { self.canvas = canvas }

    var draws: Bool { canvas.curveTool.isBuilding }

    func move(_ touch: Touch, to point: Point, viewPoint: Point) { if draws { canvas.curveTool.drag(to: point) } }

    func release(_ touch: Touch, at point: Point, viewPoint: Point) {
        guard draws, let shape = canvas.curveTool.release(at: point) else { return }
        canvas.commit(.shape(shape))
        let paint = canvas.curveTool.paint
        canvas.figureEditor.remember(canvas.curveTool.finishedPoints, kind: .curve, secondary: paint != canvas.strokeColor, colors: (paint, canvas.strokeColor))
    }
}

/// A handle of the figure just drawn, dragged: the figure is drawn again with it.
final class FigureHandleGesture: ToolGesture {
    private unowned let canvas: CanvasView

    init(canvas: CanvasView) { self.canvas = canvas }

    var draws: Bool { canvas.figureEditor.isDragging }

    func move(_ touch: Touch, to point: Point, viewPoint: Point) { if draws { canvas.figureEditor.drag(to: point) } }

    func release(_ touch: Touch, at point: Point, viewPoint: Point) { if draws { canvas.figureEditor.endDrag(at: point) } }
}
