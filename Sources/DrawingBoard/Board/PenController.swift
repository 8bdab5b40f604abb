/// The pen: which tool, which colour, how wide. The bars show it; the eyedropper and the
/// palette change it.
final class PenController {
    /// The text tool's sizes, in points (GNOME's and KolourPaint's range, about).
    static let textSizes = 6.0...144.0

    /// The tool to go back to after the eyedropper took a colour.
    private var toolBeforeEyedropper = 0
    private unowned let board: DrawingBoardViewController

    init(board: DrawingBoardViewController) { self.board = board }

    private var canvas: CanvasView { board.canvas }
    private var selectedTool: Int { board.toolbarController.selectedTool }

    /// The toolbar's Eraser button: the eraser, or back to the pencil.
    func toggleEraser() {
        selectTool(at: selectedTool == DrawingBoardViewController.eraserIndex ? 0 : DrawingBoardViewController.eraserIndex)
    }

    func selectTool(at index: Int) {
        // The eyedropper hands back to the tool it was taken up from (KolourPaint's habit).
        if index == DrawingBoardViewController.eyedropperIndex && selectedTool != index { toolBeforeEyedropper = selectedTool }
        board.toolbarController.show(tool: index)
        canvas.brush = DrawingBoardViewController.tools[index]
        showPen()
    }

    func selectColor(at index: Int) {
        setColor(DrawingBoardViewController.palette[index])
        board.panels.noteColorUsed(DrawingBoardViewController.palette[index])
    }

    /// A new paint colour (the primary, or the secondary); picking the primary while erasing
    /// returns to the pencil.
    func setColor(_ color: Color, secondary: Bool = false) {
        if secondary {
            canvas.secondaryColor = color
        } else {
            canvas.strokeColor = color
            if selectedTool == DrawingBoardViewController.eraserIndex { selectTool(at: 0) }
        }
        showPen()
    }

    /// The gradient's shape (the Tools menu), the gradient tool taken up with it.
    func setGradientShape(_ shape: Gradient.Shape) {
        canvas.gradientTool.shape = shape
        if let index = DrawingBoardViewController.tools.firstIndex(where: { $0 is GradientBrush }), selectedTool != index { selectTool(at: index) }
        board.showStatus(GradientShapeNames.name(of: shape))
    }

    /// G again: the next shape.
    func stepGradientShape() {
        let shapes = Gradient.Shape.allCases
        setGradientShape(shapes[(shapes.firstIndex(of: canvas.gradientTool.shape)! + 1) % shapes.count])
    }

    /// The primary becomes the secondary and the secondary the primary (Shift+X, the pair's arrow).
    func swapColors() {
        (canvas.strokeColor, canvas.secondaryColor) = (canvas.secondaryColor, canvas.strokeColor)
        board.panels.showColorBeingEdited()
        showPen()
    }

    /// A colour taken from the drawing (with the right button: for the secondary colour): the
    /// pen's colour and a recent one; the eyedropper tool goes back to the tool before it.
    func colorPicked(_ color: Color, secondary: Bool = false) {
        if selectedTool == DrawingBoardViewController.eyedropperIndex { selectTool(at: toolBeforeEyedropper) }
        setColor(color, secondary: secondary)
        board.panels.noteColorUsed(color)
    }

    /// Widths are whole points from 1 to 40, as the slider shows them. With the text tool the
    /// slider (and [ and ]) set the text's size instead, from 6 to 144.
    func setStrokeWidth(_ width: Double) {
        if canvas.brush is TextBrush {
            canvas.textSize = min(max(width, Self.textSizes.lowerBound), Self.textSizes.upperBound).rounded()
        } else {
            canvas.strokeWidth = min(max(width, 1), 40).rounded()
        }
        showPen()
    }

    /// One step smaller or larger: the width by a point, or with Text the text's size by two
    /// (it was stepped from the pen's width, so ] with Text jumped to the width's size).
    func stepPenSize(by steps: Double) {
        setStrokeWidth(canvas.brush is TextBrush ? canvas.textSize + 2 * steps : canvas.strokeWidth + steps)
    }

    /// The bottom bar shows the pen as it is now.
    func showPen() {
        board.bottomBarController.show(primary: canvas.strokeColor, secondary: canvas.secondaryColor)
        if canvas.brush is TextBrush {
            board.bottomBarController.show(color: canvas.strokeColor, textSize: canvas.textSize, range: Self.textSizes)
        } else {
            board.bottomBarController.show(color: canvas.strokeColor, width: canvas.strokeWidth,
                                           isEraser: selectedTool == DrawingBoardViewController.eraserIndex)
        }
    }
}
