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

    /// What shows in the width there is: the text as it is; too wide (a long translation in a
    /// fixed place), a slightly smaller font (85%, not under 10 points); still too wide, cut
    /// with "…".
    public var fitted: (text: String, font: Font) {
        let available = bounds.width
        guard available > 0, font.width(of: text) > available else { return (text, font) }
        let smaller = Font.system(size: max(10, (font.size * 0.85).rounded()))
        if smaller.width(of: text) <= available { return (text, smaller) }
        var shown = Substring(text)
        while !shown.isEmpty && smaller.width(of: shown + "…") > available { shown.removeLast() }
        return (shown + "…", smaller)
    }

    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        let (text, font) = fitted
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
