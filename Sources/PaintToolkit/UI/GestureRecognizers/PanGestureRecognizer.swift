/// Follows one or more fingers dragging (continuous). Translation is the movement of the
/// touches' centroid since the gesture began, in any view's coordinates.
public final class PanGestureRecognizer: GestureRecognizer {
    public var minimumNumberOfTouches = 1
    public var maximumNumberOfTouches = Int.max
    /// Movement before the pan begins.
    public var hysteresis = 10.0

    /// Where the centroid was when translation was zero (window coordinates).
    private var origin: Point?
    private var lastCentroid: Point?
    private var velocity = VelocityTracker<Point>()

    public override init() { super.init() }

    public func translation(in view: View?) -> Point {
        guard let origin, let current = lastCentroid else { return .zero }
        return convert(current, view) - convert(origin, view)
    }

    /// Makes the current translation read `translation` (usually zero, to take increments).
    public func setTranslation(_ translation: Point, in view: View?) {
        guard let current = lastCentroid else { return }
        let startInView = convert(current, view) - translation
        origin = view?.convert(startInView, to: nil) ?? startInView
    }

    /// Points per second of the centroid, in a view's coordinates.
    public func velocity(in view: View?) -> Point {
        let vx = velocity.velocity { self.convert($0, view).x - self.convert($1, view).x }
        let vy = velocity.velocity { self.convert($0, view).y - self.convert($1, view).y }
        return Point(x: vx, y: vy)
    }

    private func convert(_ windowPoint: Point, _ view: View?) -> Point { view?.convert(windowPoint, from: nil) ?? windowPoint }

    public override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        touchCountChanged(at: event.timestamp)
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let centroid = liveCentroid else { return }
        lastCentroid = centroid
        velocity.add(centroid, at: event.timestamp)
        let count = liveTouches.count
        switch state {
        case .possible:
            if count >= minimumNumberOfTouches, count <= maximumNumberOfTouches,
               let origin, origin.distance(to: centroid) > hysteresis {
                setState(.began)
            }
        case .began, .changed:
            setState(.changed)
        default:
            break
        }
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        velocity.advance(to: event.timestamp)
        let remaining = liveTouches.count
        if remaining == 0 || remaining < minimumNumberOfTouches {
            if state == .began || state == .changed { setState(.ended) } else if state == .possible { setState(.failed) }
            return
        }
        touchCountChanged(at: event.timestamp)
    }

    /// Fingers landing or lifting mid-gesture move the centroid; shift the origin so the
    /// translation does not jump.
    private func touchCountChanged(at time: Double) {
        guard let centroid = liveCentroid else { return }
        if let origin, let last = lastCentroid {
            self.origin = origin + (centroid - last)
        } else {
            origin = centroid
        }
        lastCentroid = centroid
        velocity.removeAll()
        velocity.add(centroid, at: time)
    }

    public override func reset() {
        origin = nil
        lastCentroid = nil
        velocity.removeAll()
    }
}
