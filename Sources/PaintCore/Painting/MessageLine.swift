/// The line of news above the bottom bar: "Saved to …", "Opening … 40% (Escape cancels)",
/// an error in red. News fades after a few seconds; an error stays until the next message.
/// A Cancel button shows at its end while something can be stopped.
public final class MessageLine: View {
    /// How long a message stays before it fades.
    public static let duration = 6.0
    private var fadeTimer: Scheduler.Timer?
    /// Told when Cancel is pressed.
    var onCancel: (() -> Void)?

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        addSubview(label)
        addSubview(cancelButton)
        label.isHidden = true
        cancelButton.isHidden = true
    }

    public override func layoutSubviews() {
        label.frame = bounds
        cancelButton.frame = Rect(x: bounds.width - 90, y: 0, width: 86, height: bounds.height)
    }

    /// Lets touches through where no message shows.
    public override func hitTest(_ point: Point) -> View? {
        let hit = super.hitTest(point)
        return hit === self ? nil : hit
    }

    public func show(_ text: String, isError: Bool = false) {
        label.text = "  " + text
        label.textColor = isError ? Color(r: 255, g: 210, b: 210) : .white
        label.backgroundColor = isError ? Color(r: 160, g: 20, b: 20, a: 220) : Color(r: 20, g: 20, b: 24, a: 190)
        label.isHidden = false
        label.alpha = 1
        fadeTimer?.cancel()
        guard !isError else { return }
        fadeTimer = window?.application.scheduler.schedule(after: Self.duration) { [weak self] in
            guard let label = self?.label else { return }
            label.animate(duration: 0.4, animations: { label.alpha = 0 }, completion: { finished in
                if finished { label.isHidden = true }
            })
        }
    }

    public func hide() { label.isHidden = true }

    public var showsCancel: Bool {
        get { !cancelButton.isHidden }
        set { cancelButton.isHidden = !newValue }
    }

    public private(set) lazy var label = Label()

    public private(set) lazy var cancelButton: Button = {
        let button = Button(title: "Cancel")
        button.addAction(for: .touchUpInside) { [unowned self] _ in self.onCancel?() }
        return button
    }()
}
