/// Hover: which views the pointer is over with no button held. The view under the pointer and
/// all its ancestors are "inside" (as nested tracking areas are); the others are told they were
/// left. The tooltip presenter follows the innermost view.
extension Window {
    /// The pointer is at `location` over `hit` (the window's hit test there), or left (nil).
    package func updateHover(at location: Point?, over hit: View?) {
        var chain: [View] = []
        var innermost: View?
        if let location, let hit {
            innermost = disabledControl(at: location, in: hit) ?? hit
            var view: View? = innermost
            while let current = view, current !== self {
                chain.append(current)
                view = current.superview
            }
        }
        for view in hoveredViews where !chain.contains(where: { $0 === view }) { view.isPointerInside = false }
        for view in chain { view.isPointerInside = true }
        hoveredViews = chain
        if let location, let innermost {
            let point = innermost.convert(location, from: self)
            innermost.pointerHovered(at: point)
            tooltips.pointerRests(on: innermost, text: innermost.toolTip(at: point) ?? inheritedToolTip(of: innermost, at: location), at: location)
        } else {
            tooltips.pointerRests(on: nil, text: nil, at: location ?? .zero)
        }
    }

    /// A disabled control lets touches through to its superview but still shows its tooltip
    /// (as GTK's insensitive widgets do): Undo says what it would do before there is anything.
    private func disabledControl(at location: Point, in view: View) -> View? {
        view.subviews.reversed().first { subview in
            guard let control = subview as? Control, !control.isEnabled, !control.isHidden else { return false }
            return control.bounds.contains(control.convert(location, from: self))
        }
    }

    /// A view without its own tooltip shows its nearest ancestor's (an icon inside a button).
    private func inheritedToolTip(of view: View, at location: Point) -> String? {
        var ancestor = view.superview
        while let current = ancestor, current !== self {
            if let text = current.toolTip(at: current.convert(location, from: self)) { return text }
            ancestor = current.superview
        }
        return nil
    }
}
