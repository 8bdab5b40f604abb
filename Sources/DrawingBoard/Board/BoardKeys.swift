/// The board's keys (Pinta's and the desktop's usual ones). Most are the main menu's commands'
/// (BoardMenu holds each with its keys); the rest act on what is under way: a photo being
/// placed, a stroke, a panel, the menu itself.
enum BoardKeys {
    /// Carries out the key's command on `board`; false when the key is not one of the board's.
    static func handle(_ event: KeyEvent, on board: DrawingBoardViewController) -> Bool {
        // Until the last drawing is back, a change made now would be lost under it; a save asked
        // for meanwhile runs once it is back (it would otherwise save an empty drawing).
        guard !board.isRestoring else {
            guard event.key == .character("s"), event.modifiers == .control else { return false }
            board.documentWindow.saveWhenRestored = true
            board.showStatus(tr("Saving once the last drawing is back…"))
            return true
        }
        let transform = board.imageCommands.freeTransform
        switch (event.key, event.modifiers) {
        case (.escape, []) where transform.isActive: transform.cancel()
        case (.enter, []) where transform.isActive: transform.apply()
        case (.escape, []):
            if board.reading.isOpening { board.cancelOpening() } else if board.photoPlacement != nil { board.cancelPhoto() } else if board.canvas.isDrawing {
                board.canvas.cancelStroke()
            } else if !board.panels.dismissOpenPanel() {
                // Panels close first, as popovers do; then the selection goes; with nothing
                // selected, full screen ends (as in every viewer and editor).
                if board.canvas.hasSelection || !board.isFullScreen { board.deselect() } else { board.setFullScreen(false) }
            }
        case (.enter, []) where board.photoPlacement != nil: board.bakePhoto()
        case (.enter, []) where board.canvas.isMakingFigure: board.canvas.finishFigure()
        // Enter or Escape ends the editing of the figure just drawn (it stays as it shows).
        case (.enter, []) where board.canvas.figureEditor.isEditing, (.escape, []) where board.canvas.figureEditor.isEditing:
            board.canvas.figureEditor.finish()
        case (.function(10), []): board.mainMenu.show(byKey: true)
        default:
            // A key of a command that cannot run now (Copy with nothing selected) is still the
            // board's: it does nothing rather than reach something else.
            guard let command = board.mainMenu.menu.command(for: event) else { return false }
            // Another command works on the layer as it shows: the transform under way is applied.
            if transform.isActive, event != KeyEvent(.character("t"), modifiers: .control) { transform.apply() }
            command.run()
        }
        return true
    }
}
