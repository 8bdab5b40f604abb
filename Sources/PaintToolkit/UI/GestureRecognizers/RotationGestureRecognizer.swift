/// Two fingers turning, or a trackpad rotation or Shift+wheel (continuous). `rotation` is the
/// angle turned since the start in radians (clockwise positive on screen), settable.
public final class RotationGestureRecognizer: GestureRecognizer {
    /// Turn, in radians, before the rotation begins.
    public var hysteresis = 0.05

    private var lastAngle: Double?
    private var currentRotation = 0.0
    private var samples = VelocityTracker<Double>()

    public override init() { super.init() }

    public var rotation: Double {
        get { currentRotation }
        set {
            currentRotation = newValue
            samples.removeAll()
        }
    }

    /// Radians per second.
    public var velocity: Double { samples.velocity { $0 - $1 } }

    public override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        // Two fingers down (again, mid-gesture): turning goes on from the rotation held.
        if let geometry = TwoFingerGeometry(liveTouchesOf: self), lastAngle == nil {
            lastAngle = geometry.angle
        }
        samples.advance(to: event.timestamp)
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let geometry = TwoFingerGeometry(liveTouchesOf: self), let last = lastAngle else { return }
        currentRotation += angleDifference(geometry.angle, last)
        lastAngle = geometry.angle
        samples.add(currentRotation, at: event.timestamp)
        advanceTwoFingerGesture(pastHysteresis: abs(currentRotation) > hysteresis)
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        samples.advance(to: event.timestamp)
        guard liveTouches.count < 2 else { return }
        endTwoFingerGesture(remaining: liveTouches.count)
        lastAngle = nil
    }

    public override func handle(_ event: TransformEvent) -> Bool {
        guard event.rotation != 0 || state != .possible || event.phase != .began else { return true }
        follow(event, begin: {
            currentRotation = event.rotation
        }, change: {
            currentRotation += event.rotation
        })
        samples.add(currentRotation, at: event.timestamp)
        return true
    }

    public override func reset() {
        lastAngle = nil
        currentRotation = 0
        samples.removeAll()
    }
}
