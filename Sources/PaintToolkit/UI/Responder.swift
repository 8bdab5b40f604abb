/// An object that can handle touches and keys, passing what it does not handle to its next
/// responder: a view, its view controller, its superview, ... the window. One responder per
/// window is the first responder: it gets keys first (UIResponder's first-responder API).
open class Responder {
    public init() {}

    open var next: Responder? { nil }

    open func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) { next?.touchesBegan(touches, with: event) }
    open func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) { next?.touchesMoved(touches, with: event) }
    open func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) { next?.touchesEnded(touches, with: event) }
    open func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) { next?.touchesCancelled(touches, with: event) }

    /// Handles a key press; the default passes it up the chain. Returns whether it was handled.
    @discardableResult
    open func keyDown(_ event: KeyEvent) -> Bool { next?.keyDown(event) ?? false }

    /// Scrolls, or passes the request up the chain. Returns whether something scrolled.
    @discardableResult
    open func scrollWheel(_ event: ScrollEvent) -> Bool { next?.scrollWheel(event) ?? false }

    // MARK: - First responder

    /// Whether this responder takes keys first when asked to (a text field does).
    open var canBecomeFirstResponder: Bool { false }
    open var canResignFirstResponder: Bool { true }

    /// The window a responder belongs to (a view's, a view controller's view's).
    package var windowForResponding: Window? { nil }
    /// The window it is first responder of: it can resign there even after leaving the window.
    /// The window keeps this in step with its `firstResponder` and clears it as it goes away, so
    /// it need not be weak (a weak reference would put every retain and release of the window,
    /// several a motion event, on the runtime's slow path).
    unowned(unsafe) var firstResponderWindow: Window?

    public var isFirstResponder: Bool { firstResponderWindow?.firstResponder === self }

    /// Becomes the window's first responder, if it can and the current one resigns.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder, let window = windowForResponding else { return false }
        if window.firstResponder === self { return true }
        if let current = window.firstResponder, !current.resignFirstResponder() { return false }
        window.firstResponder = self
        return true
    }

    /// Stops being the first responder; keys go to the focused controller again.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard canResignFirstResponder else { return false }
        if let window = firstResponderWindow, window.firstResponder === self { window.firstResponder = nil }
        return true
    }
}
