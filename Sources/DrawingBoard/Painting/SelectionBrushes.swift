import Foundation

// The selection tools: each selects part of the drawing for Copy, Cut, Delete, moving,
// cropping and the adjustments.

/// Rectangle selection (选择): drag to select, drag the handles to change it, drag inside to
/// move what it holds; Ctrl+C, Ctrl+X, Delete and crop work on it.
public struct SelectBrush: Brush {
    public init() {}
    public var name: String { tr("Select") }
    public var iconName: String { "tool-select" }
    /// Pinta's and KolourPaint's key for the rectangle selection.
    public var key: Character { "s" }
    public var group: ToolGroup { .selection }

    public func pressWhileTyping(_ press: ToolPress) -> ToolGesture? { self.press(press) }

    public func press(_ press: ToolPress) -> ToolGesture? { SelectionGesture(press, freeForm: false, ellipse: false) }
}

/// Ellipse Select (Pinta's and GIMP's): drag a box, the ellipse inside it is selected (a
/// circle with Shift); everything the Select tool does works on it, as on a lasso's outline.
public struct EllipseSelectBrush: Brush {
    public init() {}
    public var name: String { tr("Oval") }
    public var longName: String { tr("Ellipse select") }
    public var iconName: String { "tool-ellipse-select" }
    public var key: Character { "o" }
    public var group: ToolGroup { .selection }

    public func pressWhileTyping(_ press: ToolPress) -> ToolGesture? { self.press(press) }

    public func press(_ press: ToolPress) -> ToolGesture? { SelectionGesture(press, freeForm: false, ellipse: true) }
}

/// The magic wand (魔棒): a click selects the region of alike colours around it (the fill
/// bucket's tolerance and sampling), or every alike pixel with Tools → Whole Picture.
public struct MagicWandBrush: Brush {
    public init() {}
    public var name: String { tr("Wand") }
    public var longName: String { tr("Magic wand") }
    public var iconName: String { "tool-magic-wand" }
    /// Pinta's and GIMP's key for it.
    public var key: Character { "w" }
    public var group: ToolGroup { .selection }

    public func pressWhileTyping(_ press: ToolPress) -> ToolGesture? { self.press(press) }

    public func press(_ press: ToolPress) -> ToolGesture? {
        press.canvas.selectionTool.selectAlike(at: press.point, mode: SelectionGesture.mode(on: press.canvas))
        return nil
    }
}

/// Free-form selection (套索): drag around what to select; it closes on release. Everything
/// the Select tool does works on it (the crop takes its bounds).
public struct LassoBrush: Brush {
    public init() {}
    public var name: String { tr("Lasso") }
    public var iconName: String { "tool-lasso" }
    /// Next to S, and free in Pinta's and KolourPaint's keys.
    public var key: Character { "a" }
    public var group: ToolGroup { .selection }

    public func pressWhileTyping(_ press: ToolPress) -> ToolGesture? { self.press(press) }

    public func press(_ press: ToolPress) -> ToolGesture? { SelectionGesture(press, freeForm: true, ellipse: false) }
}
