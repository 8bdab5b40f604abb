/// Taps in a row close together in time and place count 1, 2, 3... (UITouch.tapCount): the
/// last tap, and the count a new touch starts with.
struct TapSeries {
    private var lastTap: (location: Point, time: Double, count: Int)?

    /// 1 for a lone tap; one more than the last tap's count for a quick tap near it.
    func count(forTouchAt location: Point, time: Double) -> Int {
        guard let last = lastTap, time - last.time <= Touch.multipleTapInterval,
              last.location.distance(to: location) <= Touch.multipleTapDistance else { return 1 }
        return last.count + 1
    }

    /// A touch that lifted near where it began was a tap; the next may continue its series.
    mutating func touchEnded(_ touch: Touch) {
        let wasTap = touch.startLocationInWindow.distance(to: touch.locationInWindow) <= Touch.multipleTapDistance
        lastTap = wasTap ? (touch.locationInWindow, touch.timestamp, touch.tapCount) : nil
    }

    /// A cancelled touch ends the series.
    mutating func touchCancelled() { lastTap = nil }
}
