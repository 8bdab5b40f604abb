/// The text tool on the canvas: a click puts a text box there (committing one already open);
/// the box takes the keys; Escape, a click elsewhere, another tool or a save commit it as one
/// undoable item. An empty box leaves nothing behind.
final class TextTool {
    /// The box while words are typed.
    private(set) var box: TextEditingView?
    private unowned let canvas: CanvasView

    init(canvas: CanvasView) { self.canvas = canvas }

    /// Opens a text box with its top-left corner at a document point, and gives it the keys.
    func begin(at point: Point) {
        commit()
        let size = canvas.textSize
        // The click marks where the first line's text sits: the box starts a little above it,
        // as the caret is drawn around the pointer.
        let block = TextBlock(text: "", origin: Point(x: point.x, y: point.y - size * 0.6), size: size, color: canvas.strokeColor)
        let view = TextEditingView(block: block, layerScale: canvas.layerScale, viewport: canvas.viewport)
        view.onFinish = { [unowned self] in self.commit() }
        canvas.addSubview(view)
        box = view
        view.becomeFirstResponder()
        canvas.onDrawingBegan?()
    }

    /// Commits the text box (nothing when it is empty) and closes it.
    func commit() {
        guard let view = box else { return }
        // No longer being typed, then in the document, then the box goes: the journal hears one
        // append (never "nothing being typed" before the text is there).
        box = nil
        let block = view.block
        if !block.text.allSatisfy(\.isWhitespace) { canvas.commit(.text(block)) }
        close(view)
    }

    /// Drops the text box without committing anything.
    func cancel() {
        guard let view = box else { return }
        close(view)
    }

    private func close(_ view: TextEditingView) {
        box = nil
        view.resignFirstResponder()
        view.removeFromSuperview()
        canvas.onDrawingEnded?()
    }

    /// The zoom, the scroll, the colour or the size changed: the box follows.
    func update() {
        box?.show(viewport: canvas.viewport, layerScale: canvas.layerScale)
        box?.restyle(size: canvas.textSize, color: canvas.strokeColor)
    }
}
