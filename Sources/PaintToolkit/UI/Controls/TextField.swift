/// One line of editable text, as GTK's entry edits it: a click places the caret (a drag or
/// Shift+click selects, a double click selects a word), Left/Right and Home/End move it (by
/// word with Ctrl, selecting with Shift), Backspace and Delete (a word with Ctrl), Ctrl+A
/// selects everything, Ctrl+Z takes typing back, Ctrl+C/X/V go through the desktop's
/// CLIPBOARD, and what is selected is the PRIMARY selection a middle click pastes (see
/// TextField+Clipboard). Enter sends `onSubmit`, or goes on to the dialog's default button.
open class TextField: Control, TextInputClient {
    /// The line and its caret, selection and undo (the model; this view shows and edits it).
    public private(set) var editor: LineEditor

    /// The text. Setting it (a program, not the user) puts the caret at its end.
    public var text: String {
        get { editor.text }
        set {
            guard newValue != editor.text else { return }
            editor.replaceAll(with: newValue)
            setNeedsDisplay()
        }
    }
    /// The whole text is selected (Ctrl+A, or the focus came from the keyboard): typing replaces it.
    public var selectsAll: Bool { isEditing && editor.selection == 0..<editor.characters.count }
    public var placeholder: String { didSet { setNeedsDisplay() } }
    public var font = Font.system(size: 13)
    /// Called when Enter is pressed.
    public var onSubmit: ((String) -> Void)?
    public private(set) var isEditing = false
    /// How far the text is scrolled left so the caret shows in a field narrower than it.
    private var scrollX = 0.0

    public init(text: String = "", placeholder: String = "", frame: Rect = .zero) {
        editor = LineEditor(text)
        self.placeholder = placeholder
        super.init(frame: frame)
        backgroundColor = .white
    }

    open override var canBecomeFirstResponder: Bool { true }
    open override var acceptsKeyboardFocus: Bool { true }
    open override var pointerCursor: PointerCursor? { .text }

    /// Starts taking keys. `selectingAll`: the focus came from the keyboard (a dialog opening,
    /// Tab), so the text is selected and typing replaces it, as GTK's and Qt's fields do; a click
    /// puts the cursor where it is instead.
    public func beginEditing(selectingAll: Bool = false) {
        guard becomeFirstResponder() else { return }
        isEditing = true
        if selectingAll && !editor.characters.isEmpty { edit { $0.selectAll() } }
        setNeedsDisplay()
    }

    public func endEditing() { resignFirstResponder() }

    /// Selects the characters in `range` (Save As selects a name without its ending, as GTK's does).
    public func select(_ range: Range<Int>) {
        edit {
            $0.place(at: range.lowerBound, extending: false)
            $0.place(at: range.upperBound, extending: true)
        }
    }

