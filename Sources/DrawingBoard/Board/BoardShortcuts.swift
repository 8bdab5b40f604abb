/// Every shortcut the board answers, by group, as the Keyboard Shortcuts window lists them
/// (F1, Ctrl+?). A row names its keys as key events where a key does it (a test sends each one
/// and checks the board answers it), or in words where a gesture does (a wheel, a drag).
enum BoardShortcuts {
    struct Row {
        let keys: [KeyEvent]
        let gesture: String?
        let action: String

        init(_ action: String, _ keys: [KeyEvent]) { self.action = action; self.keys = keys; gesture = nil }
        init(_ action: String, gesture: String) { self.action = action; keys = []; self.gesture = gesture }

        /// "Ctrl+Shift+S, Ctrl+Y", or the gesture.
        var keyLabel: String { gesture ?? keys.map(BoardShortcuts.label).joined(separator: ", ") }
    }

    static func key(_ character: Character, _ modifiers: KeyEvent.Modifiers = []) -> KeyEvent { KeyEvent(.character(character), modifiers: modifiers) }

    static var groups: [(title: String, rows: [Row])] {
        let ctrl: KeyEvent.Modifiers = .control, ctrlShift: KeyEvent.Modifiers = [.control, .shift]
        return [
            (tr("File"), [Row(tr("New drawing"), [key("n", ctrl)]), Row(tr("Open"), [key("o", ctrl)]),
                          Row(tr("Place a photo"), [key("o", ctrlShift)]), Row(tr("Paste a picture"), [key("v", ctrl)]),
                          Row(tr("Save"), [key("s", ctrl)]), Row(tr("Save As"), [key("s", ctrlShift)]),
                          Row(tr("Export a copy"), [key("e", ctrlShift)]), Row(tr("Revert to the file"), [KeyEvent(.function(5))]),
                          Row(tr("Close"), [key("w", ctrl), key("q", ctrl)])]),
            (tr("Edit"), [Row(tr("Undo"), [key("z", ctrl)]), Row(tr("Redo"), [key("z", ctrlShift), key("y", ctrl)]),
                          Row(tr("Select all"), [key("a", ctrl)]), Row(tr("Select nothing"), [key("a", ctrlShift)]),
                          Row(tr("Copy"), [key("c", ctrl)]), Row(tr("Cut"), [key("x", ctrl)]),
                          Row(tr("Crop to the selection"), [key("x", ctrlShift)]),
                          Row(tr("Clear the selection, or everything"), [KeyEvent(.delete)]),
                          Row(tr("Stop, close a panel, select nothing"), [KeyEvent(.escape)])]),
            (tr("View"), [Row(tr("Zoom in"), [key("+", ctrl)]), Row(tr("Zoom out"), [key("-", ctrl)]),
                          Row(tr("Fit the window"), [key("0", ctrl)]), Row(tr("Actual size (100%)"), [key("1")]),
                          Row(tr("Zoom about the pointer"), gesture: tr("Ctrl+wheel, pinch")),
                          Row(tr("Scroll"), gesture: tr("Wheel, Space+drag, middle drag")),
                          Row(tr("Keyboard shortcuts"), [KeyEvent(.function(1)), key("?", ctrlShift)])]),
            (tr("Tools"), DrawingBoardViewController.tools.map { Row($0.longName, [key($0.key)]) }
                + [Row(tr("Thinner or thicker (text: smaller or larger)"), [key("["), key("]")])]),
            (tr("Photo"), [Row(tr("Keep it where it shows"), [KeyEvent(.enter)]), Row(tr("Drop it"), [KeyEvent(.escape)]),
                           Row(tr("Move"), gesture: tr("Drag")),
                           Row(tr("Scale and turn"), gesture: tr("Ctrl+drag, pinch")),
                           Row(tr("Take back its last change"), [key("z", ctrl)])]),
        ]
    }

    static func label(_ event: KeyEvent) -> String {
        var parts: [String] = []
        if event.modifiers.contains(.control) { parts.append(tr("Ctrl")) }
        if event.modifiers.contains(.alt) { parts.append(tr("Alt")) }
        // Shift is part of "?" itself.
        if event.modifiers.contains(.shift), event.key != .character("?") { parts.append(tr("Shift")) }
        switch event.key {
        case .character(let c): parts.append(String(c).uppercased())
        case .function(let n): parts.append("F\(n)")
        case .enter: parts.append(tr("Enter"))
        case .escape: parts.append(tr("Escape"))
        case .delete: parts.append(tr("Delete"))
        default: parts.append("\(event.key)")
        }
        return parts.joined(separator: "+")
    }
}
