/// What the board asks of the tools that keep state beyond a press: the selection, the text
/// box, the eyedropper's loupe.
extension CanvasView {
    // MARK: - Selection

    /// What is selected: a rectangle on whole document pixels, or a lasso.
    public var selectionArea: SelectionArea? { selectionTool.area }
    public var hasSelection: Bool { selectionArea != nil }
    /// The selected rectangle, or a lasso's bounds.
    public var selection: Rect? { selectionArea?.bounds }
    /// Selects nothing (Escape, Ctrl+Shift+A).
    public func deselect() { setSelection(nil) }

    /// Replaces the selection, kept inside the document on whole document pixels.
    public func setSelection(_ rect: Rect?) { selectionTool.select(rect) }

    // MARK: - Figures made over several presses

    /// Whether a polygon or a curve is being made.
    public var isMakingFigure: Bool { polygonTool.isBuilding || curveTool.isBuilding }

    /// Commits the polygon or curve being made (Enter, another tool); too few corners: dropped.
    public func finishFigure() {
        if polygonTool.isBuilding, let shape = polygonTool.finish() { commit(.shape(shape)) }
        if curveTool.isBuilding, let shape = curveTool.finish() { commit(.shape(shape)) }
    }

    // MARK: - Text

    /// Whether words are being typed.
    public var isEditingText: Bool { textTool.box != nil }
    /// The text box while words are typed.
    var textEditing: TextEditingView? { textTool.box }
    /// The text box's text so far (nil: none open).
    public var textInProgress: TextBlock? { textEditing?.block }
    /// Commits the text box (nothing when it is empty) and closes it.
    public func commitText() { textTool.commit() }
    /// Drops the text box without committing anything.
    public func cancelText() { textTool.cancel() }
    /// Types into the open text box (tests drive it as the keys would).
    public func typeText(_ text: String) { textEditing?.type(text) }

    // MARK: - Eyedropper

    /// The eyedropper's magnifier while a colour is being picked.
    var loupe: LoupeView? { eyedropper.loupe }
}
