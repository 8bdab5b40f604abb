/// One line of editable text: tap it to type (it becomes the first responder), Backspace
/// deletes, Ctrl+Backspace deletes the word before the cursor, Ctrl+A selects it all (what is
/// typed next replaces it, as in every desktop toolkit), Enter sends `primaryActionTriggered`
/// (here: .touchUpInside on the field's actions registered for editing end).
open class TextField: Control {
    public var text: String { didSet { if text != oldValue { setNeedsDisplay() } } }
    /// Ctrl+A selected the whole text: the next character or Backspace replaces it.
    public private(set) var selectsAll = false { didSet { if selectsAll != oldValue { setNeedsDisplay() } } }
    public var placeholder: String { didSet { setNeedsDisplay() } }
    public var font = Font.system(size: 13)
    /// Called when Enter is pressed.
    public var onSubmit: ((String) -> Void)?
    public private(set) var isEditing = false

    public init(text: String = "", placeholder: String = "", frame: Rect = .zero) {
        self.text = text
        self.placeholder = placeholder
        super.init(frame: frame)
        backgroundColor = .white
    }

    open override func endTracking(_ touch: Touch) {
        beginEditing()
    }

    open override var canBecomeFirstResponder: Bool { true }
    open override var acceptsKeyboardFocus: Bool { true }

    /// Starts taking keys. `selectingAll`: the focus came from the keyboard (a dialog opening,
    /// Tab), so the text is selected and typing replaces it, as GTK's and Qt's fields do; a click
    /// puts the cursor at the end instead.
    public func beginEditing(selectingAll: Bool = false) {
        guard becomeFirstResponder() else { return }
        isEditing = true
        selectsAll = selectingAll && !text.isEmpty
        setNeedsDisplay()
    }

    public func endEditing() { resignFirstResponder() }

    /// Editing ends whenever it stops taking keys first (another field, or it left the window).
    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard super.resignFirstResponder() else { return false }
        isEditing = false
        selectsAll = false
        setNeedsDisplay()
        return true
    }

    open override func keyDown(_ event: KeyEvent) -> Bool {
        guard isEditing else { return super.keyDown(event) }
        let selectedAll = selectsAll
        selectsAll = false
        switch event.key {
        case .character("a") where event.modifiers.contains(.control):
            selectsAll = !text.isEmpty
        case .backspace:
            if !text.isEmpty {
                if selectedAll {
                    text = ""
                } else if event.modifiers.contains(.control) {
                    text = Self.deletingLastWord(of: text)
                } else {
                    text.removeLast()
                }
                sendActions(for: .valueChanged)
            }
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
            if event.modifiers.contains(.control) { return super.keyDown(event) }
            guard let typed = event.text else { return super.keyDown(event) }
            text = selectedAll ? typed : text + typed
            sendActions(for: .valueChanged)
        }
        return true
    }

    /// The text without its last word and the spaces after it; a path or a file name stops at
    /// its separators (/, ., -, _), as GTK's fields do.
    static func deletingLastWord(of text: String) -> String {
        var result = Substring(text)
        while let last = result.last, last == " " { result.removeLast() }
        let separators: Set<Character> = [" ", "/", ".", "-", "_"]
        if let last = result.last, separators.contains(last) {
            result.removeLast()
        } else {
            while let last = result.last, !separators.contains(last) { result.removeLast() }
        }
        return String(result)
    }

    private var showsPlaceholder: Bool { text.isEmpty && !isEditing }

    /// What the field shows. Text that does not fit is elided, never cut: a placeholder (a
    /// hint, read from its start) at its end; a long path keeps its end (where the file's name
    /// and the cursor are) in view, with an ellipsis where its start was, unless it is being typed.
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

    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        let border = isEditing ? Color(r: 0, g: 122, b: 255) : isHovered ? Color(r: 120, g: 120, b: 128) : Color(r: 180, g: 180, b: 186)
        context.strokeBorder(bounds, width: 1, color: border)
        context.save()
        context.clip(to: bounds.insetBy(dx: 4, dy: 1))
        let color = showsPlaceholder ? Color(r: 150, g: 150, b: 156) : Color(r: 30, g: 30, b: 34)
        let shown = shownText
        let width = font.width(of: shown)
        let x = min(6, bounds.width - 10 - width)
        let baseline = (bounds.midY + (font.ascender + font.descender) / 2).rounded()
        if selectsAll && isEditing {
            context.fill(Rect(x: x - 1, y: bounds.midY - 9, width: width + 2, height: 18), with: Color(r: 179, g: 215, b: 255))
        }
        context.draw(shown, at: Point(x: x, y: baseline), font: font, color: color)
        if isEditing {
            let cursorX = x + font.width(of: text) + 1
            context.fill(Rect(x: cursorX, y: bounds.midY - 8, width: 1, height: 16), with: Color(r: 0, g: 122, b: 255))
        }
        context.restore()
    }
}
