import Foundation

/// View → Symmetry: the symmetry the freehand tools and MyPaint's brushes paint with (nil:
/// none), its centre (the document's middle at first, then where the pointer is when Centre
/// at the Pointer is chosen), and its axes drawn over the canvas while it is on.
final class SymmetryGuide {
    private unowned let canvas: CanvasView
    /// The freehand tool's, which every tool that paints with copies reads.
    var symmetry: Symmetry? { canvas.freehandTool.symmetry }

    init(canvas: CanvasView) { self.canvas = canvas }

    /// Turns symmetry on as `kind` (with `folds` for a rotational one), or off with nil; the
    /// centre stays where it was.
    func set(_ kind: Symmetry.Kind?, folds: Int = 6) {
        guard let kind else { return apply(nil) }
        let size = canvas.viewport.contentSize
        let centre = symmetry?.centre ?? Point(x: size.width / 2, y: size.height / 2)
        apply(Symmetry(kind: kind, centre: centre, folds: folds))
    }

    /// Puts the centre at a document point.
    func moveCentre(to point: Point) {
        guard var symmetry else { return }
        symmetry.centre = point
        apply(symmetry)
    }

    func isOn(_ kind: Symmetry.Kind, folds: Int? = nil) -> Bool {
        guard let symmetry, symmetry.kind == kind else { return false }
        return folds.map { $0 == symmetry.folds } ?? true
    }

    private func apply(_ new: Symmetry?) {
        canvas.freehandTool.symmetry = new
        if new != nil, overlay.superview !== canvas {
            canvas.addSubview(overlay)
            overlay.viewPoint = { [unowned canvas] unit in canvas.viewport.viewPoint(unit) }
        } else if new == nil {
            overlay.removeFromSuperview()
        }
        overlay.frame = canvas.bounds
        overlay.symmetry = new
        overlay.setNeedsDisplay()
    }

    private lazy var overlay = SymmetryGuideView()
}

/// The symmetry's axes over the canvas: thin dashed lines through the centre (a mirror's line,
/// a rotation's rays), a ring at the centre; it takes no touches.
final class SymmetryGuideView: View {
    var symmetry: Symmetry?
    var viewPoint: (Point) -> Point = { $0 }

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    override func draw(_ rect: Rect, in context: GraphicsContext) {
        guard let symmetry, let superview else { return }
        frame = superview.bounds
        let centre = viewPoint(symmetry.centre), reach = hypot(bounds.width, bounds.height)
        var directions: [Double] = []
        switch symmetry.kind {
        case .vertical: directions = [.pi / 2, -.pi / 2]
        case .horizontal: directions = [0, .pi]
        case .both: directions = [0, .pi / 2, .pi, -.pi / 2]
        case .rotational: directions = (0..<symmetry.folds).map { -Double.pi / 2 + 2 * .pi * Double($0) / Double(symmetry.folds) }
        }
        // On screen the document may be turned or mirrored: the axes go through the view's map.
        let unit = viewPoint(Point(x: symmetry.centre.x + 1, y: symmetry.centre.y)), down = viewPoint(Point(x: symmetry.centre.x, y: symmetry.centre.y + 1))
        context.save()
        for (width, color) in [(3.0, Color(r: 255, g: 255, b: 255, a: 150)), (1.0, Color(r: 0, g: 110, b: 220, a: 200))] {
            context.lineStyle = LineStyle(width: width, dashes: [8, 6])
            context.strokeColor = color
            for angle in directions {
                let dx = cos(angle), dy = sin(angle)
                let vx = (unit.x - centre.x) * dx + (down.x - centre.x) * dy, vy = (unit.y - centre.y) * dx + (down.y - centre.y) * dy
                let length = max(hypot(vx, vy), 1e-9)
                context.stroke(.polyline([centre, Point(x: centre.x + vx / length * reach, y: centre.y + vy / length * reach)]))
            }
            context.lineStyle = LineStyle(width: width)
            context.stroke(.ellipse(in: Rect(x: centre.x - 6, y: centre.y - 6, width: 12, height: 12)))
        }
        context.restore()
    }
}