    /// Editing ends whenever it stops taking keys first (another field, or it left the window).
    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard super.resignFirstResponder() else { return false }
        isEditing = false
        editor.place(at: editor.caret, extending: false)
        setNeedsDisplay()
        return true
    }

    /// Changes the line through `change`; says valueChanged when the text changed, and offers
    /// a new selection as PRIMARY.
    func edit(_ change: (inout LineEditor) -> Void) {
        let before = editor
        change(&editor)
        guard editor != before else { return }
        setNeedsDisplay()
        if editor.text != before.text { sendActions(for: .valueChanged) }
        if let selected = editor.selectedText, editor.selection != before.selection { window?.application.pasteboard?.provideSelectedText(selected) }
    }

    // MARK: - Pointer

    /// The caret's place for a point in this view: the nearest gap between two characters.
    public func characterIndex(at point: Point) -> Int {
        let x = point.x - textOrigin.x
        var previous = 0.0
        for index in 0...editor.characters.count {
            let width = index == 0 ? 0 : font.width(of: String(editor.characters[..<index]))
            if width >= x { return x - previous < width - x ? max(0, index - 1) : index }
            previous = width
        }
        return editor.characters.count
    }

    open override func beginTracking(_ touch: Touch) -> Bool {
        let wasEditing = isEditing
        if !wasEditing { beginEditing() }
        let index = characterIndex(at: touch.location(in: self))
        let shift = window?.modifierFlags.contains(.shift) ?? false
        edit { touch.tapCount >= 2 ? $0.selectWord(at: index) : $0.place(at: index, extending: shift && wasEditing) }
        return true
    }

    open override func continueTracking(_ touch: Touch) -> Bool {
        guard touch.tapCount < 2 else { return true }
        let index = characterIndex(at: touch.location(in: self))
        edit { $0.place(at: index, extending: true) }
        return true
    }

    open override func endTracking(_ touch: Touch) {
        if !isEditing { beginEditing() }
    }

    open override func middleClicked(at point: Point) -> Bool { pastePrimary(at: point) }

    // MARK: - Keys

    open override func keyDown(_ event: KeyEvent) -> Bool {
        // Alt's keys are the window's (Alt+Home, Alt+Up in the chooser), not the field's.
        guard isEditing, !event.modifiers.contains(.alt) else { return super.keyDown(event) }
        let control = event.modifiers.contains(.control), shift = event.modifiers.contains(.shift)
        switch event.key {
        case .left, .right:
            edit { $0.move(backwards: event.key == .left, by: control ? .word : .character, extending: shift) }
        case .home, .end:
            edit { $0.move(backwards: event.key == .home, by: .end, extending: shift) }
        case .backspace, .delete:
            edit { $0.delete(backwards: event.key == .backspace, word: control) }
        case .character(let c) where control:
            return controlKey(c, shift: shift) || super.keyDown(event)
        case .enter:
            // A field of its own answers Enter; else Enter goes on up and presses the dialog's
            // default button, as in every desktop toolkit.
            guard let onSubmit else { return super.keyDown(event) }
            onSubmit(text)
        case .tab:
            // Editing ends and the window moves the focus on.
            endEditing()
            return false
        case .escape:
            // Editing ends, and Escape goes on up: it also cancels the dialog the field is in.
            endEditing()
            return super.keyDown(event)
        default:
            guard let typed = event.text, !typed.isEmpty, !control else { return super.keyDown(event) }
            edit { $0.insert(typed, joiningTyping: true) }
        }
        return true
    }

    /// Ctrl+A, Ctrl+Z and the clipboard's keys; false for a key that is not the field's.
    private func controlKey(_ c: Character, shift: Bool) -> Bool {
        switch c.lowercased() {
        case "a": edit { $0.selectAll() }
        case "z" where !shift: edit { $0.undo() }
        case "c": copySelection()
        case "x": cutSelection()
        case "v": paste()
        default: return false
        }
        return true
    }

    /// The text without its last word and the spaces after it; a path or a file name stops at
    /// its separators (/, ., -, _), as GTK's fields do (Ctrl+Backspace at the end).
    static func deletingLastWord(of text: String) -> String {
        var editor = LineEditor(text)
        editor.delete(backwards: true, word: true)
        return editor.text
    }

    // MARK: - Drawing

    private var showsPlaceholder: Bool { text.isEmpty && !isEditing }

    /// What the field shows when it is not being edited. Text that does not fit is elided,
    /// never cut: a placeholder (a hint, read from its start) at its end; a long path keeps its
    /// end (where the file's name is) in view, with an ellipsis where its start was.
    public var shownText: String {
        let room = bounds.width - 12
        var shown = showsPlaceholder ? placeholder : text
        guard font.width(of: shown) > room else { return shown }
        if showsPlaceholder {
            while shown.count > 1 && font.width(of: shown + "…") > room { shown.removeLast() }
            return shown + "…"
        }
        guard !isEditing else { return shown }
        while shown.count > 1 && font.width(of: "…" + shown) > room { shown.removeFirst() }
        return "…" + shown
    }

    /// Where the text's first character starts, in this view, while it is edited (scrolled so
    /// the caret shows).
    private var textOrigin: Point {
        Point(x: 6 - scrollX, y: (bounds.midY + (font.ascender + font.descender) / 2).rounded())
    }

    public var textInputCaretRect: Rect? { isEditing ? caretRect : nil }

    /// The caret's rectangle in this view (where an input method shows what is being composed).
    public var caretRect: Rect {
        let x = textOrigin.x + font.width(of: String(editor.characters[..<editor.caret]))
        return Rect(x: x, y: bounds.midY - 8, width: 1, height: 16)
    }

    /// Keeps the caret inside the field: the text scrolls by as little as shows it.
    private func scrollToCaret() {
        guard isEditing else { return scrollX = 0 }
        let room = bounds.width - 12, caretX = font.width(of: String(editor.characters[..<editor.caret]))
        let textWidth = font.width(of: text)
        if caretX - scrollX > room { scrollX = caretX - room }
        if caretX < scrollX { scrollX = caretX }
        scrollX = max(0, min(scrollX, max(0, textWidth - room)))
    }

    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        let border = isEditing ? Color(r: 0, g: 122, b: 255) : isHovered ? Color(r: 120, g: 120, b: 128) : Color(r: 180, g: 180, b: 186)
        context.strokeBorder(bounds, width: 1, color: border)
        context.save()
        context.clip(to: bounds.insetBy(dx: 4, dy: 1))
        let color = showsPlaceholder ? Color(r: 150, g: 150, b: 156) : Color(r: 30, g: 30, b: 34)
        guard isEditing else {
            let shown = shownText
            let baseline = textOrigin.y
            context.draw(shown, at: Point(x: 6, y: baseline), font: font, color: color)
            return context.restore()
        }
        scrollToCaret()
        let origin = textOrigin
        if let selection = editor.selection {
            let start = font.width(of: String(editor.characters[..<selection.lowerBound]))
            let end = font.width(of: String(editor.characters[..<selection.upperBound]))
            context.fill(Rect(x: origin.x + start, y: bounds.midY - 9, width: end - start, height: 18), with: Color(r: 179, g: 215, b: 255))
        }
        context.draw(text, at: origin, font: font, color: color)
        context.fill(caretRect, with: Color(r: 0, g: 122, b: 255))
        context.restore()
    }
}
