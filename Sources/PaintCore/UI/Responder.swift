/// An object that can handle touches and keys, passing what it does not handle to its next
/// responder: a view, its view controller, its superview, ... the window.
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
}
