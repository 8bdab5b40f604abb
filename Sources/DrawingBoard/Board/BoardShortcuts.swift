/// Every shortcut the board answers, by group, as the Keyboard Shortcuts window lists them
/// (F1, Ctrl+?): the main menu's commands that have keys, menu by menu, and the keys and
/// gestures that act on what is under way (Escape, F10, the wheel and the touchpad, a photo
/// being placed).
enum BoardShortcuts {
    struct Row {
        let keys: [KeyEvent]
        let gesture: String?
        let action: String

        init(_ action: String, _ keys: [KeyEvent]) { self.action = action; self.keys = keys; gesture = nil }
        init(_ action: String, gesture: String) { self.action = action; keys = []; self.gesture = gesture }

        /// "Ctrl+Shift+Z, Ctrl+Y", or the gesture. Alternates that only differ by Shift or by
        /// Ctrl on the same key (Ctrl+= for Ctrl++, Ctrl+[ for [) are not repeated.
        var keyLabel: String { gesture ?? keys.prefix(2).filter { $0 == keys[0] || !$0.isVariant(of: keys[0]) }.map(\.shortcutLabel).joined(separator: ", ") }
    }

    static func groups(for board: DrawingBoardViewController) -> [(title: String, rows: [Row])] {
        let menus = board.mainMenu.menu.children.compactMap { child -> Menu? in if case .menu(let menu) = child { menu } else { nil } }
        var groups = menus.map { menu in
            (title: menu.title, rows: menu.allCommands.filter { !$0.keys.isEmpty }.map { Row($0.title, $0.keys) })
        }
        if let edit = groups.firstIndex(where: { $0.title == tr("Edit") }) {
            groups[edit].rows.append(Row(tr("Stop, close a panel, select nothing"), [KeyEvent(.escape)]))
        }
        // The tools' keys, and the pen's (its width, its brush, its colours) in a group of their
        // own beside them: together they no longer fit the smallest window.
        if let tools = groups.firstIndex(where: { $0.title == tr("Tools") }) {
            let names = Set(DrawingBoardViewController.tools.map(\.longName))
            let pen = groups[tools].rows.filter { !names.contains($0.action) }
            groups[tools].rows.removeAll { !names.contains($0.action) }
            if !pen.isEmpty { groups.insert((tr("Pen and Colours"), pen), at: tools + 1) }
        }
        if let help = groups.firstIndex(where: { $0.title == tr("Help") }) {
            groups[help].rows.insert(Row(tr("Main menu"), [KeyEvent(.function(10))]), at: 0)
        }
        // The pointer's and the touchpad's ways of moving about, beside the View menu's keys (in
        // the smallest window a group of their own fits where the two did not).
        if let view = groups.firstIndex(where: { $0.title == tr("View") }) {
            groups.insert((tr("Gestures"), [Row(tr("Zoom about the pointer"), gesture: tr("Ctrl+wheel, pinch")),
                                            Row(tr("Scroll"), gesture: tr("Wheel, Space+drag, middle drag"))]), at: view + 1)
        }
        groups.append((tr("Photo"), [Row(tr("Keep it where it shows"), [KeyEvent(.enter)]), Row(tr("Drop it"), [KeyEvent(.escape)]),
                                      Row(tr("Move"), gesture: tr("Drag")),
                                      Row(tr("Scale and turn"), gesture: tr("Ctrl+drag, pinch")),
                                      Row(tr("Take back its last change"), [BoardMenu.key("z", .control)])]))
        groups.append((tr("Transform"), [Row(tr("Apply"), [KeyEvent(.enter)]), Row(tr("Cancel"), [KeyEvent(.escape)]),
                                          Row(tr("Scale, keeping the proportions"), gesture: tr("Shift+drag a corner")),
                                          Row(tr("Turn in 15° steps"), gesture: tr("Shift+drag outside")),
                                          Row(tr("Skew"), gesture: tr("Ctrl+drag a side")),
                                          Row(tr("Perspective"), gesture: tr("Ctrl+drag a corner"))]))
        return groups
    }
}

private extension KeyEvent {
    /// The same key with other modifiers, or its shifted twin ("+" and "=").
    func isVariant(of other: KeyEvent) -> Bool {
        key == other.key || Set([key, other.key]) == Set([.character("+"), .character("=")])
    }
}
