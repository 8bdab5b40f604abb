/// A view that tracks a touch and sends actions to its targets (target-action).
open class Control: View {
    public struct Events: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let touchDown = Events(rawValue: 1)
        public static let touchUpInside = Events(rawValue: 2)
        public static let touchUpOutside = Events(rawValue: 4)
        public static let valueChanged = Events(rawValue: 8)
    }

    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let normal: State = []
        public static let highlighted = State(rawValue: 1)
        public static let selected = State(rawValue: 2)
        public static let disabled = State(rawValue: 4)
    }

    private var actions: [(Events, (Control) -> Void)] = []
    public private(set) var isTracking = false

    public var isEnabled = true { didSet { if isEnabled != oldValue { setNeedsDisplay() } } }
    public var isSelected = false { didSet { if isSelected != oldValue { setNeedsDisplay() } } }
    public var isHighlighted = false { didSet { if isHighlighted != oldValue { setNeedsDisplay() } } }

    public var state: State {
        var state: State = []
        if isHighlighted { state.insert(.highlighted) }
        if isSelected { state.insert(.selected) }
        if !isEnabled { state.insert(.disabled) }
        return state
    }

    /// Whether Tab stops here (buttons, segments, sliders and text fields do). A control with
    /// the keyboard focus is the first responder: Space or Enter presses it, arrows change it.
    open var acceptsKeyboardFocus: Bool { false }
    open override var canBecomeFirstResponder: Bool { acceptsKeyboardFocus && isEnabled }

    /// A control lights up under the pointer (the hover look), so redraws when it comes and goes.
    open override func pointerInsideChanged() { setNeedsDisplay() }

    /// The pointer is over the enabled control: draw the hover look.
    public var isHovered: Bool { isPointerInside && isEnabled }

    public func addAction(for events: Events, _ action: @escaping (Control) -> Void) {
        actions.append((events, action))
    }

    public func sendActions(for events: Events) {
        for (registered, action) in actions where !registered.isDisjoint(with: events) { action(self) }
    }

    open override func hitTest(_ point: Point) -> View? {
        isEnabled ? super.hitTest(point) : nil
    }

    /// A control's own action beats a single-finger single tap recognized by an ancestor (as
    /// UIKit's controls do; see "Attaching gesture recognizers to UIKit controls").
    open override func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        if recognizer.view !== self, let tap = recognizer as? TapGestureRecognizer,
           tap.numberOfTapsRequired == 1, tap.numberOfTouchesRequired == 1 {
            return false
        }
        return super.gestureRecognizerShouldBegin(recognizer)
    }

    // Subclasses customise tracking; the defaults give button behaviour.
    open func beginTracking(_ touch: Touch) -> Bool { true }
    open func continueTracking(_ touch: Touch) -> Bool { true }
    open func endTracking(_ touch: Touch) {}

    open override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        // A right click presses nothing (as on GTK's and Qt's buttons and sliders).
        guard let touch = touches.first, isEnabled, !touch.isSecondaryButton else { return }
        isTracking = beginTracking(touch)
        isHighlighted = true
        sendActions(for: .touchDown)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let touch = touches.first, isTracking else { return }
        // Tracking continues outside; only the highlight follows the finger.
        isHighlighted = bounds.contains(touch.location(in: self))
        isTracking = continueTracking(touch)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let touch = touches.first, !touch.isSecondaryButton else { return }
        let inside = bounds.contains(touch.location(in: self))
        if isTracking { endTracking(touch) }
        isTracking = false
        isHighlighted = false
        sendActions(for: inside ? .touchUpInside : .touchUpOutside)
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        isTracking = false
        isHighlighted = false
    }
}
