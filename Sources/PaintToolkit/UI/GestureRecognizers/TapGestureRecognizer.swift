/// Recognizes a number of taps with a number of fingers (discrete). As in UIKit its location
/// is the centroid of the fingers of the first tap, and its action can still read the touches
/// of the tap (`numberOfTouches`, `location(ofTouch:in:)`) after they have lifted.
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
    /// Where each finger of the tap in progress lifted (window coordinates), by touch identifier.
    private var liftedThisTap: [Int: Point] = [:]
    /// Where the fingers of the first tap lifted, in identifier order.
    private var firstTap: [Point] = []

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
        for touch in touches { liftedThisTap[touch.identifier] = touch.locationInWindow }
        guard state == .possible, liveTouches.isEmpty else { return }
        guard touchesInThisTap == numberOfTouchesRequired else {
            setState(.failed)
            return
        }
        if tapsCompleted == 0 { firstTap = liftedThisTap.sorted { $0.key < $1.key }.map(\.value) }
        tapsCompleted += 1
        touchesInThisTap = 0
        startLocations = [:]
        liftedThisTap = [:]
        if tapsCompleted >= numberOfTapsRequired {
            setState(.recognized)
        } else {
            intervalTimer = schedule(after: maximumIntervalBetweenTaps) { [weak self] in
                if self?.state == .possible { self?.setState(.failed) }
            }
        }
    }

    // MARK: - Where the tap was

    public override var numberOfTouches: Int { firstTap.isEmpty ? super.numberOfTouches : firstTap.count }

    public override func location(in view: View?) -> Point {
        guard !firstTap.isEmpty else { return super.location(in: view) }
        return Self.centroid(firstTap.map { view?.convert($0, from: nil) ?? $0 })
    }

    public override func location(ofTouch index: Int, in view: View?) -> Point {
        guard !firstTap.isEmpty else { return super.location(ofTouch: index, in: view) }
        guard firstTap.indices.contains(index) else {
            Log.warning(Self.outOfRange(index, of: firstTap.count, in: self))
            return location(in: view)
        }
        return view?.convert(firstTap[index], from: nil) ?? firstTap[index]
    }

    public override func reset() {
        liftedThisTap = [:]
        firstTap = []
        tapsCompleted = 0
        touchesInThisTap = 0
        startLocations = [:]
        intervalTimer?.cancel()
        intervalTimer = nil
    }
}
