/// Recognizes a number of taps with a number of fingers (discrete).
public final class TapGestureRecognizer: GestureRecognizer {
    public var numberOfTapsRequired = 1
    public var numberOfTouchesRequired = 1
    /// How far a finger may wander during a tap.
    public var allowableMovement = 10.0
    /// The longest pause between the taps of a multiple tap.
    public var maximumIntervalBetweenTaps = 0.35

    private var tapsCompleted = 0
    private var touchesInThisTap = 0
    private var startLocations: [ObjectIdentifier: Point] = [:]
    private var intervalTimer: Scheduler.Timer?

    public override init() { super.init() }

    public override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        intervalTimer?.cancel()
        for touch in touches { startLocations[ObjectIdentifier(touch)] = touch.locationInWindow }
        touchesInThisTap = max(touchesInThisTap, liveTouches.count)
        if touchesInThisTap > numberOfTouchesRequired { setState(.failed) }
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        for touch in touches {
            if let start = startLocations[ObjectIdentifier(touch)], start.distance(to: touch.locationInWindow) > allowableMovement {
                setState(.failed)
                return
            }
        }
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        touchesMoved(touches, with: event)
        guard state == .possible, liveTouches.isEmpty else { return }
        guard touchesInThisTap == numberOfTouchesRequired else {
            setState(.failed)
            return
        }
        tapsCompleted += 1
        touchesInThisTap = 0
        startLocations = [:]
        if tapsCompleted >= numberOfTapsRequired {
            setState(.recognized)
        } else {
            intervalTimer = schedule(after: maximumIntervalBetweenTaps) { [weak self] in
                if self?.state == .possible { self?.setState(.failed) }
            }
        }
    }

    public override func reset() {
        tapsCompleted = 0
        touchesInThisTap = 0
        startLocations = [:]
        intervalTimer?.cancel()
        intervalTimer = nil
    }
}
