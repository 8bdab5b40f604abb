/// How far long work has got: a bar filled to `fraction` (0...1).
open class ProgressBar: View {
    public var fraction = 0.0 { didSet { if fraction != oldValue { setNeedsDisplay() } } }

    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        context.fill(bounds, with: Color(r: 222, g: 222, b: 228))
        context.fill(Rect(x: 0, y: 0, width: bounds.width * min(max(fraction, 0), 1), height: bounds.height), with: Color(r: 0, g: 122, b: 255))
    }
}
