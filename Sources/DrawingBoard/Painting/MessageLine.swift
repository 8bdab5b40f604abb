/// News above the bottom bar as a compact rounded toast: "Saved to …", "Opening … 40% (Escape
/// cancels)", an error in red. News fades after a few seconds; an error stays until the next
/// message or until its × is pressed. A Cancel button shows in it while something can be stopped.
public final class MessageLine: View {
    /// How long a message stays before it fades.
    public static let duration = 6.0
    private var fadeTimer: Scheduler.Timer?
    /// Told when Cancel is pressed.
    var onCancel: (() -> Void)?
    public private(set) var isError = false

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        addSubview(toast)
        toast.addSubview(label)
        toast.addSubview(cancelButton)
        toast.addSubview(closeButton)
        label.isHidden = true
        toast.isHidden = true
        cancelButton.isHidden = true
        closeButton.isHidden = true
    }

    public override func layoutSubviews() {
        let textWidth = label.font.width(of: label.text)
        let extras = (cancelButton.isHidden ? 0 : cancelButton.intrinsicWidth + 4) + (closeButton.isHidden ? 0 : 32)
        let width = min(bounds.width - 16, (textWidth + 28 + extras).rounded(.up))
        let height = 32.0
        toast.frame = Rect(x: ((bounds.width - width) / 2).rounded(), y: bounds.height - height - 4, width: max(0, width), height: height)
        var right = toast.bounds.width - 4
        if !closeButton.isHidden {
            closeButton.frame = Rect(x: right - 28, y: 2, width: 28, height: height - 4)
            right -= 30
        }
        if !cancelButton.isHidden {
            cancelButton.frame = Rect(x: right - cancelButton.intrinsicWidth, y: 2, width: cancelButton.intrinsicWidth, height: height - 4)
            right = cancelButton.frame.minX - 4
        }
        label.frame = Rect(x: 14, y: 0, width: max(0, right - 14), height: height)
    }

    /// Lets touches through where no message shows.
    public override func hitTest(_ point: Point) -> View? {
        let hit = super.hitTest(point)
        return hit === self ? nil : hit
    }

    public func show(_ text: String, isError: Bool = false) {
        self.isError = isError
        label.text = text
        label.textColor = isError ? .white : Color(r: 245, g: 245, b: 247)
        toast.color = isError ? Color(r: 180, g: 30, b: 30, a: 240) : Color(r: 32, g: 32, b: 36, a: 225)
        label.isHidden = false
        toast.isHidden = false
        toast.alpha = 1
        closeButton.isHidden = !isError
        setNeedsLayout()
        fadeTimer?.cancel()
        guard !isError else { return }
        fadeTimer = window?.application.scheduler.schedule(after: Self.duration) { [weak self] in
            guard let self else { return }
            self.toast.animate(duration: 0.4, animations: { self.toast.alpha = 0 }, completion: { finished in
                if finished { self.hide() }
            })
        }
    }

    public func hide() {
        label.isHidden = true
        toast.isHidden = true
    }

    public var showsCancel: Bool {
        get { !cancelButton.isHidden }
        set {
            cancelButton.isHidden = !newValue
            setNeedsLayout()
        }
    }

    // MARK: - Subviews

    /// The rounded box behind the message.
    final class Toast: View {
        var color = Color(r: 32, g: 32, b: 36, a: 225) { didSet { setNeedsDisplay() } }
        override func draw(_ rect: Rect, in context: GraphicsContext) {
            context.fillColor = color
            context.fill(Path.roundedRect(bounds, cornerRadius: 8))
        }
    }

    private(set) lazy var toast = Toast()

    public private(set) lazy var label = Label()

    public private(set) lazy var cancelButton: Button = {
        let button = Button(title: tr("Cancel"))
        button.setTitleColor(.white, for: .normal)
        button.addAction(for: .touchUpInside) { [unowned self] _ in self.onCancel?() }
        return button
    }()

    /// Dismisses an error.
    public private(set) lazy var closeButton: Button = {
        let button = Button(title: "×")
        button.toolTip = tr("Dismiss")
        button.setTitleColor(.white, for: .normal)
        button.horizontalPadding = 8
        button.addAction(for: .touchUpInside) { [unowned self] _ in self.hide() }
        return button
    }()
}
