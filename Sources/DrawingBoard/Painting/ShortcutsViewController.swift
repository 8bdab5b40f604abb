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

    /// Laid out from the text as measured: rows a line apart (never closer: a row of Tools
    /// once printed over the next and cut "Rectangle"'s g), the keys' column as wide as its
    /// widest keys, and a group longer than the box has room for in columns side by side.
    public override func viewWillLayoutSubviews() {
        let font = Self.rowFont, lineHeight = (font.lineHeight + 3).rounded(.up)
        let keyColumn = ((rows.map { font.width(of: $0.keys.text) }.max() ?? 0) + 14).rounded(.up)
        let actionColumn = ((rows.map { font.width(of: $0.action.text) }.max() ?? 0) + 18).rounded(.up)
        let top = 74.0, bottomRoom = 52.0
        let width = min(Self.widest, view.bounds.width - 40)
        let tallest = max(200, view.bounds.height - 16)
        // As many rows in a column as the tallest box holds; the box as tall as the group needs.
        let perColumn = max(1, Int((tallest - top - bottomRoom) / lineHeight))
        let columns = max(1, (rows.count + perColumn - 1) / perColumn)
        let shownPerColumn = (rows.count + columns - 1) / columns
        let height = min(tallest, max(Self.shortest, top + Double(shownPerColumn) * lineHeight + bottomRoom))
        box.frame = DialogParts.centered(Size(width: width, height: height), in: view.bounds)
        box.frame.origin.y = max(8, box.frame.origin.y)
        titleLabel.frame = Rect(x: 16, y: 10, width: width - 32, height: 22)
        groupPicker.frame = Rect(x: 16, y: 38, width: min(width - 32, max(180, groupPicker.intrinsicWidth)), height: 30)
        let columnWidth = (width - 32) / Double(columns)
        let keysWidth = min(keyColumn, max(columnWidth * 0.5, columnWidth - actionColumn))
        for (index, row) in rows.enumerated() {
            let column = Double(index / shownPerColumn), y = top + Double(index % shownPerColumn) * lineHeight
            let x = 16 + column * columnWidth
            row.keys.frame = Rect(x: x, y: y, width: keysWidth, height: lineHeight)
            row.action.frame = Rect(x: x + keysWidth, y: y, width: min(actionColumn, columnWidth - keysWidth), height: lineHeight)
        }
        closeButton.frame = Rect(x: width - 12 - closeButton.intrinsicWidth, y: height - 42, width: closeButton.intrinsicWidth, height: 32)
    }

    /// The group whose shortcuts show (tests; the picker).
    public var shownGroup: Int { groupPicker.selectedIndex }

    /// The rows shown now, as text: "keys  action".
    public var shownRows: [String] { rows.map { $0.keys.text + "  " + $0.action.text } }

    public func showGroup(_ index: Int) {
        groupPicker.selectedIndex = index
        for row in rows { row.keys.removeFromSuperview(); row.action.removeFromSuperview() }
        rows = groups[index].rows.map { row in
            let keys = Label(text: row.keyLabel), action = Label(text: row.action)
            keys.font = Self.rowFont
            action.font = Self.rowFont
            box.addSubview(keys)
            box.addSubview(action)
            return (keys, action)
        }
        view.setNeedsLayout()
    }

    /// Left and Right (and Page Up/Down) step through the groups, as a tab strip's keys do.
    public override func keyDown(_ event: KeyEvent) -> Bool {
        let steps: [KeyEvent.Key: Int] = [.left: -1, .right: 1, .pageUp: -1, .pageDown: 1]
        guard event.modifiers.isEmpty, let step = steps[event.key] else { return super.keyDown(event) }
        showGroup((shownGroup + step + groups.count) % groups.count)
        return true
    }

    private static let rowFont = Font.system(size: 13)
    private static let widest = 640.0
    private static let shortest = 240.0
    private var rows: [(keys: Label, action: Label)] = []

    // MARK: - Subviews

    private lazy var box = DialogParts.box()
    private lazy var titleLabel = DialogParts.title(tr("Keyboard Shortcuts"))
    /// The groups (the main menu's menus, then Photo), one at a time, as GNOME's shortcuts window picks its sections.
    private lazy var groupPicker: PopUpButton = {
        let picker = PopUpButton(items: groups.map(\.title))
        picker.addAction(for: .valueChanged) { [unowned self] _ in self.showGroup(self.groupPicker.selectedIndex) }
        return picker
    }()
    private lazy var closeButton = DialogParts.button(tr("Close")) { [unowned self] in self.onClose?() }
}
