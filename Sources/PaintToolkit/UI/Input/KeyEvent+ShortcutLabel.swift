extension KeyEvent {
    /// How menus and the shortcuts window write the key: "Ctrl+Shift+S", "F1", "Ctrl+?".
    public var shortcutLabel: String {
        var parts: [String] = []
        if modifiers.contains(.control) { parts.append(tr("Ctrl")) }
        if modifiers.contains(.alt) { parts.append(tr("Alt")) }
        // Shift is part of "?" and "+" themselves.
        if modifiers.contains(.shift), key != .character("?"), key != .character("+") { parts.append(tr("Shift")) }
        switch key {
        case .character(let c): parts.append(String(c).uppercased())
        case .function(let n): parts.append("F\(n)")
        case .enter: parts.append(tr("Enter"))
        case .escape: parts.append(tr("Escape"))
        case .delete: parts.append(tr("Delete"))
        case .backspace: parts.append(tr("Backspace"))
        case .tab: parts.append(tr("Tab"))
        case .left, .right, .up, .down, .home, .end: parts.append("\(key)".capitalized)
        case .pageUp: parts.append(tr("Page Up"))
        case .pageDown: parts.append(tr("Page Down"))
        }
        return parts.joined(separator: "+")
    }
}
