/// Freehand strokes as the hand and the pen make them (the pencil, the eraser): the width from
/// a pen's pressure (through the pressure curve) or, if asked for, from the mouse's speed; the
/// line steadied by the pulled string. It keeps the stroke's state while the press lasts, so a
/// motion event never copies the stroke out of the drawing layer. Each step returns the
/// document pixels it changed, for the canvas to show.
final class FreehandTool {
    /// Pressure curve, steadying and speed taper.
    var penSettings = PenSettings()
    /// View → Symmetry's, for every stroke begun (MyPaint's brushes take it too).
    var symmetry: Symmetry?
    private var state: State?

    /// A press starts a stroke of `tool` at a document point.
    func begin(_ touch: Touch, with tool: Brush, at point: Point, color: Color, width chosen: Double, in content: DocumentContent) -> PixelRect {
        var stroke = tool.beginStroke(at: point, color: color, width: chosen)
        stroke.symmetry = symmetry
        if let pressure = Self.pressure(of: touch) {
            if penSettings.pressureEffect.setsWidth { stroke.widths = [penSettings.width(forPressure: pressure, chosen: chosen)] }
            if penSettings.pressureEffect.setsOpacity { stroke.opacities = [penSettings.opacity(forPressure: pressure)] }
        } else if penSettings.taperWithSpeed {
            stroke.widths = [chosen]
        }
        state = State(smoother: StrokeSmoother(start: point, stringLength: penSettings.smoothing.stringLength),
                      variableWidth: stroke.widths != nil ? stroke.width : nil, fadesWithPressure: stroke.opacities != nil,
                      lastDrawn: point, lastTime: touch.timestamp, speed: 0)
        return content.beginStroke(stroke)
    }

    /// The pointer moved to a document point: the line follows (when the string is taut).
    func extend(_ touch: Touch, to point: Point, in content: DocumentContent) -> PixelRect {
        guard var state, let drawn = state.smoother.follow(point) else { return .empty }
        let width = self.width(for: touch, at: drawn, state: &state)
        self.state = state
        return content.extendStroke(to: drawn, width: width, opacity: opacity(for: touch, state: state))
    }

    /// The pointer lifted at a document point: the line catches up to it.
    func finish(_ touch: Touch, at point: Point, in content: DocumentContent) -> PixelRect {
        defer { state = nil }
        guard var state, let drawn = state.smoother.finish(at: point) else { return .empty }
        let width = self.width(for: touch, at: drawn, state: &state)
        return content.extendStroke(to: drawn, width: width, opacity: opacity(for: touch, state: state))
    }

    /// A pen's pressure, 0...1 (nil: not a pen, or one that cannot tell).
    static func pressure(of touch: Touch) -> Double? {
        guard touch.type == .pencil, touch.maximumPossibleForce > 0 else { return nil }
        return touch.force / touch.maximumPossibleForce
    }

    private func opacity(for touch: Touch, state: State) -> Double? {
        guard state.fadesWithPressure, let pressure = Self.pressure(of: touch) else { return nil }
        return penSettings.opacity(forPressure: pressure)
    }

    /// The width at a point about to be drawn (nil: the stroke's one width).
    private func width(for touch: Touch, at point: Point, state: inout State) -> Double? {
        guard let chosen = state.variableWidth else { return nil }
        defer { state.lastDrawn = point }
        if let pressure = Self.pressure(of: touch) { return penSettings.width(forPressure: pressure, chosen: chosen) }
        // The speed taper: the pointer's speed, smoothed so one quick event does not notch the line.
        let last = state.lastDrawn
        let elapsed = max(touch.timestamp - state.lastTime, 0.001)
        let instant = ((point.x - last.x) * (point.x - last.x) + (point.y - last.y) * (point.y - last.y)).squareRoot() / elapsed
        state.speed = state.speed * 0.85 + instant * 0.15
        state.lastTime = touch.timestamp
        return chosen * PenSettings.simulatedPressure(speed: state.speed)
    }

    /// The stroke in progress: its steadier, how its width and opacity vary, the taper's memory.
    private struct State {
        var smoother: StrokeSmoother
        /// The width chosen for a stroke whose width varies along it (pressure, the speed taper); nil: one width.
        let variableWidth: Double?
        /// Whether the pen's pressure sets the opacity.
        let fadesWithPressure: Bool
        /// The last point drawn (where the speed is measured from).
        var lastDrawn: Point
        var lastTime: Double
        var speed: Double
    }
}
