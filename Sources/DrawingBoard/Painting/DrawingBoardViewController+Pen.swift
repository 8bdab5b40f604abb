/// The pen: which tool, which colour, how wide. The bars show it; the eyedropper and the
/// palette change it.
extension DrawingBoardViewController {
    /// The toolbar's Eraser button: the eraser, or back to the pencil.
    public func toggleEraser() {
        selectTool(at: toolbarController.selectedTool == Self.eraserIndex ? 0 : Self.eraserIndex)
    }

    public func selectTool(at index: Int) {
        // The eyedropper hands back to the tool it was taken up from (KolourPaint's habit).
        if index == Self.eyedropperIndex && toolbarController.selectedTool != index { toolBeforeEyedropper = toolbarController.selectedTool }
        toolbarController.show(tool: index)
        canvas.brush = Self.tools[index]
        showPen()
    }

    public func selectColor(at index: Int) {
        setColor(Self.palette[index])
        panels.noteColorUsed(Self.palette[index])
    }

    /// A new paint colour; picking a colour while erasing returns to the pencil.
    public func setColor(_ color: Color) {
        canvas.strokeColor = color
        if toolbarController.selectedTool == Self.eraserIndex { selectTool(at: 0) }
        showPen()
    }

    /// A colour taken from the drawing: the pen's colour and a recent one; the eyedropper tool
    /// goes back to the tool before it.
    func colorPicked(_ color: Color) {
        if toolbarController.selectedTool == Self.eyedropperIndex { selectTool(at: toolBeforeEyedropper) }
        setColor(color)
        panels.noteColorUsed(color)
    }

    /// Widths are whole points from 1 to 40, as the slider shows them. With the text tool the
    /// slider (and [ and ]) set the text's size instead, from 6 to 144.
    public func setStrokeWidth(_ width: Double) {
        if canvas.brush.placesText {
            canvas.textSize = min(max(width, Self.textSizes.lowerBound), Self.textSizes.upperBound).rounded()
        } else {
            canvas.strokeWidth = min(max(width, 1), 40).rounded()
        }
        showPen()
    }

    /// One step smaller or larger: the width by a point, or with Text the text's size by two
    /// (it was stepped from the pen's width, so ] with Text jumped to the width's size).
    public func stepPenSize(by steps: Double) {
        setStrokeWidth(canvas.brush.placesText ? canvas.textSize + 2 * steps : canvas.strokeWidth + steps)
    }

    /// The text tool's sizes, in points (GNOME's and KolourPaint's range, about).
    static let textSizes = 6.0...144.0

    /// The bottom bar shows the pen as it is now.
    func showPen() {
        if canvas.brush.placesText {
            bottomBarController.show(color: canvas.strokeColor, textSize: canvas.textSize, range: Self.textSizes)
        } else {
            bottomBarController.show(color: canvas.strokeColor, width: canvas.strokeWidth,
                                     isEraser: toolbarController.selectedTool == Self.eraserIndex)
        }
    }
}
