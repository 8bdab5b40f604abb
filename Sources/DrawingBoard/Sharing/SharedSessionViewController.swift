/// File → Share… while the drawing is shared: the invitation link to pass on (selected, and a
/// button that copies it), how the connection is, who is in the drawing, the latest lines of its
/// chat with a field to say one, and Leave, which keeps the drawing as a copy of one's own.
final class SharedSessionViewController: ViewController {
    var onCopy: (() -> Void)?
    var onLeave: (() -> Void)?
    var onClose: (() -> Void)?
    /// A line typed in the chat field and sent with Enter.
    var onSay: ((String) -> Void)?
    /// The host's buttons: lock or unlock, remove someone, end the session.
    var onModerate: ((SharedSessionAction) -> Void)?
    private let summary: SharedSessionSummary

    init(summary: SharedSessionSummary) {
        self.summary = summary
        super.init()
    }

    /// How many lines of chat the dialog shows.
    static let chatLines = 6

    // MARK: - Lifecycle

    override func viewDidLoad() {
        view.backgroundColor = DialogParts.dimming
        view.addSubview(box)
        for subview in [titleLabel, field, statusLabel, peopleLabel, chatField, copyButton, leaveButton, closeButton] + chatLabels as [View] {
            box.addSubview(subview)
        }
        if summary.isHost { for button in hostButtons { box.addSubview(button) } }
        field.text = summary.link
        statusLabel.text = summary.isHost
            ? tr("%@. Anyone with this link can draw here while this window is open.", summary.status)
            : tr("%@. Everyone in the session sees what you draw.", summary.status)
        peopleLabel.text = tr("In the drawing: %@", summary.participants.map { $0.isYou ? tr("%@ (you)", $0.name) : $0.name }.joined(separator: ", "))
        for (label, line) in zip(chatLabels, summary.chat.suffix(Self.chatLines)) { label.text = line }
        for label in [statusLabel, peopleLabel] + chatLabels { label.textColor = DialogParts.captionColor }
        chatField.placeholder = tr("Say something to everyone (Enter sends)")
        isModal = true
        defaultButton = closeButton
        escapeButton = closeButton
    }

    override func viewDidAppear() { field.beginEditing(selectingAll: true) }

    override func viewWillLayoutSubviews() {
        let width = min(600, view.bounds.width - 40)
        let chatHeight = Double(summary.chat.suffix(Self.chatLines).count) * 20
        let hostRow = summary.isHost ? 40.0 : 0
        let height = 230 + chatHeight + hostRow
        box.frame = DialogParts.centered(Size(width: width, height: height), in: view.bounds)
        titleLabel.frame = Rect(x: 20, y: 12, width: width - 40, height: 24)
        field.frame = Rect(x: 20, y: 44, width: width - 40, height: 28)
        statusLabel.frame = Rect(x: 20, y: 78, width: width - 40, height: 22)
        peopleLabel.frame = Rect(x: 20, y: 102, width: width - 40, height: 22)
        for (index, label) in chatLabels.enumerated() { label.frame = Rect(x: 20, y: 130 + Double(index) * 20, width: width - 40, height: 20) }
        chatField.frame = Rect(x: 20, y: 134 + chatHeight, width: width - 40, height: 28)
        var x = 20.0
        for button in hostButtons {
            button.frame = Rect(x: x, y: 172 + chatHeight, width: button.intrinsicWidth, height: 30)
            x += button.intrinsicWidth + 6
        }
        let buttonsY = height - 44
        closeButton.frame = Rect(x: width - 12 - closeButton.intrinsicWidth, y: buttonsY, width: closeButton.intrinsicWidth, height: 32)
        copyButton.frame = Rect(x: closeButton.frame.minX - 8 - copyButton.intrinsicWidth, y: buttonsY, width: copyButton.intrinsicWidth, height: 32)
        leaveButton.frame = Rect(x: 12, y: buttonsY, width: leaveButton.intrinsicWidth, height: 32)
    }

    // MARK: - Subviews

    private lazy var box = DialogParts.box()
    private lazy var titleLabel = DialogParts.title(summary.isHost ? tr("Shared Drawing") : tr("Joined Drawing"))
    private(set) lazy var field = TextField()
    private(set) lazy var statusLabel = Label()
    private(set) lazy var peopleLabel = Label()
    private lazy var chatLabels: [Label] = (0..<min(Self.chatLines, summary.chat.count)).map { _ in Label() }
    private(set) lazy var chatField: TextField = {
        let field = TextField()
        field.onSubmit = { [unowned self] text in
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { return }
            self.onSay?(text)
        }
        return field
    }()
    /// Lock or unlock, End Session, and Remove for each other participant (three at most).
    private(set) lazy var hostButtons: [Button] = {
        var buttons = [DialogParts.button(summary.isLocked ? tr("Unlock Drawing") : tr("Lock Drawing")) { [unowned self] in
            self.onModerate?(.lock(!self.summary.isLocked))
        }, DialogParts.button(tr("End Session")) { [unowned self] in self.onModerate?(.end) }]
        for participant in summary.participants.filter({ !$0.isYou }).prefix(3) {
            buttons.append(DialogParts.button(tr("Remove %@", participant.name)) { [unowned self] in self.onModerate?(.remove(participant.id)) })
        }
        return buttons
    }()
    private(set) lazy var copyButton = DialogParts.button(tr("Copy Link")) { [unowned self] in self.onCopy?() }
    private(set) lazy var leaveButton = DialogParts.button(tr("Leave")) { [unowned self] in self.onLeave?() }
    private lazy var closeButton = DialogParts.button(tr("Close")) { [unowned self] in self.onClose?() }
}
