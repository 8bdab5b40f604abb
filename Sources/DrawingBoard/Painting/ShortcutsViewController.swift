/// Help's Keyboard Shortcuts window (F1, Ctrl+?, as GNOME's apps have it): every shortcut, a
/// group at a time (the main menu's menus, then Photo), from the menu the board answers keys by.
public final class ShortcutsViewController: ViewController {
    public var onClose: (() -> Void)?
    private let groups: [(title: String, rows: [BoardShortcuts.Row])]

    init(groups: [(title: String, rows: [BoardShortcuts.Row])]) {
        self.groups = groups
        super.init()
    }

    /// Shows the board's shortcuts over it (nothing when another dialog is up).
    static func present(over board: DrawingBoardViewController) {
        guard board.presentedViewController == nil else { return }
        let shortcuts = ShortcutsViewController(groups: BoardShortcuts.groups(for: board))
        let presenter: ViewController = board
        shortcuts.onClose = { [unowned presenter] in presenter.dismiss(animated: false) }
        presenter.present(shortcuts, animated: false)
    }

    public override func viewDidLoad() {
        view.backgroundColor = DialogParts.dimming
        view.addSubview(box)
        for subview in [titleLabel, groupPicker, closeButton] as [View] { box.addSubview(subview) }
        isModal = true
        defaultButton = closeButton
        escapeButton = closeButton
        showGroup(0)
    }

    public override func viewWillLayoutSubviews() {
        box.frame = DialogParts.centered(Size(width: 460, height: 336), in: view.bounds)
        box.frame.origin.y = max(0, box.frame.origin.y)
        let width = box.frame.width
        titleLabel.frame = Rect(x: 16, y: 10, width: width - 32, height: 22)
        groupPicker.frame = Rect(x: 16, y: 38, width: width - 32, height: 26)
        // A long group (Tools) packs its rows closer rather than reach under Close.
        let rowHeight = min(Self.rowHeight, ((box.frame.height - 42 - 72) / Double(max(1, rows.count))).rounded(.down))
        for (index, row) in rows.enumerated() {
            let y = 72 + Double(index) * rowHeight
            row.keys.frame = Rect(x: 16, y: y, width: Self.keyColumn, height: rowHeight)
            row.action.frame = Rect(x: 16 + Self.keyColumn + 8, y: y, width: width - 40 - Self.keyColumn, height: rowHeight)
        }
        closeButton.frame = Rect(x: width - 12 - closeButton.intrinsicWidth, y: box.frame.height - 42, width: closeButton.intrinsicWidth, height: 32)
    }

    /// The group whose shortcuts show (tests; the picker).
    public var shownGroup: Int { groupPicker.selectedSegmentIndex }

    /// The rows shown now, as text: "keys  action".
    public var shownRows: [String] { rows.map { $0.keys.text + "  " + $0.action.text } }

    public func showGroup(_ index: Int) {
        groupPicker.selectedSegmentIndex = index
        for row in rows { row.keys.removeFromSuperview(); row.action.removeFromSuperview() }
        rows = groups[index].rows.map { row in
            let keys = Label(text: row.keyLabel), action = Label(text: row.action)
            keys.font = Font.system(size: 12)
            action.font = Font.system(size: 12)
            box.addSubview(keys)
            box.addSubview(action)
            return (keys, action)
        }
        view.setNeedsLayout()
    }

    private static let rowHeight = 18.0
    private static let keyColumn = 150.0
    private var rows: [(keys: Label, action: Label)] = []

    // MARK: - Subviews

    private lazy var box = DialogParts.box()
    private lazy var titleLabel = DialogParts.title(tr("Keyboard Shortcuts"))
    private lazy var groupPicker: SegmentedControl = {
        let picker = SegmentedControl(items: groups.map(\.title))
        picker.addAction(for: .valueChanged) { [unowned self] _ in self.showGroup(self.groupPicker.selectedSegmentIndex) }
        return picker
    }()
    private lazy var closeButton = DialogParts.button(tr("Close")) { [unowned self] in self.onClose?() }
}
