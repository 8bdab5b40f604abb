/// A curve of control points drawn over the layer's histogram, as GIMP's and Pinta's Curves
/// show one: a press on the curve's line adds a point, a drag moves one (never past its
/// neighbours), dragging an inner point out of the square removes it; the end points move up
/// and down along their edges only.
final class CurveEditorView: View {
    var points: [ColorCurves.Point] = ColorCurves.identity { didSet { setNeedsDisplay() } }
    /// Counts per level (any scale), drawn grey behind the curve.
    var histogram: [Int] = [] { didSet { setNeedsDisplay() } }
    var curveColor = Color(r: 30, g: 30, b: 34) { didSet { setNeedsDisplay() } }
    var onChange: (([ColorCurves.Point]) -> Void)?

    /// Which point the press holds.
    private var held: Int?

    /// The level (0...255, both ways) at a point of the view; up is more.
    private func level(at point: Point) -> (input: Int, output: Int) {
        let x = Int((point.x / max(1, bounds.width) * 255).rounded()), y = Int(((1 - point.y / max(1, bounds.height)) * 255).rounded())
        return (min(max(x, 0), 255), min(max(y, 0), 255))
    }

    private func location(of point: ColorCurves.Point) -> Point {
        Point(x: Double(point.input) / 255 * bounds.width, y: (1 - Double(point.output) / 255) * bounds.height)
    }

    // MARK: - Touches

    override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let at = touches.first?.location(in: self) else { return }
        if let near = points.indices.min(by: { location(of: points[$0]).distance(to: at) < location(of: points[$1]).distance(to: at) }),
           location(of: points[near]).distance(to: at) < 10 {
            held = near
            return
        }
        let (input, _) = level(at: at)
        guard !points.contains(where: { $0.input == input }) else { return }
        let output = Int(ColorCurves.table(points)[input])
        points.append(ColorCurves.Point(input, output))
        points.sort { $0.input < $1.input }
        held = points.firstIndex { $0.input == input }
        onChange?(points)
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let index = held, let at = touches.first?.location(in: self) else { return }
        let isEnd = index == 0 || index == points.count - 1
        if !isEnd, !bounds.insetBy(dx: -24, dy: -24).contains(at) {
            points.remove(at: index)
            held = nil
            onChange?(points)
            return
        }
        var (input, output) = level(at: at)
        // Inputs stay in order: a point never passes its neighbours.
        let low = index == 0 ? 0 : points[index - 1].input + 1, high = index == points.count - 1 ? 255 : points[index + 1].input - 1
        if isEnd { input = points[index].input } else { input = min(max(input, low), high) }
        points[index] = ColorCurves.Point(input, output)
        onChange?(points)
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) { held = nil }
    override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) { held = nil }

    // MARK: - Drawing

    override func draw(_ rect: Rect, in context: GraphicsContext) {
        context.fill(bounds, with: .white)
        if let most = histogram.max(), most > 0 {
            let barWidth = bounds.width / 256
            for (level, count) in histogram.enumerated() where count > 0 {
                let height = Double(count) / Double(most) * bounds.height
                context.fill(Rect(x: Double(level) * barWidth, y: bounds.height - height, width: barWidth + 0.5, height: height), with: Color(r: 214, g: 214, b: 220))
            }
        }
        for quarter in 1...3 {
            let x = bounds.width * Double(quarter) / 4, y = bounds.height * Double(quarter) / 4
            context.fill(Rect(x: x, y: 0, width: 1, height: bounds.height), with: Color(r: 232, g: 232, b: 236))
            context.fill(Rect(x: 0, y: y, width: bounds.width, height: 1), with: Color(r: 232, g: 232, b: 236))
        }
        let table = ColorCurves.table(points)
        var curve = Path()
        for level in 0..<256 {
            let point = location(of: ColorCurves.Point(level, Int(table[level])))
            if level == 0 { curve.move(to: point) } else { curve.line(to: point) }
        }
        context.save()
        context.strokeColor = curveColor
        context.lineWidth = 2
        context.stroke(curve)
        context.restore()
        for point in points { context.fillCircle(center: location(of: point), radius: 4.5, color: curveColor) }
        context.strokeBorder(bounds, width: 1, color: Color(r: 180, g: 180, b: 188))
    }
}
