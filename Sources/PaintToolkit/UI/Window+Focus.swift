/// Keyboard focus: Tab and Shift+Tab walk the controls that take it (buttons, segments,
/// sliders, text fields), in the order of the view tree, skipping hidden and disabled ones; the
/// focused control is the first responder and wears a ring (as GTK and Qt draw it), which the
/// pointer never moves: only keys do.
extension Window {
    package static let focusRingWidth = 2.0
    package static let focusRingColor = Color(r: 53, g: 132, b: 228)

    /// The controls Tab stops at, in order.
    package func focusableControls() -> [Control] {
        var found: [Control] = []
        func visit(_ view: View) {
            guard !view.isHidden, view.alpha > 0.01, view.isUserInteractionEnabled else { return }
            if let control = view as? Control, control.acceptsKeyboardFocus, control.isEnabled {
                found.append(control)
            }
            for subview in view.subviews { visit(subview) }
        }
        // A presented dialog, or else the frontmost open panel, keeps the focus inside it:
        // what it covers never takes the focus.
        if let scope = activeFocusScope { visit(scope) } else { for subview in subviews { visit(subview) } }
        return found
    }

    /// Where Tab stays: the last presented dialog, else the frontmost shown view that is a
    /// focus scope (an open panel); nil: the whole window.
    package var activeFocusScope: View? {
        if let dialog = presentedControllers.last { return dialog.view }
        func frontmostScope(in view: View) -> View? {
            for subview in view.subviews.reversed() where !subview.isHidden && subview.alpha > 0.01 {
                if subview.isFocusScope { return subview }
                if let inner = frontmostScope(in: subview) { return inner }
            }
            return nil
        }
        return frontmostScope(in: self)
    }

    /// Whether a control may show the focus now: inside the active scope, if there is one.
    package func isInActiveFocusScope(_ control: View) -> Bool {
        guard let scope = activeFocusScope else { return true }
        var view: View? = control
        while let v = view {
            if v === scope { return true }
            view = v.superview
        }
        return false
    }

    /// Moves the focus to the next (or previous) control after `current`. Returns whether one took it.
    @discardableResult
    package func moveFocus(from current: View?, backwards: Bool) -> Bool {
        let controls = focusableControls()
        guard !controls.isEmpty else { return false }
        let index = current.flatMap { current in controls.firstIndex { $0 === current } }
        let next: Int
        switch (index, backwards) {
        case (nil, false): next = 0
        case (nil, true): next = controls.count - 1
        case (let i?, false): next = (i + 1) % controls.count
        case (let i?, true): next = (i - 1 + controls.count) % controls.count
        }
        let control = controls[next]
        if let field = control as? TextField {
            field.beginEditing(selectingAll: true)
            return field.isEditing
        }
        return control.becomeFirstResponder()
    }

    /// The ring around a focused control, in window coordinates: a 1-point gap, then 2 points of ring.
    package func focusRingRect(of control: Control) -> Rect {
        control.convert(control.bounds, to: nil).insetBy(dx: -3, dy: -3)
    }

    package func invalidateFocusRing(of control: Control) {
        guard control.window === self else { return }
        invalidate(focusRingRect(of: control).insetBy(dx: -Self.focusRingWidth, dy: -Self.focusRingWidth))
    }

    /// Drawn over everything, after the views (a text field shows its own editing border).
    package func drawFocusRing(in context: GraphicsContext) {
        guard let control = firstResponder as? Control, !(control is TextField), control.window === self, !control.isHidden,
              isInActiveFocusScope(control) else { return }
        let ring = Path.roundedRect(focusRingRect(of: control).insetBy(dx: Self.focusRingWidth / 2, dy: Self.focusRingWidth / 2), cornerRadius: 6)
        context.save()
        context.strokeColor = Self.focusRingColor
        context.lineWidth = Self.focusRingWidth
        context.stroke(ring)
        context.restore()
    }
}
