/// What a board has under way on its document and not yet in it, as the document controller
/// asks for it: the canvas's stroke and text box, and the photo or floating selection being placed.
final class BoardWorkInProgress: DocumentWorkInProgress {
    private unowned let board: DrawingBoardViewController

    init(board: DrawingBoardViewController) { self.board = board }

    var strokeInProgress: Stroke? { board.canvas.strokeInProgress }

    var itemBeingMade: Document.Item? {
        if let text = board.canvas.textInProgress, !text.text.allSatisfy(\.isWhitespace) { return .text(text) }
        return board.photoController.liftedItem
    }

    func commitTyping() { board.canvas.commitText() }

    func settleWhatIsShown() -> Bool {
        board.canvas.settleBackgroundPreview()
        board.canvas.commitText()
        let bakedFirst = board.photoPlacement != nil || board.imageCommands.freeTransform.isActive
        board.bakePhoto()
        board.imageCommands.freeTransform.apply()
        return bakedFirst
    }

    func putDownFloatingSelection() {
        if board.photoController.isLifted { board.photoController.bake() }
    }

    func cancelWork() { board.canvas.cancelStroke() }
}
