import Foundation

/// Turns a mouse into touches, the way the iOS Simulator does for people without a
/// touchscreen: the left button is one finger; with Ctrl it is two fingers mirrored about the
/// centre of what the view under the pointer scales (drag to pinch and rotate); with Ctrl+Shift
/// the two fingers move together (a two-finger pan). The wheel and a middle-button drag scroll;
/// Ctrl+wheel zooms (1.1x a notch) and Ctrl+Shift+wheel rotates (5° a notch) through transform
/// events.
public final class PointerTranslator {
    public static let mouseTouch = 1
    public static let secondTouch = 2
    public static let wheelZoomPerNotch = 1.1
    public static let wheelRotationPerNotch = 5.0 * .pi / 180
    /// A wheel gesture ends this long after its last notch.
    public static let wheelGestureTimeout = 0.3
    /// Where the second finger sits for a two-finger pan.
    public static let parallelOffset = Point(x: 60, y: 0)

    private enum Mode {
        case idle
        case single
        case mirrored(center: Point)
        case parallel(offset: Point)
    }

    private unowned let window: Window
    private var mode = Mode.idle
    private var wheelTimer: Scheduler.Timer?
    private var wheelActive = false
    /// Where the middle button was last, while it is held (or the left one while Space is).
    private var middleLast: Point?
    /// Where the middle button went down (a release near it is a click).
    private var middleStart: Point?
    /// Space is held: a left-button drag scrolls with the hand, as in GIMP and Krita.
    public var panKeyHeld = false
    private var panningWithLeftButton = false
    /// The touch under way is the right button's (one finger, marked secondary).
    private var secondaryHeld = false
    private lazy var indicator = TouchIndicatorView()

    public init(window: Window) { self.window = window }

    public func handle(_ event: PointerEvent) {
        window.modifierFlags = event.modifiers
        switch event.kind {
        case .press: press(event)
        case .motion: move(event)
        case .hover: window.pointerHovered(to: event.location, timestamp: event.timestamp)
        case .leave: window.pointerLeft()
        case .release: release(event)
        case .secondaryPress: secondaryPress(event)
        case .secondaryRelease: if secondaryHeld { release(event) }
        case .wheel(let notches): scroll(right: 0, down: -Double(notches), event)
        case .scroll(let right, let down): scroll(right: right, down: down, event)
        case .middlePress:
            middleLast = event.location
            middleStart = event.location
        case .middleDrag: middleDrag(event)
        case .middleRelease:
            if middleTurnCentre != nil {
                window.send(TransformEvent(phase: .ended, location: event.location, timestamp: event.timestamp))
                middleTurnCentre = nil
            }
            middleLast = nil
            if let start = middleStart, start.distance(to: event.location) <= Touch.multipleTapDistance { middleClick(at: event.location) }
            middleStart = nil
        }
    }

    /// Ends any simulated gesture (Escape, focus loss).
    public func cancel(timestamp: Double) {
        if case .idle = mode { return }
        window.cancelAllTouches(timestamp: timestamp)
        mode = .idle
        secondaryHeld = false
        hideIndicator()
    }

    // MARK: - Buttons and motion

    private func press(_ event: PointerEvent) {
        guard case .idle = mode else { return }
        if panKeyHeld {
            panningWithLeftButton = true
            middleLast = event.location
            return
        }
        if event.modifiers.contains(.control), !(window.hitTest(event.location)?.takesControlClicks ?? false) {
            if event.modifiers.contains(.shift) {
                mode = .parallel(offset: Self.parallelOffset)
            } else {
                let view = window.hitTest(event.location) ?? window
                let center = view.simulatedPinchCenter(near: view.convert(event.location, from: nil))
                mode = .mirrored(center: view.convert(center, to: nil))
            }
            showIndicator() // before the fingers: it is added empty, then draws just them
            send(.began, event)
        } else {
            mode = .single
            send(.began, event)
        }
    }

