/// Where and how a tool was pressed on the canvas: the touch, the point in document units and
/// in the canvas's own, and the colours it paints with (the button's, and the other one for a
/// fill: the right button paints in the secondary colour).
public struct ToolPress {
    public let touch: Touch
    public let point: Point
    public let viewPoint: Point
    public let paint: Color
    public let other: Color
    public let canvas: CanvasView

    /// Whether the current layer takes no painting; when so, the user hears why (the document
    /// refuses the item anyway, but a tool that works on the layer as it goes asks first).
    var isRefusedByLockedLayer: Bool {
        guard canvas.content.isCurrentLayerLocked else { return false }
        canvas.content.onLockedLayer?()
        return true
    }
}

/// A press of a tool, under way until its release: the tool made it (`Brush.press`), and the
/// canvas's router hands it the moves and the release. A click that did all its work at once
/// (a fill, a text box, the magic wand) makes none.
public protocol ToolGesture: AnyObject {
    /// Whether it is drawing now (a stroke, a figure, dots, a gradient): the document stays
    /// still under it, and a key that would show another document waits for the release.
    var draws: Bool { get }
    /// The pointer moved to `point` (document units; `viewPoint` in the canvas's).
    func move(_ touch: Touch, to point: Point, viewPoint: Point)
    /// The button came up at `point`: what the press made is committed.
    func release(_ touch: Touch, at point: Point, viewPoint: Point)
    /// Escape or Ctrl+Z during the press: what it shows goes, and the rest of it draws nothing.
    func cancel()
}

extension ToolGesture {
    /// A press whose drawing the canvas's own tools hold (a pencil stroke, a figure) is
    /// cancelled by them (`CanvasView.cancelStroke`).
    public func cancel() {}
}
