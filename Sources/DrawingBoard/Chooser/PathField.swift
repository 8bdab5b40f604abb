/// The chooser's location field: a text field where Tab completes the typed path (as a shell
/// and GTK's location entry do) instead of moving the focus on, and Backspace with nothing
/// typed goes to the folder above (as in GTK's chooser).
final class PathField: TextField {
    /// The completed text for what is typed now.
    var complete: ((String) -> String)?
    var onBackspaceWhenEmpty: (() -> Void)?

    override func keyDown(_ event: KeyEvent) -> Bool {
        if isEditing, event.key == .backspace, text.isEmpty, let onBackspaceWhenEmpty {
            onBackspaceWhenEmpty()
            return true
        }
        guard isEditing, event.key == .tab, event.modifiers.isEmpty, let complete else { return super.keyDown(event) }
        let completed = complete(text)
        if completed != text {
            text = completed
            sendActions(for: .valueChanged)
        }
        return true
    }
}
