/// A shared drawing's people as a window shows them: where this window's pointer is on the
/// drawing (for the session to send, at most 30 times a second), and the others' pointers over
/// the canvas.
public final class PeerPresence {
    private unowned let board: DrawingBoardViewController
    /// Hears this window's pointer on the drawing in document pixels (nil: it left the canvas).
    public var onPointerMoved: ((Point?) -> Void)?
    private var lastSent: (location: Point?, time: Double)?

    init(board: DrawingBoardViewController) { self.board = board }

    /// Shows these participants' pointers (none: hides them all).
    public func show(_ peers: [PeerPointer]) {
        let canvas = board.canvas
        if overlay.superview !== canvas { canvas.addSubview(overlay) }
        overlay.frame = canvas.bounds
        overlay.viewPoint = { [unowned canvas] pixel in
            canvas.viewport.viewPoint(Point(x: pixel.x / canvas.drawing.scale, y: pixel.y / canvas.drawing.scale))
        }
        overlay.peers = peers
        // Zoomed or scrolled since: the tips go where the drawing went.
        overlay.setNeedsDisplay()
    }

    /// The pointer moved over the board (`pixel`: the document pixel under it, nil off the canvas).
    func pointerMoved(to pixel: Point?, at time: Double) {
        guard let onPointerMoved else { return }
        if let last = lastSent, last.location == pixel || (pixel != nil && last.location != nil && time - last.time < 1.0 / 30) { return }
        lastSent = (pixel, time)
        onPointerMoved(pixel)
    }

    /// The others' pointers as shown now (tests).
    public var shown: [PeerPointer] { overlay.peers }

    private lazy var overlay = PeerPointersView()
}
