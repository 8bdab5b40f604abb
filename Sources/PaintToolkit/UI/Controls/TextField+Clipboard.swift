/// The field and the desktop's clipboard (through the application's pasteboard): Ctrl+C and
/// Ctrl+X put the selected text on the CLIPBOARD, Ctrl+V pastes its text at the caret (over
/// the selection), and a middle click pastes the PRIMARY selection where it clicks, as GTK's
/// entry does. A pasted text's line breaks are dropped (the field holds one line).
extension TextField {
    func copySelection() {
        guard let selected = editor.selectedText else { return }
        window?.application.pasteboard?.provideText(selected)
    }

    func cutSelection() {
        guard editor.selectedText != nil else { return }
        copySelection()
        edit { $0.delete(backwards: true, word: false) }
    }

    func paste() {
        window?.application.pasteboard?.requestText(primary: false) { [weak self] text in
            guard let self, self.isEditing, let text, !text.isEmpty else { return }
            self.edit { $0.insert(text) }
        }
    }

    /// A middle click: the PRIMARY selection's text where the click was.
    func pastePrimary(at point: Point) -> Bool {
        guard isEnabled else { return false }
        if !isEditing { beginEditing() }
        let index = characterIndex(at: point)
        window?.application.pasteboard?.requestText(primary: true) { [weak self] text in
            guard let self, let text, !text.isEmpty else { return }
            self.edit {
                $0.place(at: index, extending: false)
                $0.insert(text)
            }
        }
        return true
    }
}
