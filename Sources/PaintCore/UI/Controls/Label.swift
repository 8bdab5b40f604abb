/// Read-only text.
open class Label: View {
    public enum Alignment: Sendable { case left, center, right }

    public var text: String { didSet { if text != oldValue { setNeedsDisplay() } } }
    public var font = Font.system(size: 13) { didSet { setNeedsDisplay() } }
    public var textColor = Color(r: 30, g: 30, b: 34) { didSet { setNeedsDisplay() } }
    public var alignment = Alignment.left { didSet { setNeedsDisplay() } }

    public init(text: String = "", frame: Rect = .zero) {
        self.text = text
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        let width = font.width(of: text)
        let x: Double
        switch alignment {
        case .left: x = 0
        case .center: x = (bounds.width - width) / 2
        case .right: x = bounds.width - width
        }
        let baseline = (bounds.midY + (font.ascender + font.descender) / 2).rounded()
        context.draw(text, at: Point(x: x.rounded(), y: baseline), font: font, color: textColor)
    }
}
