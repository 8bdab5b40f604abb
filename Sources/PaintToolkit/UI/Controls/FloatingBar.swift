/// A toolbar that floats over content: a rounded, slightly translucent box with a hairline
/// edge, its items at their own widths (no bottom rule as the window's toolbar has).
public final class FloatingBar: Toolbar {
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = nil
        margin = 6
    }

    public override func draw(_ rect: Rect, in context: GraphicsContext) {
        let box = Path.roundedRect(bounds.insetBy(dx: 0.5, dy: 0.5), cornerRadius: 8)
        context.fillColor = Color(r: 250, g: 250, b: 252, a: 240)
        context.fill(box)
        context.strokeColor = Color(r: 0, g: 0, b: 0, a: 50)
        context.lineWidth = 1
        context.stroke(box)
    }
}
