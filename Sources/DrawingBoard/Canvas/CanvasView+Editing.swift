/// The document's changes through the canvas: each settles what is in progress first (a
/// previewed background, the stroke or the text box) so the history reads as the user made it.
extension CanvasView {
    /// Adds an item to the document (clearing the redo tail) and shows it (`painted`: see DocumentContent.append).
    public func commit(_ item: Document.Item, painted: Bitmap? = nil, made: [Bitmap]? = nil) {
        settleBackgroundPreview()
        content.append(item, painted: painted, made: made)
    }

    /// Removes the last item (a stroke or a clear), or drops the stroke in progress.
    /// Returns whether there was anything to undo.
    @discardableResult
    public func undo() -> Bool {
        if isEditingText {
            // The box's own Ctrl+Z took back the typing; with nothing typed, the box goes.
            cancelText()
            return true
        }
        if isDrawing {
            cancelStroke()
            return true
        }
        settleBackgroundPreview()
        return content.undo()
    }

    /// Puts back the last undone item. Returns whether there was one.
    @discardableResult
    public func redo() -> Bool {
        guard !isDrawing, !isEditingText else { return false }
        settleBackgroundPreview()
        return content.redo()
    }

    /// Drops the stroke or figure in progress (Escape).
    public func cancelStroke() {
        guard isDrawing else { return }
        shapeTool.cancel()
        figureEditor.cancelDrag()
        gradientTool.cancel()
        sprayTool.cancel()
        polygonTool.cancel()
        curveTool.cancel()
        toolRouter.cancelDrawing()
        presenter.pixelsChanged(content.cancelStroke(), on: self)
        onDrawingEnded?()
    }

    /// Clears the drawing (undoable). Returns false when there was nothing to clear.
    @discardableResult
    public func clear() -> Bool {
        guard document.hasVisibleDrawing else { return false }
        cancelStroke()
        commit(.clear)
        return true
    }

    /// Changes the background (undoable); the drawing layer is untouched.
    public func setBackground(_ background: Background) {
        settleBackgroundPreview()
        guard background != canvasBackground else { return }
        content.append(.background(background))
    }

    /// Shows `background` at once without changing the document (a slider being dragged).
    public func previewBackground(_ background: Background) { content.previewBackground(background) }

    /// Makes the previewed background one undoable change (nothing when it is the one the
    /// document has already). Every other change to the document settles it first.
    public func settleBackgroundPreview() { content.settleBackgroundPreview() }

    /// Replaces the document (see DocumentContent.replace).
    public func load(_ document: Document, redo: [Document.Item] = [], currentLayer: Int? = nil) {
        content.replace(with: document, redo: redo, currentLayer: currentLayer)
    }

    /// How many layer snapshots the history keeps (for tests and diagnostics).
    public var checkpointCount: Int { drawing.checkpointCount }

    /// The artwork as saved: background and drawing layer, without anything in progress.
    public func renderArtwork() -> Bitmap { drawing.renderArtwork() }

    /// The same, rendered later on any thread (for a save in the background).
    public func artworkSnapshot() -> ArtworkSnapshot { content.artworkSnapshot() }

    /// Layer pixels per document unit (for placing lifted pixels back where they were).
    public var layerScale: Double { drawing.scale }
}
