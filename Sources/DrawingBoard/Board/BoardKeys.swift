/// The board's keys (Pinta's and the desktop's usual ones): what each does, in one place.
enum BoardKeys {
    /// Carries out the key's command on `board`; false when the key is not one of the board's.
    static func handle(_ event: KeyEvent, on board: DrawingBoardViewController) -> Bool {
        // Until the last drawing is back, a change made now would be lost under it; a save asked
        // for meanwhile runs once it is back (it would otherwise save an empty drawing).
        guard !board.isRestoring else {
            guard event.key == .character("s"), event.modifiers == .control else { return false }
            board.documentController.saveWhenRestored = true
            board.showStatus(tr("Saving once the last drawing is back…"))
            return true
        }
        switch (event.key, event.modifiers) {
        case (.character("z"), .control): board.undo()
        case (.character("z"), [.control, .shift]), (.character("y"), .control): board.redo()
        case (.character("s"), .control): board.save()
        case (.character("s"), [.control, .shift]): board.chooseSaveAs()
        case (.character("e"), [.control, .shift]): board.chooseExport()
        case (.delete, []): if board.canvas.hasSelection { board.clearSelection() } else { board.clear() }
        case (.character("a"), .control): board.selectAll()
        case (.character("a"), [.control, .shift]): board.deselect()
        case (.character("c"), .control): board.copySelection()
        case (.character("x"), .control): board.cutSelection()
        case (.character("x"), [.control, .shift]): board.cropToSelection()
        case (.character("="), .control), (.character("="), [.control, .shift]), (.character("+"), .control),
             (.character("+"), [.control, .shift]): board.canvas.zoomIn()
        case (.character("-"), .control): board.canvas.zoomOut()
        case (.character("0"), .control): board.canvas.zoomToFit()
        case (.character("1"), []): board.canvas.setZoom(1)
        // [ and ] (Ctrl+[ and Ctrl+] while typing, when the brackets are text, as LibreOffice
        // does): the width, or the text's size with Text.
        case (.character("["), []), (.character("["), .control): board.stepPenSize(by: -1)
        case (.character("]"), []), (.character("]"), .control): board.stepPenSize(by: 1)
        case (.escape, []):
            if board.reading.isOpening { board.cancelOpening() } else if board.photoPlacement != nil { board.cancelPhoto() } else if board.canvas.isDrawing {
                board.canvas.cancelStroke()
            } else if !board.panels.dismissOpenPanel() {
                // Panels close first, as popovers do; then the selection goes.
                board.deselect()
            }
        case (.enter, []) where board.photoPlacement != nil: board.bakePhoto()
        case (.character("w"), .control), (.character("q"), .control): board.requestClose()
        case (.function(5), []): board.revert()
        case (.function(1), []), (.character("?"), [.control, .shift]), (.character("/"), [.control, .shift]): board.showShortcuts()
        case (.character("n"), .control): board.chooseNewDocument()
        case (.character("o"), .control): board.chooseDocument()
        case (.character("o"), [.control, .shift]): board.choosePhoto()
        case (.character("v"), .control): board.pastePhoto()
        case (.character(let key), []) where DrawingBoardViewController.tools.contains { $0.key == key }:
            board.selectTool(at: DrawingBoardViewController.tools.firstIndex { $0.key == key }!)
        default: return false
        }
        return true
    }
}
