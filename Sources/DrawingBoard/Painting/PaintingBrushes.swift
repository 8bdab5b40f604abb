import Foundation

// The painting tools: each paints or takes something at a press (strokes, dots, a gradient,
// a fill, words, a colour).

/// Freehand painting in the current colour.
public struct PencilBrush: Brush {
    public init() {}
    public var name: String { tr("Pencil") }
    public var iconName: String { "tool-pencil" }
    public var key: Character { "p" }
    public var group: ToolGroup { .painting }
    public func press(_ press: ToolPress) -> ToolGesture? { FreehandGesture(press, brush: self) }
}

/// A true eraser: it clears the drawing layer so the background shows through.
public struct EraserBrush: Brush {
    public init() {}
    public var name: String { tr("Eraser") }
    public var iconName: String { "tool-eraser" }
    public var key: Character { "x" }
    public var group: ToolGroup { .painting }
    public func press(_ press: ToolPress) -> ToolGesture? { FreehandGesture(press, brush: self) }

    public func beginStroke(at point: Point, color: Color, width: Double) -> Stroke {
        Stroke(points: [point], color: .black, width: width, blendMode: .clear)
    }
}

/// The gradient (渐变): drag from where the first colour is to where the second is; Shift
/// turns the line in 15° steps. Its shape (linear, radial, conical, diamond) and whether it
/// fades to transparent are the Tools menu's; G again steps through the shapes.
public struct GradientBrush: Brush {
    public init() {}
    public var name: String { tr("Gradient") }
    public var iconName: String { "tool-gradient" }
    /// Pinta's, GIMP's and KolourPaint's key for it.
    public var key: Character { "g" }
    public var group: ToolGroup { .painting }

    public func press(_ press: ToolPress) -> ToolGesture? {
        // It shows on the layer itself while it works: a locked layer says so at once instead.
        press.isRefusedByLockedLayer ? nil : GradientGesture(press)
    }
}

/// MyPaint's brushes (笔刷), drawn by libmypaint: charcoal, ink, pencils, wet paint; the brush
/// is MyPaint's, its size the width, its colour the current one. A pen's eraser end erases with it.
public struct PaintBrush: Brush {
    public init() {}
    /// Pinta's name for its brush tool; "Brush" is the bottom bar's brush settings.
    public var name: String { tr("Paintbrush") }
    public var longName: String { tr("MyPaint brush") }
    public var iconName: String { "tool-paint" }
    /// Krita's, GIMP's and Photoshop's key for the brush.
    public var key: Character { "b" }
    public var group: ToolGroup { .painting }
    public var erasesWithItself: Bool { true }

    public func press(_ press: ToolPress) -> ToolGesture? { BrushPaintGesture.start(press, brush: nil, isEraser: press.touch.isEraser) }
}

/// The airbrush (喷枪): dots scattered over a disc as long as the button is held, the disc as
/// wide as three widths; a pen pressed harder sprays more.
public struct SprayBrush: Brush {
    public init() {}
    public var name: String { tr("Spray") }
    public var longName: String { tr("Airbrush") }
    public var iconName: String { "tool-spray" }
    /// KolourPaint's key for its spray can.
    public var key: Character { "y" }
    public var group: ToolGroup { .painting }

    public func press(_ press: ToolPress) -> ToolGesture? {
        // It shows on the layer itself while it works: a locked layer says so at once instead.
        press.isRefusedByLockedLayer ? nil : SprayGesture(press)
    }
}

/// The eyedropper (取色): takes the colour under the pointer from the drawing as it shows, with
/// a magnifying loupe while held; the pen takes it on release. Alt+click does the same with any tool.
public struct EyedropperBrush: Brush {
    public init() {}
    public var name: String { tr("Picker") }
    public var longName: String { tr("Colour picker") }
    public var iconName: String { "color-select" }
    /// Pinta's key for its colour picker.
    public var key: Character { "k" }
    public var group: ToolGroup { .painting }

    public func press(_ press: ToolPress) -> ToolGesture? {
        press.canvas.eyedropper.begin(at: press.viewPoint, secondary: press.touch.isSecondaryButton)
        return ColorPickingGesture(canvas: press.canvas)
    }

    /// Words being typed can take the colour picked.
    public func pressWhileTyping(_ press: ToolPress) -> ToolGesture? { self.press(press) }
}

/// The fill bucket (填充): a click fills the region of alike colours around it (see FloodFill).
public struct FillBrush: Brush {
    public init() {}
    public var name: String { tr("Bucket") }
    public var longName: String { tr("Fill bucket") }
    public var iconName: String { "tool-fill" }
    /// Pinta's and KolourPaint's key for it.
    public var key: Character { "f" }
    public var group: ToolGroup { .painting }

    /// A click fills at once, as one undoable item, replayed against what lies below it.
    public func press(_ press: ToolPress) -> ToolGesture? {
        let canvas = press.canvas
        canvas.commit(.fill(Fill(seed: press.point, color: press.paint, tolerance: canvas.fillTolerance, samplesLayerOnly: canvas.samplesCurrentLayer)))
        return nil
    }
}

/// The text tool (文字): a click opens a box where words are typed, in any script, committed
/// as one item.
public struct TextBrush: Brush {
    public init() {}
    public var name: String { tr("Text") }
    public var iconName: String { "tool-text" }
    /// KolourPaint's and Pinta's key for text.
    public var key: Character { "t" }
    public var group: ToolGroup { .painting }

    /// A click opens a box there, committing one already open (Pinta's habit).
    public func press(_ press: ToolPress) -> ToolGesture? {
        press.canvas.textTool.begin(at: press.point)
        return nil
    }

    public func pressWhileTyping(_ press: ToolPress) -> ToolGesture? { self.press(press) }
}
