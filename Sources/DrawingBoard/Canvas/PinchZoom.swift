/// Two fingers (the mouse's simulated two, a touchpad pinch, Ctrl+wheel) zoom the canvas about
/// where they are, and scroll it as they move together.
final class PinchZoom {
    let recognizer = PinchGestureRecognizer()
    /// The zoom when the pinch in progress began, and where its fingers were last.
    private var startScale = 1.0
    private var lastLocation: Point?
    private unowned let canvas: CanvasView

    init(canvas: CanvasView) {
        self.canvas = canvas
        recognizer.addTarget { [unowned self] in self.changed($0 as! PinchGestureRecognizer) }
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
}
