import Foundation

/// A drawing tool (seed 003), one type per tool, listed once in `DrawingBoardViewController.tools`
/// (the toolbar, the menu, the keys and the shortcuts window read that list). A tool is a
/// strategy: the canvas hands it each press (`press`) and the press it starts takes the moves
/// and the release; the canvas never asks what kind of tool it is.
public protocol Brush {
    /// The name shown to the user.
    var name: String { get }
    /// The single key that picks the tool (KolourPaint's and Pinta's habit), shown in its tooltip.
    var key: Character { get }
    /// What the tooltip calls it, in full.
    var longName: String { get }
    /// Its icon's freedesktop name (GNOME Drawing's tool names; the app brings them in Resources/).
    var iconName: String { get }
    /// Where the Tools menu lists it.
    var group: ToolGroup { get }
    /// Whether its figures are closed, so they can be filled (the rectangle, the ellipse).
    var drawsClosedFigures: Bool { get }
    /// Whether `Ctrl`+press is the tool's own (a selection's mode, Clone Stamp's source) rather
    /// than the mouse's second finger.
    var takesControlClicks: Bool { get }
    /// Whether a pen's eraser end erases with this tool (a MyPaint brush), rather than with the Eraser.
    var erasesWithItself: Bool { get }
    /// What a press on the canvas does: the press under way it starts, or nil for a click that
    /// did all its work (a fill, a text box, the magic wand).
    func press(_ press: ToolPress) -> ToolGesture?
    /// A press while words are typed in a text box: it commits them and does nothing more,
    /// unless the tool works beside them (the text tool opens another box, a selection selects).
    func pressWhileTyping(_ press: ToolPress) -> ToolGesture?
    /// Starts a freehand stroke.
    func beginStroke(at point: Point, color: Color, width: Double) -> Stroke
    /// The figure from `start` to `end`; `constrained` is Shift (15° steps, squares, circles).
    func shape(from start: Point, to end: Point, constrained: Bool, color: Color, width: Double) -> Shape?
    /// The same with the Shapes menu's options (the rounded rectangle's radius, the arrow's heads).
    func shape(from start: Point, to end: Point, constrained: Bool, color: Color, width: Double, options: ShapeOptions) -> Shape?
}

/// The Tools menu's groups: painting first, then the shapes and the selections in menus of
/// their own (so the smallest window shows it whole).
public enum ToolGroup: Sendable {
    case painting, shapes, selection, retouch
}

extension Brush {
    public var longName: String { name }
    public var group: ToolGroup { .shapes }
    public var drawsClosedFigures: Bool { false }
    public var takesControlClicks: Bool { group == .selection }
    public var erasesWithItself: Bool { false }
    /// "Line (L)".
    public var toolTip: String { "\(longName) (\(String(key).uppercased()))" }

    /// A figure dragged out between the press and the release: what most tools draw.
    public func press(_ press: ToolPress) -> ToolGesture? { FigureGesture(press) }

    public func pressWhileTyping(_ press: ToolPress) -> ToolGesture? {
        press.canvas.commitText()
        return nil
    }

    public func beginStroke(at point: Point, color: Color, width: Double) -> Stroke {
        Stroke(points: [point], color: color, width: width, blendMode: .sourceOver)
    }

    public func shape(from start: Point, to end: Point, constrained: Bool, color: Color, width: Double) -> Shape? { nil }

    public func shape(from start: Point, to end: Point, constrained: Bool, color: Color, width: Double, options: ShapeOptions) -> Shape? {
        shape(from: start, to: end, constrained: constrained, color: color, width: width)
    }
}
