/// The brush's outline at its real size around the pointer over the canvas, as GIMP, Krita and
/// Pinta show it before and while drawing: a dark ring inside a light one, one device pixel
/// each, so it shows on any colour. With Clone Stamp, a cross where the brush copies from.
final class BrushOutline {
    private unowned let canvas: CanvasView

    init(canvas: CanvasView) { self.canvas = canvas }

    /// Where it is shown (nil: hidden), in the canvas's points.
    var center: Point? {
        didSet {
            guard center != oldValue else { return }
            invalidate(at: oldValue)
            invalidate(at: center)
            invalidateCross(at: shownSource)
            shownSource = cloneSource
            invalidateCross(at: shownSource)
        }
    }

    /// The circle for the current width around `center`.
    var rect: Rect? {
        guard let center else { return nil }
        let diameter = max(1, canvas.strokeWidth * canvas.viewport.scale)
        return Rect(x: center.x - diameter / 2, y: center.y - diameter / 2, width: diameter, height: diameter)
    }

    /// The width changed from `oldWidth`: the larger of the two rings is drawn again.
    func widthChanged(from oldWidth: Double) { invalidate(at: center, width: max(oldWidth, canvas.strokeWidth)) }

    private func invalidate(at center: Point?, width: Double? = nil) {
        guard let center else { return }
        let reach = max(1, (width ?? canvas.strokeWidth) * canvas.viewport.scale) / 2 + 3
        canvas.setNeedsDisplay(Rect(x: center.x - reach, y: center.y - reach, width: 2 * reach, height: 2 * reach))
    }

    /// Where Clone Stamp copies from for the brush at `center`, in the canvas's points.
    private var cloneSource: Point? {
        guard let center, canvas.brush is CloneStampBrush else { return nil }
        return CloneSource.shared.source(for: canvas.viewport.contentPoint(center)).map(canvas.viewport.viewPoint)
    }

    /// The cross as last drawn.
    private var shownSource: Point?

    func draw(in context: GraphicsContext) {
        if let source = shownSource { drawCross(at: source, in: context) }
        guard let circle = rect, circle.width >= 3 else { return }
        let pixel = 1 / (canvas.window?.scale ?? 1)
        context.save()
        context.lineWidth = pixel
        context.strokeColor = Color(r: 255, g: 255, b: 255, a: 200)
        context.stroke(.ellipse(in: circle.insetBy(dx: -pixel * 1.5, dy: -pixel * 1.5)))
        context.strokeColor = Color(r: 0, g: 0, b: 0, a: 200)
        context.stroke(.ellipse(in: circle.insetBy(dx: -pixel / 2, dy: -pixel / 2)))
        context.restore()
    }

    private func invalidateCross(at point: Point?) {
        guard let point else { return }
        canvas.setNeedsDisplay(Rect(x: point.x - 9, y: point.y - 9, width: 18, height: 18))
    }

    private func drawCross(at point: Point, in context: GraphicsContext) {
        context.save()
        for (width, color) in [(3.0, Color(r: 255, g: 255, b: 255, a: 220)), (1.0, Color(r: 0, g: 0, b: 0, a: 220))] {
            context.lineWidth = width
            context.strokeColor = color
            context.stroke(.polyline([Point(x: point.x - 6, y: point.y), Point(x: point.x + 6, y: point.y)]))
            context.stroke(.polyline([Point(x: point.x, y: point.y - 6), Point(x: point.x, y: point.y + 6)]))
        }
        context.restore()
    }
}
