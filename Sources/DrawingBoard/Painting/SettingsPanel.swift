/// A panel that slides up from the bottom of its superview with a title, some content and a
/// Done button (the brush and background settings of seed 003).
public final class SettingsPanel: View {
    /// The height most panels take; a panel with more rows asks for more.
    public static let standardHeight = 250.0
    public let height: Double
    public let content: View
    public var onDone: (() -> Void)?
    /// Called when the panel starts to go, however it was closed (its visit has ended).
    public var onDismiss: (() -> Void)?

    public init(title: String, content: View, height: Double = SettingsPanel.standardHeight) {
        self.content = content
        self.height = height
        super.init(frame: .zero)
        backgroundColor = Color(r: 250, g: 250, b: 252)
        titleLabel.text = title
        addSubview(titleLabel)
        addSubview(doneButton)
        addSubview(content)
        // Tab walks the panel's controls, not the bars' buttons it covers.
        isFocusScope = true
    }

    public override func layoutSubviews() {
        titleLabel.frame = Rect(x: 20, y: 8, width: bounds.width - 140, height: 28)
        doneButton.frame = Rect(x: bounds.width - 20 - doneButton.intrinsicWidth, y: 6, width: doneButton.intrinsicWidth, height: 32)
        content.frame = Rect(x: 20, y: 44, width: bounds.width - 40, height: bounds.height - 52)
    }

    public override func draw(_ rect: Rect, in context: GraphicsContext) {
        context.fill(Rect(x: 0, y: 0, width: bounds.width, height: 1), with: Color(r: 200, g: 200, b: 206))
    }

    /// Slides in over the bottom of `host`.
    public func present(in host: View) {
        frame = Rect(x: 0, y: host.bounds.height - height, width: host.bounds.width, height: height)
        host.addSubview(self)
        let shown = center
        center = Point(x: shown.x, y: shown.y + height)
        animate(duration: 0.25, animations: { self.center = shown })
    }

    public func dismiss() {
        onDismiss?()
        // Sliding away, it no longer keeps the focus.
        isFocusScope = false
        let hidden = Point(x: center.x, y: center.y + height)
        animate(duration: 0.2, animations: { self.center = hidden }, completion: { _ in self.removeFromSuperview() })
    }

    public var isPresented: Bool { superview != nil }

    private lazy var titleLabel: Label = {
        let label = Label()
        label.font = Font.system(size: 15)
        return label
    }()

    public private(set) lazy var doneButton: Button = {
        let button = Button(title: tr("Done"))
        button.addAction(for: .touchUpInside) { [unowned self] _ in self.onDone?() }
        return button
    }()
}