    /// The right button is one finger too, never two: painting takes it as the secondary colour.
    private func secondaryPress(_ event: PointerEvent) {
        guard case .idle = mode, !panKeyHeld else { return }
        mode = .single
        secondaryHeld = true
        send(.began, event)
    }

    private func move(_ event: PointerEvent) {
        if panningWithLeftButton { return middleDrag(event) }
        if case .idle = mode { return }
        send(.moved, event)
    }

    private func release(_ event: PointerEvent) {
        if panningWithLeftButton {
            panningWithLeftButton = false
            middleLast = nil
            return
        }
        if case .idle = mode { return }
        // The other button's release ends nothing: the press under way keeps its button.
        guard secondaryHeld == (event.kind == .secondaryRelease) else { return }
        send(.ended, event)
        mode = .idle
        secondaryHeld = false
        hideIndicator()
    }

    private func send(_ phase: Touch.Phase, _ event: PointerEvent) {
        // A pen's touch carries its pressure as UIKit's force (out of a maximum of 1).
        var first = TouchInput(identifier: Self.mouseTouch, phase: phase, location: event.location, timestamp: event.timestamp,
                               type: event.pen == nil ? .indirectPointer : .pencil, force: event.pen?.pressure ?? 0,
                               maximumPossibleForce: event.pen == nil ? 0 : 1, isEraser: event.pen?.isEraser ?? false)
        first.isSecondaryButton = secondaryHeld
        first.altitudeAngle = event.pen?.altitudeAngle
        first.azimuthAngle = event.pen?.azimuthAngle
        var inputs = [first]
        if let second = secondLocation(for: event.location) {
            inputs.append(TouchInput(identifier: Self.secondTouch, phase: phase, location: second, timestamp: event.timestamp,
                                     type: .indirectPointer))
        }
        window.send(inputs)
        if inputs.count == 2 { indicator.show(inputs.map(\.location)) }
    }

    /// Where the simulated second finger is for a first finger at `location`.
    public func secondLocation(for location: Point) -> Point? {
        switch mode {
        case .mirrored(let center): return Point(x: 2 * center.x - location.x, y: 2 * center.y - location.y)
        case .parallel(let offset): return location + offset
        case .idle, .single: return nil
        }
    }

    // MARK: - The two-finger indicator

    private func showIndicator() {
        indicator.frame = window.bounds
        window.addSubview(indicator)
    }

    private func hideIndicator() {
        indicator.show([]) // wipes each circle where it is, then the empty view goes
        indicator.removeFromSuperview()
    }

    // MARK: - Wheel

    /// The wheel scrolls what is under the pointer (Shift+wheel sideways); Ctrl+wheel zooms and
    /// Ctrl+Shift+wheel turns, through transform events to its pinch and rotation recognizers.
    /// Where nothing scrolls (a photo being placed, the gesture lab), the wheel zooms too.
    /// Smooth scrolling does the same in fractions of a notch; zoom and rotation follow only its
    /// vertical part, as in GIMP and Inkscape.
    private func scroll(right: Double, down: Double, _ event: PointerEvent) {
        guard right != 0 || down != 0 else { return }
        if !event.modifiers.contains(.control) {
            // Shift turns the vertical wheel sideways (a tilt or a touchpad scrolls sideways itself).
            let notches = event.modifiers.contains(.shift) && right == 0 ? Point(x: down, y: 0) : Point(x: right, y: down)
            let delta = Point(x: notches.x * ScrollEvent.notch, y: notches.y * ScrollEvent.notch)
            if window.send(ScrollEvent(delta: delta, location: event.location, timestamp: event.timestamp)) { return }
        }
        let notchesUp = -down
        guard notchesUp != 0 else { return }
        let rotate = event.modifiers.contains(.control) && event.modifiers.contains(.shift)
        let scale = rotate ? 1 : pow(Self.wheelZoomPerNotch, notchesUp)
        let rotation = rotate ? Self.wheelRotationPerNotch * notchesUp : 0
        window.send(TransformEvent(phase: wheelActive ? .changed : .began, location: event.location, scale: scale,
                                   rotation: rotation, timestamp: event.timestamp))
        wheelActive = true
        wheelTimer?.cancel()
        let location = event.location
        wheelTimer = window.application.scheduler.schedule(after: Self.wheelGestureTimeout) { [weak self] in
            guard let self else { return }
            self.wheelActive = false
            self.window.send(TransformEvent(phase: .ended, location: location, timestamp: self.window.application.clock.now))
        }
    }

