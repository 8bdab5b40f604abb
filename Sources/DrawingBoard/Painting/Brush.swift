import Foundation

/// A drawing tool (seed 003): the canvas asks the brush how the drag behaves and what it
/// leaves behind. The kind flags below (`placesText`, `sprays`, `isFreehand`, …) still route
/// some tools to the canvas's own code for them (ToolRouter, the canvas's drawing).
public protocol Brush {
    /// The name shown to the user.
    var name: String { get }
    /// The single key that picks the tool (KolourPaint's and Pinta's habit), shown in its tooltip.
    var key: Character { get }
    /// What the tooltip calls it, in full.
    var longName: String { get }
    /// Its icon's freedesktop name (GNOME Drawing's tool names; the app brings them in Resources/).
    var iconName: String { get }
    /// Whether its figures are closed, so they can be filled (the rectangle, the ellipse).
    var drawsClosedFigures: Bool { get }
    /// Whether it takes colours from the drawing instead of drawing (the eyedropper).
    var picksColor: Bool { get }
    /// Whether a click fills the region under it (the fill bucket).
    var fillsRegion: Bool { get }
    /// Whether a click opens a text box there (the text tool).
    var placesText: Bool { get }
    /// Whether a drag selects part of the drawing (the Select and Lasso tools).
    var selectsRegion: Bool { get }
    /// Whether that part is free-form (the Lasso) rather than a rectangle.
    var selectsFreeForm: Bool { get }
    /// Whether a click selects the alike colours around it (the Magic Wand).
    var selectsAlikeColors: Bool { get }
    /// Whether a drag selects the ellipse in its box (Ellipse Select).
    var selectsEllipse: Bool { get }
    /// Whether a drag and two more bend a line into a curve (the Curve tool).
    var drawsCurves: Bool { get }
    /// Whether clicks put a polygon's corners (the Polygon tool).
    var drawsPolygons: Bool { get }
    /// Whether holding the button sprays dots (the airbrush).
    var sprays: Bool { get }
    /// Whether a drag paints a gradient from where it starts to where it ends (the Gradient tool).
    var paintsGradient: Bool { get }
    /// Freehand brushes keep every point of the drag; the others span a figure between the
    /// first and the current point (seed 003's supportedContinuousDrawing).
    var isFreehand: Bool { get }
    /// Starts a freehand stroke.
    func beginStroke(at point: Point, color: Color, width: Double) -> Stroke
    /// The figure from `start` to `end`; `constrained` is Shift (15° steps, squares, circles).
    func shape(from start: Point, to end: Point, constrained: Bool, color: Color, width: Double) -> Shape?
    /// The same with the Shapes menu's options (the rounded rectangle's radius, the arrow's heads).
    func shape(from start: Point, to end: Point, constrained: Bool, color: Color, width: Double, options: ShapeOptions) -> Shape?
}

extension Brush {
    public var isFreehand: Bool { false }
    public var longName: String { name }
    public var drawsClosedFigures: Bool { false }
    public var picksColor: Bool { false }
    public var fillsRegion: Bool { false }
    public var placesText: Bool { false }
    public var selectsRegion: Bool { false }
    public var selectsFreeForm: Bool { false }
    public var selectsEllipse: Bool { false }
    public var selectsAlikeColors: Bool { false }
    public var paintsGradient: Bool { false }
    public var sprays: Bool { false }
    public var drawsPolygons: Bool { false }
    public var drawsCurves: Bool { false }
    /// "Line (L)".
    public var toolTip: String { "\(longName) (\(String(key).uppercased()))" }

    public func beginStroke(at point: Point, color: Color, width: Double) -> Stroke {
        Stroke(points: [point], color: color, width: width, blendMode: .sourceOver)
    }

    public func shape(from start: Point, to end: Point, constrained: Bool, color: Color, width: Double) -> Shape? { nil }

    public func shape(from start: Point, to end: Point, constrained: Bool, color: Color, width: Double, options: ShapeOptions) -> Shape? {
        shape(from: start, to: end, constrained: constrained, color: color, width: width)
    }
}

/// Freehand painting in the current colour.
public struct PencilBrush: Brush {
    public init() {}
    public var name: String { tr("Pencil") }
    public var iconName: String { "tool-pencil" }
    public var key: Character { "p" }
    public var isFreehand: Bool { true }
}

/// A true eraser: it clears the drawing layer so the background shows through.
public struct EraserBrush: Brush {
    public init() {}
    public var name: String { tr("Eraser") }
    public var iconName: String { "tool-eraser" }
    public var key: Character { "x" }
    public var isFreehand: Bool { true }

    public func beginStroke(at point: Point, color: Color, width: Double) -> Stroke {
        Stroke(points: [point], color: .black, width: width, blendMode: .clear)
    }
}

/// A straight line (直尺); Shift snaps it to 15° steps.
public struct LineBrush: Brush {
    public init() {}
    public var name: String { tr("Line") }
    public var iconName: String { "tool-line" }
    public var key: Character { "l" }

