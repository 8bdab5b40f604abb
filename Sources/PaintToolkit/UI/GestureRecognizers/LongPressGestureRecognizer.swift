/// Recognizes a finger held still for a while, then follows it until it lifts (continuous).
public final class LongPressGestureRecognizer: GestureRecognizer {
    public var minimumPressDuration = 0.5
    /// How far the finger may move before the press is recognized.
    public var allowableMovement = 10.0
    public var numberOfTouchesRequired = 1

    private var start: Point?
    private var timer: Scheduler.Timer?

    public override init() { super.init() }

    public override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        guard state == .possible else { return }
        if liveTouches.count > numberOfTouchesRequired {
            setState(.failed)
            return
        }
        if liveTouches.count == numberOfTouchesRequired {
            start = liveCentroid
            timer?.cancel()
            timer = schedule(after: minimumPressDuration) { [weak self] in
                guard let self, self.state == .possible else { return }
                self.setState(.began)
            }
        }
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        switch state {
        case .possible:
            if let start, let centroid = liveCentroid, start.distance(to: centroid) > allowableMovement { fail() }
        case .began, .changed:
            setState(.changed)
        default:
            break
        }
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        switch state {
        case .possible: fail()
        case .began, .changed: if liveTouches.count < numberOfTouchesRequired { setState(.ended) }
        default: break
        }
    }

    private func fail() {
        timer?.cancel()
        setState(.failed)
    }

    public override func reset() {
        timer?.cancel()
        timer = nil
        start = nil
    }
}
