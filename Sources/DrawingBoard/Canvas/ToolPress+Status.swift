/// A tool's word to the user about a press (a missing brush, a place to set first), on the
/// board's message line, found up the responder chain from the canvas.
extension ToolPress {
    func showStatus(_ text: String, isError: Bool = false) {
        var responder: Responder? = canvas
        while let next = responder, !(next is DrawingBoardViewController) { responder = next.next }
        (responder as? DrawingBoardViewController)?.showStatus(text, isError: isError)
    }
}
