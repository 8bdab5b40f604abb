/// Freehand strokes as the hand and the pen make them: the width from a pen's pressure (through
/// the pressure curve) or, if asked for, from the mouse's speed; the line steadied by the pulled
/// string.
extension CanvasView {
    /// A press starts a freehand stroke of `tool` (the pencil, the eraser) at a document point.
    func beginFreehand(_ touch: Touch, with tool: Brush, at point: Point) {
        var stroke = tool.beginStroke(at: point, color: strokeColor, width: strokeWidth)
        if let pressure = Self.pressure(of: touch) {
            if penSettings.pressureEffect.setsWidth { stroke.widths = [penSettings.width(forPressure: pressure, chosen: strokeWidth)] }
            if penSettings.pressureEffect.setsOpacity { stroke.opacities = [penSettings.opacity(forPressure: pressure)] }
        } else if penSettings.taperWithSpeed {
            stroke.widths = [strokeWidth]
        }
        freehand = FreehandState(smoother: StrokeSmoother(start: point, stringLength: penSettings.smoothing.stringLength),
                                 variableWidth: stroke.widths != nil ? stroke.width : nil, fadesWithPressure: stroke.opacities != nil,
                                 lastDrawn: point, lastTime: touch.timestamp, speed: 0)
        pixelsChanged(drawing.begin(stroke))
    }

    /// The pointer moved to a document point: the line follows (when the string is taut).
    func extendFreehand(_ touch: Touch, to point: Point) {
        guard var state = freehand, let drawn = state.smoother.follow(point) else { return }
        let width = self.width(for: touch, at: drawn, state: &state)
        freehand = state
        pixelsChanged(drawing.extend(to: drawn, width: width, opacity: opacity(for: touch, state: state)))
    }

    /// The pointer lifted at a document point: the line catches up to it.
    func finishFreehand(_ touch: Touch, at point: Point) {
        defer { freehand = nil }
        guard var state = freehand else { return }
        if let drawn = state.smoother.finish(at: point) {
            let width = self.width(for: touch, at: drawn, state: &state)
            pixelsChanged(drawing.extend(to: drawn, width: width, opacity: opacity(for: touch, state: state)))
        }
    }

    /// A pen's pressure, 0...1 (nil: not a pen, or one that cannot tell).
    static func pressure(of touch: Touch) -> Double? {
        guard touch.type == .pencil, touch.maximumPossibleForce > 0 else { return nil }
        return touch.force / touch.maximumPossibleForce
    }

    private func opacity(for touch: Touch, state: FreehandState) -> Double? {
        guard state.fadesWithPressure, let pressure = Self.pressure(of: touch) else { return nil }
        return penSettings.opacity(forPressure: pressure)
    }

    /// The width at a point about to be drawn (nil: the stroke's one width).
    private func width(for touch: Touch, at point: Point, state: inout FreehandState) -> Double? {
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
}

/// The freehand stroke in progress, kept by the canvas so that a motion event need not copy
/// the stroke out of the drawing layer: its steadier, how its width and opacity vary, and the
/// speed taper's memory.
struct FreehandState {
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
