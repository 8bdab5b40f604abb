/// Hands each press on the canvas to the tool it belongs to and keeps the press it starts
/// (a `ToolGesture`) until the release: the tool decides what a press does (`Brush.press`), so
/// the canvas never asks what kind of tool it is. A figure being made over several presses (a
/// polygon, a curve) takes the presses until it is done, a handle of the figure just drawn
/// takes a press on it, and Alt makes any press pick a colour. A press with the right button
/// paints in the secondary colour (MS Paint's, KolourPaint's and Pinta's habit), and its
/// figures are filled in the primary.
final class ToolRouter {
    private unowned let canvas: CanvasView
    /// The press under way (nil between presses).
    private(set) var gesture: ToolGesture?

    init(canvas: CanvasView) { self.canvas = canvas }

    /// Whether the press under way is drawing.
    var isDrawing: Bool { gesture?.draws ?? false }

    /// The colours a press paints with: the button's colour, and the other one for a fill.
    static func colors(for touch: Touch, primary: Color, secondary: Color) -> (paint: Color, other: Color) {
        touch.isSecondaryButton ? (secondary, primary) : (primary, secondary)
    }

    func began(_ touch: Touch, with event: TouchEvent) {
        // Two fingers landing together zoom; they never draw (nor end the press under way).
        guard event.touches(for: canvas).count == 1 else { return }
        if canvas.isMakingFigure { return gesture = nextPointOfFigure(touch) }
        guard !canvas.isDrawing else { return }
        canvas.settleBackgroundPreview()
        // The stroke itself shows the brush while drawing; redrawing an outline on every motion
        // event would cost more than the stroke (75 µs of 85 per event at 1080p).
        canvas.brushOutlineCenter = nil
        let viewPoint = touch.location(in: canvas)
        if canvas.eyedropper.isAsked {
            canvas.eyedropper.begin(at: viewPoint, secondary: touch.isSecondaryButton)
            return gesture = ColorPickingGesture(canvas: canvas)
        }
        if canvas.figureEditor.beginDrag(at: viewPoint) { return gesture = FigureHandleGesture(canvas: canvas) }
        canvas.figureEditor.finish()
        // A pen's eraser end erases, whatever tool is chosen: the press goes to the eraser.
        let tool: Brush = touch.isEraser && !canvas.brush.erasesWithItself ? EraserBrush() : canvas.brush
        let colors = Self.colors(for: touch, primary: canvas.strokeColor, secondary: canvas.secondaryColor)
        let press = ToolPress(touch: touch, point: canvas.documentPoint(touch), viewPoint: viewPoint, paint: colors.paint, other: colors.other, canvas: canvas)
        gesture = canvas.isEditingText ? tool.pressWhileTyping(press) : tool.press(press)
    }

    /// A polygon's next corner, or a curve's next control point: the figure being made takes
    /// the press, whatever the tool.
    private func nextPointOfFigure(_ touch: Touch) -> ToolGesture {
        let point = canvas.documentPoint(touch)
        if canvas.curveTool.isBuilding {
            canvas.curveTool.press(at: point, color: canvas.strokeColor) // the colour the curve began with stays
            return CurvePointGesture(canvas: canvas)
        }
        let colors = Self.colors(for: touch, primary: canvas.strokeColor, secondary: canvas.secondaryColor)
        if let shape = canvas.polygonTool.press(at: point, tapCount: touch.tapCount, color: colors.paint, fillColor: colors.other) {
            canvas.commit(.shape(shape))
            let colors = canvas.polygonTool.colors
            canvas.figureEditor.remember(canvas.polygonTool.finishedCorners, kind: .polygon, secondary: colors.paint != canvas.strokeColor, colors: colors)
        }
        return PolygonCornerGesture(canvas: canvas)
    }

    func moved(_ touch: Touch) {
        // The canvas taken once: each use of the unowned reference is a checked retain and a
        // release.
        let canvas = self.canvas
        // Where the touch is, found once (it walks the view tree): every motion event asks.
        let viewPoint = touch.location(in: canvas)
        // Held still, a drawing tool became the eyedropper: the loupe follows.
        if canvas.eyedropper.isPicking { return canvas.eyedropper.move(to: viewPoint) }
        gesture?.move(touch, to: canvas.viewport.contentPoint(viewPoint), viewPoint: viewPoint)
    }

    func ended(_ touch: Touch) {
        defer { gesture = nil }
        let viewPoint = touch.location(in: canvas)
        if canvas.eyedropper.isPicking { return canvas.eyedropper.end(at: viewPoint) }
        gesture?.release(touch, at: canvas.documentPoint(touch), viewPoint: viewPoint)
    }

    /// Escape or Ctrl+Z during a press: a gesture drawing on its own drops what it shows.
    func cancelDrawing() { gesture?.cancel() }

    func cancelled() {
        gesture = nil
        canvas.selectionTool.cancelDrag()
        canvas.eyedropper.cancel()
        canvas.cancelStroke()
    }
}
