import Foundation

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
        if overlay.superview !== canvas {
            canvas.addSubview(overlay)
            overlay.viewPointOfUnit = { [unowned canvas] unit in canvas.viewport.viewPoint(unit) }
            overlay.pixelsPerUnit = { [unowned canvas] in canvas.drawing.scale }
            overlay.unitScale = { [unowned canvas] in canvas.viewport.scale }
        }
        overlay.frame = canvas.bounds
        overlay.peers = peers
        // Zoomed or scrolled since: the tips go where the drawing went.
        overlay.setNeedsDisplay()
    }

    /// The pointer moved over the board (`pixel`: the document pixel under it, nil off the canvas).
    /// A move within a thirtieth of a second of the last one sent goes at the end of it, the
    /// latest place only, so the others see where the pointer came to rest.
    func pointerMoved(to pixel: Point?) {
        // Every motion event comes here: nothing more unless the drawing is shared.
        guard let onPointerMoved else { return }
        let time = ProcessInfo.processInfo.systemUptime
        latest = pixel
        guard lastSent?.location != pixel else { return }
        if let last = lastSent, pixel != nil, last.location != nil, time - last.time < Self.interval {
            guard trailing == nil, let scheduler = board.view.window?.application.scheduler else { return }
            trailing = scheduler.schedule(after: Self.interval - (time - last.time)) { [weak self] in
                guard let self else { return }
                self.trailing = nil
                self.pointerMoved(to: self.latest)
            }
            return
        }
        lastSent = (pixel, time)
        onPointerMoved(pixel)
    }

    private static let interval = 1.0 / 30
    private var latest: Point?
    private var trailing: Scheduler.Timer?

    /// The stroke this window is drawing now (nil: none), in the document's units.
    public var strokeInProgress: Stroke? { board.canvas.content.drawing.activeStroke }

    /// The others' pointers as shown now (tests).
    public var shown: [PeerPointer] { overlay.peers }

    private lazy var overlay = PeerPointersView()
}
