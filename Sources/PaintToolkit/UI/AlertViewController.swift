/// A question over a dimmed window with a few answers (UIAlertController's alert style, as a
/// desktop dialog): "Save changes to the drawing first?" Save / Don't save / Cancel. Enter
/// picks the preferred answer, Escape the cancel one. The presenter dismisses it; answers run
/// after that.
public final class AlertViewController: ViewController {
    public struct Action {
        public enum Style { case normal, preferred, cancel }
        public let title: String
        public let style: Style
        public let handler: () -> Void

        public init(_ title: String, style: Style = .normal, handler: @escaping () -> Void = {}) {
            self.title = title
            self.style = style
            self.handler = handler
        }
    }

    public let title: String
    public let message: String
    public let actions: [Action]
    /// Set by the presenter: how to take the alert away before an answer runs.
    public var dismissal: (() -> Void)?

    public init(title: String, message: String, actions: [Action]) {
        self.title = title
        self.message = message
        self.actions = actions
        super.init()
    }

    public override func viewDidLoad() {
        view.backgroundColor = DialogParts.dimming
        view.addSubview(box)
        box.addSubview(titleLabel)
        box.addSubview(messageLabel)
        for button in buttons { box.addSubview(button) }
        isModal = true
        defaultButton = actions.firstIndex { $0.style == .preferred }.map { buttons[$0] }
        // Escape cancels; a message with one answer (About) has nothing to cancel, and Escape closes it.
        escapeButton = actions.firstIndex { $0.style == .cancel }.map { buttons[$0] } ?? (buttons.count == 1 ? buttons[0] : nil)
    }

    public override func viewWillLayoutSubviews() {
        // The message's own lines at its font's line height (a Chinese face's lines are taller
        // than a Latin one's), at least the usual box's three lines' room.
        let lines = messageLabel.lines(fitting: min(440, view.bounds.width - 40) - 40).count
        let messageHeight = max(48, (Double(lines) * messageLabel.font.lineHeight).rounded(.up) + 2)
        box.frame = DialogParts.centered(Size(width: 440, height: messageHeight + 102), in: view.bounds)
        let width = box.frame.width
        let buttonsWidth = buttons.reduce(0) { $0 + $1.intrinsicWidth + 8 }
        titleLabel.frame = Rect(x: 20, y: 14, width: width - 40, height: 24)
        messageLabel.frame = Rect(x: 20, y: 42, width: width - 40, height: messageHeight)
        var x = max(12, width - 12 - buttonsWidth)
        for button in buttons {
            button.frame = Rect(x: x, y: 56 + messageHeight, width: button.intrinsicWidth, height: 32)
            x += button.intrinsicWidth + 8
        }
    }

    /// Answers with the action at `index` (nil: no such answer, nothing happens).
    public func answer(_ index: Int?) {
        guard let index, actions.indices.contains(index) else { return }
        dismissal?()
        actions[index].handler()
    }

    /// Answers by title (tests, and keyboard users' muscle memory).
    public func answer(_ title: String) { answer(actions.firstIndex { $0.title == title }) }

    // MARK: - Subviews

    private lazy var box = DialogParts.box()
    private lazy var titleLabel = DialogParts.title(title)

    private lazy var messageLabel: WrappingLabel = {
        let label = WrappingLabel()
        label.text = message
        return label
    }()

    public private(set) lazy var buttons: [Button] = actions.enumerated().map { index, action in
        DialogParts.button(action.title) { [unowned self] in self.answer(index) }
    }
}
