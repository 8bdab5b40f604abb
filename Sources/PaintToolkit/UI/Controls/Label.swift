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
        let fit = fittedWithWidth
        return (fit.text, fit.font)
    }

    /// The fit and the width of what it shows, measured once (a readout that changes with
    /// every pointer move was measured twice a draw).
    private var fittedWithWidth: (text: String, font: Font, width: Double) {
        let available = bounds.width, width = font.width(of: text)
        guard available > 0, width > available else { return (text, font, width) }
        let smaller = Font.system(size: max(10, (font.size * 0.85).rounded()))
        let smallerWidth = smaller.width(of: text)
        if smallerWidth <= available { return (text, smaller, smallerWidth) }
        var shown = Substring(text)
        while true {
            let cut = String(shown) + "…", cutWidth = smaller.width(of: cut)
            if shown.isEmpty || cutWidth <= available { return (cut, smaller, cutWidth) }
            shown.removeLast()
        }
    }

    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        let (text, font, width) = fittedWithWidth
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
