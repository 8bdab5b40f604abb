import Foundation

/// A stroke of the chosen MyPaint brush: every motion goes to libmypaint with its pressure (a
/// mouse's is 0.5, as MyPaint gives it), a pen's tilt, the time since the last and the view's
/// zoom, drawn at once on the layer; the release commits it as one item.
final class BrushPaintGesture: PaintingGesture {
    private var live: LiveBrushStroke?
    private var lastTime: Double?

    /// A stroke of the brush named (nil: the one chosen), or the word why there cannot be one.
    static func start(_ press: ToolPress, brush name: String?, isEraser: Bool) -> BrushPaintGesture? {
        guard !press.isRefusedByLockedLayer else { return nil }
        let brushes = MyPaintBrushes.shared
        if let problem = brushes.problem(with: name ?? brushes.chosen) {
            press.showStatus(problem, isError: true)
            return nil
        }
        guard let stroke = brushes.stroke(color: press.paint, width: press.canvas.strokeWidth, isEraser: isEraser, brush: name) else { return nil }
        return BrushPaintGesture(press, stroke: stroke)
    }

    init?(_ press: ToolPress, stroke: BrushStroke) {
        var stroke = stroke
        stroke.symmetry = press.canvas.freehandTool.symmetry
        guard let live = LiveBrushStroke(stroke, on: press.canvas.drawing) else { return nil }
        self.live = live
        super.init(press, holdPicksColor: false)
        paint(press.touch, to: press.point)
    }

    deinit {
        // Cancelled (a second finger, a lost grab): the layer shows its own pixels again.
        if let live { canvas.presenter.pixelsChanged(live.end(), on: canvas) }
    }

    override var draws: Bool { live != nil }

    override func cancel() {
        guard let live else { return }
        self.live = nil
        canvas.presenter.pixelsChanged(live.end(), on: canvas)
    }

    override func paint(_ touch: Touch, to point: Point) {
        guard let live else { return }
        canvas.presenter.pixelsChanged(live.add(event(touch, at: point, pressure: Self.pressure(of: touch))), on: canvas)
    }

    override func commit(_ touch: Touch, at point: Point) {
        guard let live else { return }
        // The pen lifts: the brush hears the pressure go, as MyPaint's strokes end.
        canvas.presenter.pixelsChanged(live.add(event(touch, at: point, pressure: 0)), on: canvas)
        self.live = nil
        let (stroke, painted) = live.finish()
        canvas.commit(.brushStroke(stroke), painted: painted)
    }

    private func event(_ touch: Touch, at point: Point, pressure: Double) -> BrushEvent {
        let seconds = lastTime.map { max(touch.timestamp - $0, 0.001) } ?? BrushEvent.strokeStartSeconds
        lastTime = touch.timestamp
        // A pen's tilt as libmypaint takes it: how far from upright (0…1), towards where.
        let lean = touch.type == .pencil ? cos(touch.altitudeAngle) : 0
        return BrushEvent(x: point.x, y: point.y, pressure: pressure, xTilt: lean * cos(touch.azimuthAngle), yTilt: lean * sin(touch.azimuthAngle),
                          seconds: seconds, zoom: canvas.zoom)
    }

    private static func pressure(of touch: Touch) -> Double { FreehandTool.pressure(of: touch) ?? 0.5 }
}