    public func shape(from start: Point, to end: Point, constrained: Bool, color: Color, width: Double) -> Shape? {
        let end = constrained ? Self.snapped(end, around: start) : end
        return Shape(path: .line(from: start, to: end), style: LineStyle(width: width, cap: .round, join: .round), color: color)
    }

    /// The end point turned to the nearest multiple of 15° around the start, same length.
    static func snapped(_ end: Point, around start: Point) -> Point {
        let dx = end.x - start.x, dy = end.y - start.y
        let length = (dx * dx + dy * dy).squareRoot()
        let step = Double.pi / 12
        let angle = (atan2(dy, dx) / step).rounded() * step
        return Point(x: start.x + length * cos(angle), y: start.y + length * sin(angle))
    }
}

/// A dashed line (虚线): dashes and gaps of three times the width.
public struct DashedLineBrush: Brush {
    public init() {}
    public var name: String { tr("Dashes") }
    public var iconName: String { "tool-dashes" }
    public var key: Character { "d" }
    public var longName: String { tr("Dashed line") }

    public func shape(from start: Point, to end: Point, constrained: Bool, color: Color, width: Double) -> Shape? {
        guard var shape = LineBrush().shape(from: start, to: end, constrained: constrained, color: color, width: width) else { return nil }
        shape.style = LineStyle(width: width, cap: .butt, join: .miter, dashes: [3 * width, 3 * width])
        return shape
    }
}

/// A rectangle between the drag's corners, whichever way it goes; Shift makes a square.
public struct RectangleBrush: Brush {
    public init() {}
    public var name: String { tr("Rect") }
    public var iconName: String { "tool-rectangle" }
    public var drawsClosedFigures: Bool { true }
    public var key: Character { "r" }
    public var longName: String { tr("Rectangle") }

    public func shape(from start: Point, to end: Point, constrained: Bool, color: Color, width: Double) -> Shape? {
        Shape(path: .rect(Self.box(from: start, to: end, square: constrained)), style: LineStyle(width: width, join: .miter), color: color)
    }

    /// The rectangle spanned by two corners; a square keeps the larger side and the drag's direction.
    static func box(from start: Point, to end: Point, square: Bool) -> Rect {
        var dx = end.x - start.x, dy = end.y - start.y
        if square {
            let side = max(abs(dx), abs(dy))
            dx = dx < 0 ? -side : side
            dy = dy < 0 ? -side : side
        }
        return Rect(x: min(start.x, start.x + dx), y: min(start.y, start.y + dy), width: abs(dx), height: abs(dy))
    }
}

/// An ellipse inscribed in the drag's rectangle; Shift makes a circle.
public struct EllipseBrush: Brush {
    public init() {}
    public var name: String { tr("Ellipse") }
    public var iconName: String { "tool-ellipse" }
    public var drawsClosedFigures: Bool { true }
    public var key: Character { "e" }

    public func shape(from start: Point, to end: Point, constrained: Bool, color: Color, width: Double) -> Shape? {
        Shape(path: .ellipse(in: RectangleBrush.box(from: start, to: end, square: constrained)),
              style: LineStyle(width: width, join: .round), color: color)
    }
}

/// A rectangle with round corners (KolourPaint's and Pinta's): the corners' radius grows with
/// the width (three widths, at least 8 points) and never passes half the shorter side; Shift
/// makes a square.
public struct RoundedRectangleBrush: Brush {
    public init() {}
    public var name: String { tr("Rounded") }
    public var longName: String { tr("Rounded rectangle") }
    public var iconName: String { "tool-rounded-rectangle" }
    public var drawsClosedFigures: Bool { true }
    public var key: Character { "u" }

    public func shape(from start: Point, to end: Point, constrained: Bool, color: Color, width: Double) -> Shape? {
        shape(from: start, to: end, constrained: constrained, color: color, width: width, options: ShapeOptions())
    }

    public func shape(from start: Point, to end: Point, constrained: Bool, color: Color, width: Double, options: ShapeOptions) -> Shape? {
        let box = RectangleBrush.box(from: start, to: end, square: constrained)
        let radius = min(options.cornerRadius ?? max(8, 3 * width), min(box.width, box.height) / 2)
        return Shape(path: .roundedRect(box, cornerRadius: radius), style: LineStyle(width: width, join: .round), color: color)
    }
}

/// A line with an arrowhead at its end: two strokes from the tip back at 30° each side, as
/// long as four widths (at least 12 points) but never longer than half the line; Shift turns
/// the line in 15° steps as the line tool does.
public struct ArrowBrush: Brush {
    public init() {}
    public var name: String { tr("Arrow") }
    public var iconName: String { "tool-arrow" }
    public var key: Character { "v" }

    public func shape(from start: Point, to end: Point, constrained: Bool, color: Color, width: Double) -> Shape? {
        shape(from: start, to: end, constrained: constrained, color: color, width: width, options: ShapeOptions())
    }