    // MARK: - Middle button

    /// A middle-button drag scrolls what is under the pointer with the hand (the content follows).
    /// A middle click that did not drag: the view under it, or the nearest ancestor, takes it.
    private func middleClick(at location: Point) {
        var view = window.hitTest(location)
        while let candidate = view {
            if candidate.middleClicked(at: window.convert(location, to: candidate)) { return }
            view = candidate.superview
        }
    }

    private func middleDrag(_ event: PointerEvent) {
        defer { middleLast = event.location }
        guard let last = middleLast else { return }
        if event.modifiers.contains(.shift) && !panningWithLeftButton { return middleTurn(from: last, to: event) }
        let delta = Point(x: last.x - event.location.x, y: last.y - event.location.y)
        window.send(ScrollEvent(delta: delta, location: event.location, timestamp: event.timestamp))
    }

    /// Where a Shift+middle drag turns about: the centre of the view it began over (window points).
    private var middleTurnCentre: Point?

    /// Shift+middle drag turns what is under it (Krita's canvas rotation): the angle the pointer
    /// swept about the view's centre, as a touchpad's rotation would give it.
    private func middleTurn(from last: Point, to event: PointerEvent) {
        let centre: Point
        if let known = middleTurnCentre {
            centre = known
        } else {
            let view = window.hitTest(last) ?? window
            centre = view.convert(Point(x: view.bounds.midX, y: view.bounds.midY), to: nil)
            middleTurnCentre = centre
            window.send(TransformEvent(phase: .began, location: centre, timestamp: event.timestamp))
        }
        var angle = atan2(event.location.y - centre.y, event.location.x - centre.x) - atan2(last.y - centre.y, last.x - centre.x)
        if angle > .pi { angle -= 2 * .pi }
        if angle < -.pi { angle += 2 * .pi }
        window.send(TransformEvent(phase: .changed, location: centre, rotation: angle, timestamp: event.timestamp))
    }
}

/// Two translucent circles where the simulated fingers are.
package final class TouchIndicatorView: View {
    private var points: [Point] = []
    package static let radius = 14.0

    package override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    package func show(_ windowPoints: [Point]) {
        for p in points { setNeedsDisplay(circleRect(p)) }
        points = windowPoints.map { convert($0, from: nil) }
        for p in points { setNeedsDisplay(circleRect(p)) }
    }

    /// As large as the window, it paints only its circles, and it is added and removed empty:
    /// nothing needs redrawing then (at 4K a whole-window frame over a placed photo took 40-50
    /// ms on every press and release).
    package override var paintedRect: Rect { points.map(circleRect).reduce(Rect.zero) { $0.union($1) } }

    private func circleRect(_ p: Point) -> Rect {
        Rect(x: p.x - Self.radius - 2, y: p.y - Self.radius - 2, width: 2 * Self.radius + 4, height: 2 * Self.radius + 4)
    }

    package override func draw(_ rect: Rect, in context: GraphicsContext) {
        for p in points {
            context.fillCircle(center: p, radius: Self.radius, color: Color(r: 120, g: 120, b: 130, a: 110))
            context.strokeColor = Color(r: 60, g: 60, b: 70, a: 160)
            context.lineWidth = 1.5
            context.stroke(.ellipse(in: Rect(x: p.x - Self.radius, y: p.y - Self.radius, width: 2 * Self.radius, height: 2 * Self.radius)))
        }
    }
}

