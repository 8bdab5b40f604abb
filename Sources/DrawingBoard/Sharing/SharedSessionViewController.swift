/// File → Share… while the drawing is shared: the invitation link to pass on (selected, and a
/// button that copies it), how the connection is, and Leave, which keeps the drawing as a copy
/// of one's own.
final class SharedSessionViewController: ViewController {
    var onCopy: (() -> Void)?
    var onLeave: (() -> Void)?
    var onClose: (() -> Void)?
    private let summary: SharedSessionSummary

    init(summary: SharedSessionSummary) {
        self.summary = summary
        super.init()
    }

    // MARK: - Lifecycle

    override func viewDidLoad() {
        view.backgroundColor = DialogParts.dimming
        view.addSubview(box)
        for subview in [titleLabel, field, statusLabel, copyButton, leaveButton, closeButton] as [View] { box.addSubview(subview) }
        field.text = summary.link
        statusLabel.text = summary.isHost
            ? tr("%@. Anyone with this link can draw here while this window is open.", summary.status)
            : tr("%@. Everyone in the session sees what you draw.", summary.status)
        statusLabel.textColor = DialogParts.captionColor
        isModal = true
        defaultButton = closeButton
        escapeButton = closeButton
    }

    override func viewDidAppear() { field.beginEditing(selectingAll: true) }

    override func viewWillLayoutSubviews() {
        let width = min(600, view.bounds.width - 16)
        box.frame = DialogParts.centered(Size(width: width, height: 160), in: view.bounds)
        titleLabel.frame = Rect(x: 20, y: 12, width: width - 40, height: 24)
        field.frame = Rect(x: 20, y: 44, width: width - 40, height: 28)
        statusLabel.frame = Rect(x: 20, y: 78, width: width - 40, height: 24)
        closeButton.frame = Rect(x: width - 12 - closeButton.intrinsicWidth, y: 116, width: closeButton.intrinsicWidth, height: 32)
        copyButton.frame = Rect(x: closeButton.frame.minX - 8 - copyButton.intrinsicWidth, y: 116, width: copyButton.intrinsicWidth, height: 32)
        leaveButton.frame = Rect(x: 12, y: 116, width: leaveButton.intrinsicWidth, height: 32)
    }

    // MARK: - Subviews

    private lazy var box = DialogParts.box()
    private lazy var titleLabel = DialogParts.title(summary.isHost ? tr("Shared Drawing") : tr("Joined Drawing"))
    private(set) lazy var field = TextField()
    private(set) lazy var statusLabel = Label()
    private(set) lazy var copyButton = DialogParts.button(tr("Copy Link")) { [unowned self] in self.onCopy?() }
    private(set) lazy var leaveButton = DialogParts.button(tr("Leave")) { [unowned self] in self.onLeave?() }
    private lazy var closeButton = DialogParts.button(tr("Close")) { [unowned self] in self.onClose?() }
}
