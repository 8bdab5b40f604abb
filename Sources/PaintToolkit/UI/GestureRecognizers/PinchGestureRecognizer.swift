/// Two fingers moving apart or together, or a trackpad pinch or the wheel (continuous).
/// `scale` is the distance between the fingers over their distance at the start: absolute,
/// and settable (setting it to 1 makes later values relative to now).
public final class PinchGestureRecognizer: GestureRecognizer {
    /// Change in finger distance, in points, before the pinch begins.
    public var hysteresis = 8.0

    private var startDistance: Double?
    /// scale = anchorScale x distance / anchorDistance
    private var anchorScale = 1.0
    private var anchorDistance = 1.0
    private var currentScale = 1.0
    private var samples = VelocityTracker<Double>()

    public override init() { super.init() }

    public var scale: Double {
        get { currentScale }
        set {
            currentScale = newValue
            anchorScale = newValue
            if let geometry = TwoFingerGeometry(liveTouchesOf: self) { anchorDistance = max(geometry.distance, 1e-6) }
            samples.removeAll()
        }
    }

    /// Scale per second.
    public var velocity: Double { samples.velocity { $0 - $1 } }

    public override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        if state == .possible, let geometry = TwoFingerGeometry(liveTouchesOf: self), startDistance == nil {
            startDistance = geometry.distance
            anchorScale = 1
            anchorDistance = max(geometry.distance, 1e-6)
            currentScale = 1
        } else if state == .began || state == .changed, let geometry = TwoFingerGeometry(liveTouchesOf: self) {
            // A second finger back down mid-gesture: go on from the scale held.
            anchorScale = currentScale
            anchorDistance = max(geometry.distance, 1e-6)
        }
        samples.advance(to: event.timestamp)
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let geometry = TwoFingerGeometry(liveTouchesOf: self) else { return }
        currentScale = anchorScale * geometry.distance / anchorDistance
        samples.add(currentScale, at: event.timestamp)
        let pastHysteresis = startDistance.map { abs(geometry.distance - $0) > hysteresis } ?? false
        advanceTwoFingerGesture(pastHysteresis: pastHysteresis)
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        samples.advance(to: event.timestamp)
        guard liveTouches.count < 2 else { return }
        endTwoFingerGesture(remaining: liveTouches.count)
        if state == .possible { startDistance = nil }
    }

    public override func handle(_ event: TransformEvent) -> Bool {
        guard event.scale != 1 || state != .possible || event.phase != .began else { return true }
        follow(event, begin: {
            anchorScale = 1
            currentScale = event.scale
        }, change: {
            currentScale *= event.scale
        })
        samples.add(currentScale, at: event.timestamp)
        return true
    }

    public override func reset() {
        startDistance = nil
        anchorScale = 1
        anchorDistance = 1
        currentScale = 1
        samples.removeAll()
    }
}
