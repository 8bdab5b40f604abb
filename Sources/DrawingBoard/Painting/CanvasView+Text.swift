/// The text tool on the canvas: a click puts a text box there (committing one already open);
/// the box takes the keys; Escape, a click elsewhere, another tool or a save commit it as one
/// undoable item. An empty box leaves nothing behind.
extension CanvasView {
    /// Whether words are being typed.
    public var isEditingText: Bool { textEditing != nil }

    /// The text box's text so far (nil: none open).
    public var textInProgress: TextBlock? { textEditing?.block }

    /// Opens a text box with its top-left corner at a document point, and gives it the keys.
    func beginText(at point: Point) {
        commitText()
        let size = textSize
        // The click marks where the first line's text sits: the box starts a little above it,
        // as the caret is drawn around the pointer.
        let block = TextBlock(text: "", origin: Point(x: point.x, y: point.y - size * 0.6), size: size, color: strokeColor)
        let view = TextEditingView(block: block, layerScale: drawing.scale, viewport: viewport)
        view.onFinish = { [unowned self] in self.commitText() }
        addSubview(view)
        textEditing = view
        view.becomeFirstResponder()
        onDrawingBegan?()
    }

    /// Commits the text box (nothing when it is empty) and closes it.
    public func commitText() {
        guard let view = textEditing else { return }
        // No longer being typed, then in the document, then the box goes: the journal hears one
        // append (never "nothing being typed" before the text is there).
        textEditing = nil
        let block = view.block
        if !block.text.allSatisfy(\.isWhitespace) { commit(.text(block)) }
        closeTextBox(view)
    }

    /// Drops the text box without committing anything.
    public func cancelText() {
        guard let view = textEditing else { return }
        closeTextBox(view)
    }

    private func closeTextBox(_ view: TextEditingView) {
        textEditing = nil
        view.resignFirstResponder()
        view.removeFromSuperview()
        onDrawingEnded?()
    }

    /// Types into the open text box (tests drive it as the keys would).
    public func typeText(_ text: String) { textEditing?.type(text) }

    /// The zoom, the scroll, the colour or the size changed: the box follows.
    func updateTextBox() {
        textEditing?.show(viewport: viewport, layerScale: drawing.scale)
        textEditing?.restyle(size: textSize, color: strokeColor)
    }
}
