/// The gradient being dragged: from the press (the press's colour) to the pointer (the other
/// colour, or the press's colour fading out), shown on the layer as it will be committed, and
/// one undoable item on release. Inside a selection it paints the selection only.
final class GradientTool {
    /// Linear, radial, conical or diamond (the Tools menu; G steps through them).
    var shape = Gradient.Shape.linear
    /// Whether it goes from the colour to transparent rather than to the other colour.
    var fadesToTransparent = false
    private var start: Point?
    private var colors = (Color.black, Color.white)
    private(set) var item: Document.Item?
    private unowned let canvas: CanvasView

    init(canvas: CanvasView) { self.canvas = canvas }

    var isDragging: Bool { start != nil }

    func begin(at point: Point, color: Color, other: Color) {
        start = point
        colors = (color, other)
    }

    func move(to point: Point) {
        guard let start else { return }
        let constrained = canvas.window?.modifierFlags.contains(.shift) ?? false
        let end = constrained ? LineBrush.snapped(point, around: start) : point
        let last = fadesToTransparent ? colors.0.withAlpha(0) : colors.1
        let gradient = Gradient(shape: shape, from: start, to: end, stops: [Gradient.Stop(0, colors.0), Gradient.Stop(1, last)])
        item = .gradient(gradient, area: canvas.selectionArea)
        canvas.content.previewItem(item)
    }

    /// The gradient as it stands, to commit (nil: the drag had no length).
    func end() -> Document.Item? {
        defer { cancel() }
        guard case .gradient(let gradient, _)? = item, gradient.start != gradient.end else { return nil }
        return item
    }

    func cancel() {
        if item != nil { canvas.content.previewItem(nil) }
        item = nil
        start = nil
    }
}