    /// With the option, a head at the start too (pointing back). Each head is one stroke from
    /// barb to tip to barb (a round join at the tip), and the shaft stops half a width short of
    /// a head: its cap then lies inside the head's strokes. The figure is the same as three
    /// strokes meeting at the tip, but no two outlines run along the same edge there (where
    /// coverage added up would darken the tip's anti-aliased rim).
    public func shape(from start: Point, to end: Point, constrained: Bool, color: Color, width: Double, options: ShapeOptions) -> Shape? {
        let tip = constrained ? LineBrush.snapped(end, around: start) : end
        let dx = tip.x - start.x, dy = tip.y - start.y, length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return Shape(path: .line(from: start, to: tip), style: LineStyle(width: width, cap: .round, join: .round), color: color) }
        let head = min(max(12, 4 * width), length / (options.arrowHeadsAtBothEnds ? 3 : 2))
        let heads = options.arrowHeadsAtBothEnds ? [(tip, atan2(dy, dx)), (start, atan2(-dy, -dx))] : [(tip, atan2(dy, dx))]
        let back = Point(x: dx / length * width / 2, y: dy / length * width / 2)
        var path = Path.line(from: options.arrowHeadsAtBothEnds ? start + back : start, to: tip - back)
        for (point, angle) in heads {
            let barbs = [-1.0, 1.0].map { side -> Point in
                let barb = angle + Double.pi - side * Double.pi / 6
                return Point(x: point.x + head * cos(barb), y: point.y + head * sin(barb))
            }
            path.move(to: barbs[0])
            path.line(to: point)
            path.line(to: barbs[1])
        }
        return Shape(path: path, style: LineStyle(width: width, cap: .round, join: .round), color: color)
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
    public var paintsGradient: Bool { true }
}

/// A polygon (多边形): click its corners; a double-click, a click on the first corner or
/// `Enter` closes it. Outlined, filled or both as the other closed figures.
public struct PolygonBrush: Brush {
    public init() {}
    public var name: String { tr("Polygon") }
    public var iconName: String { "tool-polygon" }
    public var key: Character { "n" }
    public var drawsClosedFigures: Bool { true }
    public var drawsPolygons: Bool { true }
}

/// A curve (曲线, KolourPaint's): drag a line, then press and drag twice to bend it by its two
/// control points; `Enter` keeps it as it is sooner.
public struct CurveBrush: Brush {
    public init() {}
    public var name: String { tr("Curve") }
    public var iconName: String { "tool-curve" }
    public var key: Character { "c" }
    public var drawsCurves: Bool { true }
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
    public var sprays: Bool { true }
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
    public var picksColor: Bool { true }
}

/// The fill bucket (填充): a click fills the region of alike colours around it (see FloodFill).
public struct FillBrush: Brush {
    public init() {}
    public var name: String { tr("Bucket") }
    public var longName: String { tr("Fill bucket") }
    public var iconName: String { "tool-fill" }
    /// Pinta's and KolourPaint's key for it.
    public var key: Character { "f" }
    public var fillsRegion: Bool { true }
}

/// The text tool (文字): a click opens a box where words are typed, in any script, committed
/// as one item.
public struct TextBrush: Brush {
    public init() {}
    public var name: String { tr("Text") }
    public var iconName: String { "tool-text" }
    /// KolourPaint's and Pinta's key for text.
    public var key: Character { "t" }
    public var placesText: Bool { true }
}

/// Rectangle selection (选择): drag to select, drag the handles to change it, drag inside to
/// move what it holds; Ctrl+C, Ctrl+X, Delete and crop work on it.
public struct SelectBrush: Brush {
    public init() {}
    public var name: String { tr("Select") }
    public var iconName: String { "tool-select" }
    /// Pinta's and KolourPaint's key for the rectangle selection.
    public var key: Character { "s" }
    public var selectsRegion: Bool { true }
}

/// Ellipse Select (Pinta's and GIMP's): drag a box, the ellipse inside it is selected (a
/// circle with Shift); everything the Select tool does works on it, as on a lasso's outline.
public struct EllipseSelectBrush: Brush {
    public init() {}
    public var name: String { tr("Oval") }
    public var longName: String { tr("Ellipse select") }
    public var iconName: String { "tool-ellipse-select" }
    public var key: Character { "o" }
    public var selectsRegion: Bool { true }
    public var selectsEllipse: Bool { true }
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
    public var selectsRegion: Bool { true }
    public var selectsAlikeColors: Bool { true }
}

/// Free-form selection (套索): drag around what to select; it closes on release. Everything
/// the Select tool does works on it (the crop takes its bounds).
public struct LassoBrush: Brush {
    public init() {}
    public var name: String { tr("Lasso") }
    public var iconName: String { "tool-lasso" }
    /// Next to S, and free in Pinta's and KolourPaint's keys.
    public var key: Character { "a" }
    public var selectsRegion: Bool { true }
    public var selectsFreeForm: Bool { true }
}
