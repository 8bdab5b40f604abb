extension GestureRecognizer {
    /// Touches of the gesture still down.
    package var liveTouches: [Touch] { trackedTouches.filter { $0.phase != .ended && $0.phase != .cancelled } }

    /// The centroid of the live touches in window coordinates.
    package var liveCentroid: Point? {
        let touches = liveTouches
        guard !touches.isEmpty else { return nil }
        let sum = touches.reduce(Point.zero) { $0 + $1.locationInWindow }
        return sum * (1 / Double(touches.count))
    }
}
