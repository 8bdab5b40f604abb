/// The presses that take something from the drawing rather than paint on it: a selection
/// dragged out (or its handles, or what it holds, moved), and a colour picked with the loupe.

/// A selection being dragged: a new one, a handle, or the pixels it holds moved.
final class SelectionGesture: ToolGesture {
    private unowned let canvas: CanvasView

    /// A rectangle, a lasso's outline (`freeForm`) or the ellipse in a box, added to, taken
    /// from or replacing the selection as the keys held say.
    init(_ press: ToolPress, freeForm: Bool, ellipse: Bool) {
        canvas = press.canvas
        canvas.selectionTool.begin(at: press.viewPoint, freeForm: freeForm, ellipse: ellipse, mode: Self.mode(on: canvas))
    }

    /// Shift adds, Ctrl takes away, as the keys held now say.
    static func mode(on canvas: CanvasView) -> SelectionMode { canvas.selectionTool.mode(for: canvas.window?.modifierFlags ?? []) }

    var draws: Bool { false }

    func move(_ touch: Touch, to point: Point, viewPoint: Point) {
        if canvas.selectionTool.isDragging { canvas.selectionTool.move(to: viewPoint) }
    }

    func release(_ touch: Touch, at point: Point, viewPoint: Point) {
        if canvas.selectionTool.isDragging { canvas.selectionTool.end(at: viewPoint) }
    }
}

/// The eyedropper's loupe following the pointer; the colour is taken on release.
final class ColorPickingGesture: ToolGesture {
    private unowned let canvas: CanvasView

    init(canvas: CanvasView) { self.canvas = canvas }

    var draws: Bool { false }

    func move(_ touch: Touch, to point: Point, viewPoint: Point) {
        if canvas.eyedropper.isPicking { canvas.eyedropper.move(to: viewPoint) }
    }

    func release(_ touch: Touch, at point: Point, viewPoint: Point) {
        if canvas.eyedropper.isPicking { canvas.eyedropper.end(at: viewPoint) }
    }
}
