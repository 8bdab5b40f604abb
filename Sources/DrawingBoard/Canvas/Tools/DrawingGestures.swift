/// The presses that paint until the button comes up: a freehand stroke, a figure dragged out,
/// the airbrush's dots, a gradient. Each shows itself while it is drawn, and held still it
/// becomes the eyedropper (the airbrush held still goes on spraying).
class PaintingGesture: ToolGesture {
    unowned let canvas: CanvasView

    init(_ press: ToolPress, holdPicksColor: Bool = true) {
        canvas = press.canvas
        if holdPicksColor { canvas.eyedropper.arm(at: press.viewPoint, secondary: press.touch.isSecondaryButton) }
        canvas.onDrawingBegan?()
    }

    var draws: Bool { false }

    func move(_ touch: Touch, to point: Point, viewPoint: Point) {
        guard draws else { return }
        canvas.eyedropper.pointerMovedDuringPress(to: viewPoint)
        paint(touch, to: point)
    }

    func release(_ touch: Touch, at point: Point, viewPoint: Point) {
        canvas.eyedropper.disarm()
        guard draws else { return }
        move(touch, to: point, viewPoint: viewPoint)
        commit(touch, at: point)
        canvas.brushOutlineCenter = viewPoint
        canvas.onDrawingEnded?()
    }

    /// What a kind that draws on its own (not through the canvas's tools) drops when cancelled.
    func cancel() {}

    /// What each kind does with a move and with the release.
    func paint(_ touch: Touch, to point: Point) {}
    func commit(_ touch: Touch, at point: Point) {}
}

/// A freehand stroke (the pencil, the eraser, a pen's eraser end): every point of the drag.
final class FreehandGesture: PaintingGesture {
    init(_ press: ToolPress, brush: Brush) {
        let canvas = press.canvas
        canvas.presenter.pixelsChanged(canvas.freehandTool.begin(press.touch, with: brush, at: press.point, color: press.paint,
                                                                 width: canvas.strokeWidth, in: canvas.content), on: canvas)
        super.init(press)
    }

    override var draws: Bool { canvas.drawing.activeStroke != nil }

    override func paint(_ touch: Touch, to point: Point) {
        canvas.presenter.pixelsChanged(canvas.freehandTool.extend(touch, to: point, in: canvas.content), on: canvas)
    }

    override func commit(_ touch: Touch, at point: Point) {
        canvas.presenter.pixelsChanged(canvas.freehandTool.finish(touch, at: point, in: canvas.content), on: canvas)
        canvas.content.commitStroke()
    }
}

/// A figure between where the press began and where the pointer is (a line, a rectangle, an
/// ellipse, an arrow…), editable by its handles once drawn.
final class FigureGesture: PaintingGesture {
    private let isSecondary: Bool

    init(_ press: ToolPress) {
        isSecondary = press.touch.isSecondaryButton
        press.canvas.shapeTool.begin(at: press.point, color: press.paint, fillColor: press.other)
        super.init(press)
    }

    override var draws: Bool { canvas.shapeTool.isDragging }

    override func paint(_ touch: Touch, to point: Point) { canvas.shapeTool.move(to: point) }

    override func commit(_ touch: Touch, at point: Point) {
        let ends = canvas.shapeTool.ends, colors = canvas.shapeTool.colors
        guard let shape = canvas.shapeTool.end(), let ends else { return }
        canvas.commit(.shape(shape))
        canvas.figureEditor.remember([ends.start, ends.end], kind: .dragged, secondary: isSecondary, colors: colors)
    }
}

/// The airbrush: dots for as long as the button is held.
final class SprayGesture: PaintingGesture {
    init(_ press: ToolPress) {
        press.canvas.sprayTool.begin(press.touch, at: press.point, color: press.paint, width: press.canvas.strokeWidth)
        super.init(press, holdPicksColor: false)
    }

    override var draws: Bool { canvas.sprayTool.isSpraying }

    override func paint(_ touch: Touch, to point: Point) { canvas.sprayTool.move(touch, to: point) }

    override func commit(_ touch: Touch, at point: Point) {
        if let spray = canvas.sprayTool.end() { canvas.commit(.spray(spray)) }
    }
}

/// A gradient from where the press began to where the pointer is.
final class GradientGesture: PaintingGesture {
    init(_ press: ToolPress) {
        press.canvas.gradientTool.begin(at: press.point, color: press.paint, other: press.other)
        super.init(press)
    }

    override var draws: Bool { canvas.gradientTool.isDragging }

    override func paint(_ touch: Touch, to point: Point) { canvas.gradientTool.move(to: point) }

    override func commit(_ touch: Touch, at point: Point) {
        if let gradient = canvas.gradientTool.end() { canvas.commit(gradient) }
    }
}
