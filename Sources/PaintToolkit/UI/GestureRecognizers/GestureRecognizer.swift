/// Decides how recognizers begin and share touches (UIGestureRecognizerDelegate).
public protocol GestureRecognizerDelegate: AnyObject {
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool
    /// Whether `recognizer` must wait for `other` to fail (a failure requirement set case by case).
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool
    /// Whether `other` must wait for `recognizer` to fail.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool
}

extension GestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { true }
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { true }
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool { false }
}

/// The base of all recognizers: UIKit's state machine, targets, failure requirements and the
/// touch-delivery flags. Subclasses look at touches (and transform events) and ask for state
/// changes; the window arbitrates recognition between them.
open class GestureRecognizer {
    public enum State: Sendable, Equatable {
        case possible, began, changed, ended, cancelled, failed
        /// Discrete recognizers go straight from possible to recognized.
        public static let recognized = State.ended

        package var isFinished: Bool { self == .ended || self == .cancelled || self == .failed }
        package var isActive: Bool { self == .began || self == .changed || self == .ended }
    }

    public internal(set) var state: State = .possible
    /// Neither retained nor weak (see `View.superview`): the view owns its recognizers and
    /// clears this as it goes away.
    public internal(set) unowned(unsafe) var view: View?
    /// Turning it off mid-gesture cancels it (a gesture that had begun) or fails it, at once.
    public var isEnabled = true {
        didSet { if oldValue && !isEnabled { stopBecauseDisabled() } }
    }
    /// The kinds of touch it looks at (a pen may draw while fingers pan); all by default.
    public var allowedTouchTypes: Set<Touch.TouchType> = [.direct, .indirectPointer, .pencil]
    /// A recognized gesture takes its touches away from the view (touchesCancelled).
    public var cancelsTouchesInView = true
    /// The view sees no touchesBegan until this recognizer has failed.
    public var delaysTouchesBegan = false
    /// The view sees no touchesEnded while this recognizer may still recognize.
    public var delaysTouchesEnded = true
    public weak var delegate: GestureRecognizerDelegate?

    private var actions: [(GestureRecognizer) -> Void] = []
    private var failureRequirements: [WeakRecognizer] = []
    /// The touches this recognizer is tracking now.
    public internal(set) var trackedTouches: [Touch] = []
    /// Every touch of the current gesture, ended ones included (what a recognition claims).
    package var seenTouches: [Touch] = []
    /// A recognition waiting for the recognizers this one requires to fail.
    package var pendingRecognition: State?
    /// The dispatcher whose arena it is in. Neither retained nor weak (a weak reference would
    /// put the dispatcher's every retain on the runtime's slow path): the dispatcher holds the
    /// recognizers of its arena and clears this from them as it goes away.
    package unowned(unsafe) var arena: TouchDispatcher?

    public init() {}

    public func addTarget(_ action: @escaping (GestureRecognizer) -> Void) { actions.append(action) }

    /// This recognizer may recognize only once `other` has failed (a single tap waiting for a
    /// double tap).
    public func require(toFail other: GestureRecognizer) { failureRequirements.append(WeakRecognizer(other)) }

    /// What it waits for: its own requirements, and those its delegate or the others' delegates
    /// ask for among the recognizers it competes with now.
    package var requiredToFail: [GestureRecognizer] {
        var required = failureRequirements.compactMap(\.value)
        for other in arena?.arenaRecognizers ?? [] where other !== self && !required.contains(where: { $0 === other }) {
            if delegate?.gestureRecognizer(self, shouldRequireFailureOf: other) == true
                || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: self) == true {
                required.append(other)
            }
        }
        return required
    }

    package func fireActions() { for action in actions { action(self) } }

    open var numberOfTouches: Int { trackedTouches.count }

    /// The centroid of the tracked touches in a view's coordinates.
    open func location(in view: View?) -> Point {
        guard !trackedTouches.isEmpty else { return lastLocation.map { view?.convert($0, from: nil) ?? $0 } ?? .zero }
        return Self.centroid(trackedTouches.map { $0.location(in: view) })
    }

    /// Where one of its touches is. An index beyond `numberOfTouches` is a programmer error: it is
    /// reported with a clear message (UIKit raises) and answers the gesture's location, never a crash.
    open func location(ofTouch index: Int, in view: View?) -> Point {
        guard trackedTouches.indices.contains(index) else {
            Log.warning(Self.outOfRange(index, of: numberOfTouches, in: self))
            return location(in: view)
        }
        return trackedTouches[index].location(in: view)
    }

    package static func outOfRange(_ index: Int, of count: Int, in recognizer: GestureRecognizer) -> String {
        "programmer error: location(ofTouch: \(index)) on a \(type(of: recognizer)) with \(count) touches"
    }

    package static func centroid(_ points: [Point]) -> Point {
        guard !points.isEmpty else { return .zero }
        return Point(x: points.map(\.x).reduce(0, +) / Double(points.count), y: points.map(\.y).reduce(0, +) / Double(points.count))
    }

    /// Where the last touch or transform event was, in window coordinates (after touches end).
    package var lastLocation: Point?

    /// The time source of the window this recognizer works in.
    public var clock: Clock? { (arena?.window ?? view?.window)?.application.clock }

    /// Schedules work on the window's application timers (for time-based recognizers).
    public func schedule(after delay: Double, _ action: @escaping () -> Void) -> Scheduler.Timer? {
        (arena?.window ?? view?.window)?.application.scheduler.schedule(after: delay) { [weak self] in
            guard self != nil else { return }
            action()
            self?.arena?.gestureStateDidChange()
        }
    }

    // MARK: - For subclasses

    open func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {}
    open func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {}
    open func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {}
    open func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        if state == .began || state == .changed { setState(.cancelled) } else if state == .possible { setState(.failed) }
    }

    /// Trackpad pinch and rotation, wheel zoom: return false to ignore them.
    open func handle(_ event: TransformEvent) -> Bool { false }

    /// Back to the possible state after finishing, ready for the next gesture.
    open func reset() {}

    /// Requests a state change. Recognition (from possible) is arbitrated by the window:
    /// failure requirements, the delegate's should-begin, and other recognizers.
    public func setState(_ newState: State) {
        switch (state, newState) {
        case (.possible, .began), (.possible, .ended):
            if let arena { arena.arbitrate(self, wants: newState) } else { apply(newState) }
        case (.possible, .failed), (.began, .changed), (.changed, .changed), (.began, .ended), (.changed, .ended),
             (.began, .cancelled), (.changed, .cancelled):
            apply(newState)
        case (.possible, .possible):
            break
        default:
            preconditionFailure("illegal gesture recognizer transition \(state) -> \(newState) in \(type(of: self))")
        }
    }

    private func stopBecauseDisabled() {
        switch state {
        case .began, .changed: apply(.cancelled)
        case .possible where arena != nil: apply(.failed)
        default: return
        }
        arena?.gestureStateDidChange()
    }

    package func apply(_ newState: State) {
        state = newState
        pendingRecognition = nil
        if newState != .failed { arena?.queueAction(for: self) }
    }

    package func resetToPossible() {
        state = .possible
        pendingRecognition = nil
        trackedTouches = []
        seenTouches = []
        lastLocation = nil
        reset()
    }

    /// True when the two may be recognized at the same time (either delegate allows it).
    package func canRecognizeSimultaneously(with other: GestureRecognizer) -> Bool {
        (delegate?.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other) ?? false)
            || (other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: self) ?? false)
    }
}

package struct WeakRecognizer {
    package weak var value: GestureRecognizer?
    package init(_ value: GestureRecognizer) { self.value = value }
}
