/// File → Join…: an invitation link pasted or typed (`x11paint://HOST:PORT/SESSION#KEY`), read
/// as it is typed so a wrong one says what is wrong before anything connects.
final class JoinSessionViewController: ViewController {
    /// The link to join, checked.
    var onJoin: ((String) -> Void)?
    var onCancel: (() -> Void)?
    private let problem: (String) -> String?

    init(problem: @escaping (String) -> String?) {
        self.problem = problem
        super.init()
    }

    // MARK: - Lifecycle

    override func viewDidLoad() {
        view.backgroundColor = DialogParts.dimming
        view.addSubview(box)
        for subview in [titleLabel, field, messageLabel, joinButton, cancelButton] as [View] { box.addSubview(subview) }
        messageLabel.text = tr("Paste the invitation link someone shared with you.")
        messageLabel.textColor = DialogParts.captionColor
        isModal = true
        defaultButton = joinButton
        escapeButton = cancelButton
    }

    override func viewDidAppear() { field.beginEditing(selectingAll: true) }

    override func viewWillLayoutSubviews() {
        let width = min(560, view.bounds.width - 40)
        box.frame = DialogParts.centered(Size(width: width, height: 160), in: view.bounds)
        titleLabel.frame = Rect(x: 20, y: 12, width: width - 40, height: 24)
        field.frame = Rect(x: 20, y: 44, width: width - 40, height: 28)
        messageLabel.frame = Rect(x: 20, y: 78, width: width - 40, height: 24)
        cancelButton.frame = Rect(x: width - 12 - cancelButton.intrinsicWidth, y: 116, width: cancelButton.intrinsicWidth, height: 32)
        joinButton.frame = Rect(x: cancelButton.frame.minX - 8 - joinButton.intrinsicWidth, y: 116, width: joinButton.intrinsicWidth, height: 32)
    }

    // MARK: - Actions

    func finish() {
        let link = field.text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let problem = problem(link) {
            messageLabel.text = tr("Not an invitation: %@", problem)
            messageLabel.textColor = DialogParts.errorColor
            return
        }
        onJoin?(link)
    }

    // MARK: - Subviews

    private lazy var box = DialogParts.box()
    private lazy var titleLabel = DialogParts.title(tr("Join a Shared Drawing"))
    private(set) lazy var field: TextField = {
        let field = TextField()
        field.onSubmit = { [unowned self] _ in self.finish() }
        return field
    }()
    private(set) lazy var messageLabel = Label()
    private(set) lazy var joinButton = DialogParts.button(tr("Join")) { [unowned self] in self.finish() }
    private lazy var cancelButton = DialogParts.button(tr("Cancel")) { [unowned self] in self.onCancel?() }
}
