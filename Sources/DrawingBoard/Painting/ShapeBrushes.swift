import Foundation

// The shape tools: each drags out a figure (or builds one over several presses, a polygon
// or a curve), editable by its handles once drawn.

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

/// A polygon (多边形): click its corners; a double-click, a click on the first corner or
/// `Enter` closes it. Outlined, filled or both as the other closed figures.
public struct PolygonBrush: Brush {
    public init() {}
    public var name: String { tr("Polygon") }
    public var iconName: String { "tool-polygon" }
    public var key: Character { "n" }
    public var drawsClosedFigures: Bool { true }

    /// The first corner; the others come with the next presses (see PolygonTool).
    public func press(_ press: ToolPress) -> ToolGesture? {
        _ = press.canvas.polygonTool.press(at: press.point, tapCount: 1, color: press.paint, fillColor: press.other)
        return PolygonCornerGesture(canvas: press.canvas)
    }
}

/// A curve (曲线, KolourPaint's): drag a line, then press and drag twice to bend it by its two
/// control points; `Enter` keeps it as it is sooner.
public struct CurveBrush: Brush {
    public init() {}
    public var name: String { tr("Curve") }
    public var iconName: String { "tool-curve" }
    public var key: Character { "c" }

    /// The line first; its two control points come with the next presses (see CurveTool).
    public func press(_ press: ToolPress) -> ToolGesture? {
        press.canvas.curveTool.press(at: press.point, color: press.paint)
        return CurvePointGesture(canvas: press.canvas)
    }
}
