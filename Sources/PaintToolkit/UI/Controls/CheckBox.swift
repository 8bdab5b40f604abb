/// An on/off choice that looks like one in both states (GTK's check button, UISwitch's role):
/// a box, ticked when on, and its title beside it. A click or Space flips it and sends
/// valueChanged.
open class CheckBox: Control {
    public var title: String { didSet { setNeedsDisplay() } }
    public var isOn = false { didSet { if isOn != oldValue { setNeedsDisplay() } } }
    public var font = Font.system(size: 14) { didSet { setNeedsDisplay() } }
    package static let boxSize = 16.0

    public init(title: String, toolTip: String? = nil) {
        self.title = title
        super.init(frame: .zero)
        self.toolTip = toolTip
    }

    /// The box, a gap, and the title.
    public var intrinsicWidth: Double { Self.boxSize + 8 + font.width(of: title) + 4 }

    open override var acceptsKeyboardFocus: Bool { true }

    open override func endTracking(_ touch: Touch) {
        if bounds.contains(touch.location(in: self)) { toggle() }
    }

    open override func keyDown(_ event: KeyEvent) -> Bool {
        guard event.modifiers.isEmpty, event.key == .character(" ") else { return super.keyDown(event) }
        toggle()
        return true
    }

    private func toggle() {
        isOn.toggle()
        sendActions(for: .valueChanged)
    }

    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        let s = Self.boxSize
        let box = context.pixelAligned(Rect(x: 1, y: (bounds.midY - s / 2).rounded(), width: s, height: s))
        let accent = Color(r: 0, g: 122, b: 255)
        context.save()
        if isOn {
            context.fillColor = isEnabled ? accent : Color(r: 150, g: 180, b: 225)
            context.fill(Path.roundedRect(box, cornerRadius: 3))
            // The tick, drawn, so it shows in any font.
            var tick = Path()
            tick.move(to: Point(x: box.minX + s * 0.22, y: box.minY + s * 0.52))
            tick.line(to: Point(x: box.minX + s * 0.42, y: box.minY + s * 0.72))
            tick.line(to: Point(x: box.minX + s * 0.78, y: box.minY + s * 0.3))
            context.strokeColor = .white
            context.lineWidth = 2
            context.lineCap = .round
            context.lineJoin = .round
            context.stroke(tick)
        } else {
            context.fillColor = isHovered ? Color(r: 242, g: 244, b: 248) : .white
            context.fill(Path.roundedRect(box, cornerRadius: 3))
            context.strokeColor = isHovered ? Color(r: 90, g: 90, b: 98) : Color(r: 140, g: 140, b: 148)
            context.lineWidth = 1
            context.stroke(Path.roundedRect(box.insetBy(dx: 0.5, dy: 0.5), cornerRadius: 3))
        }
        context.restore()
        let titleArea = Rect(x: box.maxX + 8, y: 0, width: max(0, bounds.width - box.maxX - 8), height: bounds.height)
        let color = isEnabled ? Color(r: 30, g: 30, b: 34) : Color(r: 160, g: 160, b: 166)
        context.draw(title, at: Point(x: titleArea.minX, y: (bounds.midY + (font.ascender + font.descender) / 2).rounded()), font: font, color: color)
    }
}
