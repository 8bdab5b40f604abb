/// Two fingers (the mouse's simulated two, a touchpad pinch, Ctrl+wheel) zoom the canvas about
/// where they are, and scroll it as they move together; turning them (a touchpad's rotation,
/// Ctrl+Shift+wheel, Shift+middle drag) turns the view, past a few degrees so that a pinch's
/// small wobble does not.
public final class PinchZoom: GestureRecognizerDelegate {
    let recognizer = PinchGestureRecognizer()
    let turning = RotationGestureRecognizer()
    var recognizers: [GestureRecognizer] { [recognizer, turning] }
    /// Degrees a turn must pass before the view follows it.
    public static let turnDeadZone = 5.0
    /// The zoom when the pinch in progress began, and where its fingers were last.
    private var startScale = 1.0
    private var lastLocation: Point?
    /// The view's angle when the turn in progress began.
    private var startRotation = 0.0
    private unowned let canvas: CanvasView

    init(canvas: CanvasView) {
        self.canvas = canvas
        recognizer.addTarget { [unowned self] in self.changed($0 as! PinchGestureRecognizer) }
        turning.addTarget { [unowned self] in self.turned($0 as! RotationGestureRecognizer) }
        recognizer.delegate = self
        turning.delegate = self
    }

    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        recognizers.contains { $0 === other }
    }

    private func changed(_ pinch: PinchGestureRecognizer) {
        let location = pinch.location(in: canvas)
        switch pinch.state {
        case .began, .changed:
            if pinch.state == .began { startScale = canvas.viewport.scale }
            if let last = lastLocation {
                canvas.viewport.shiftContent(by: Point(x: location.x - last.x, y: location.y - last.y))
            }
            lastLocation = location
            canvas.viewport.zoom(to: startScale * pinch.scale, about: location)
            canvas.viewportChanged()
        default:
            lastLocation = nil
        }
    }

    private func turned(_ turn: RotationGestureRecognizer) {
        switch turn.state {
        case .began, .changed:
            // A touchpad's turn can begin with its first angle already in it.
            if turn.state == .began { startRotation = canvas.viewport.rotation }
            let degrees = turn.rotation * 180 / .pi
            guard abs(degrees) > Self.turnDeadZone else { return }
            // The document point under the fingers stays under them.
            let location = turn.location(in: canvas), under = canvas.viewport.contentPoint(location)
            canvas.viewport.setRotation(startRotation + degrees - Self.turnDeadZone * (degrees > 0 ? 1 : -1))
            let now = canvas.viewport.viewPoint(under)
            canvas.viewport.shiftContent(by: Point(x: location.x - now.x, y: location.y - now.y))
            canvas.viewportChanged()
        default:
            break
        }
    }
}
