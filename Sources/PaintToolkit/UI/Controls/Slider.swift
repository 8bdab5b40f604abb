/// A horizontal slider: drag the thumb (or press anywhere on the track) to pick a value.
open class Slider: Control {
    public var minimumValue: Double = 0 { didSet { value = clamped(value) } }
    public var maximumValue: Double = 1 { didSet { value = clamped(value) } }
    public var value: Double = 0 {
        didSet {
            let v = clamped(value)
            if v != value { value = v }
            if value != oldValue { setNeedsDisplay() }
        }
    }
    public var tintColor = Color(r: 0, g: 122, b: 255)
    public static let thumbRadius = 10.0

    private func clamped(_ v: Double) -> Double { min(max(v, minimumValue), maximumValue) }

    open override var acceptsKeyboardFocus: Bool { true }

    /// Left and Right (or Down and Up) move the focused slider by a step: one unit on a short
    /// range (the stroke width), a hundredth of a long one.
    /// The slider's value after `steps` steps of a key (negative: down), when the slider's
    /// values are not what it stands for (a dialog whose setting maps onto the track unevenly
    /// says where one unit of the setting moves it). nil: the steps above.
    public var stepper: ((_ value: Double, _ steps: Int) -> Double)?

    open override func keyDown(_ event: KeyEvent) -> Bool {
        let keys: [KeyEvent.Key: Int] = [.left: -1, .down: -1, .right: 1, .up: 1, .pageDown: -10, .pageUp: 10]
        guard event.modifiers.isEmpty, let steps = keys[event.key] else { return super.keyDown(event) }
        let range = maximumValue - minimumValue
        let step = range <= 100 ? 1 : range / 100
        let moved = clamped(stepper?(value, steps) ?? value + Double(steps) * step)
        if moved != value {
            value = moved
            sendActions(for: .valueChanged)
        }
        return true
    }

    private var trackStart: Double { Self.thumbRadius + 2 }
    private var trackEnd: Double { bounds.width - Self.thumbRadius - 2 }

    /// Where the thumb's centre sits for the current value.
    public var thumbCenter: Point { thumbCenter(for: value) }

    /// Where the thumb's centre would sit for a value.
    public func thumbCenter(for value: Double) -> Point {
        let span = maximumValue - minimumValue
        let fraction = span > 0 ? (clamped(value) - minimumValue) / span : 0
        return Point(x: trackStart + fraction * (trackEnd - trackStart), y: bounds.midY)
    }

    /// The value under a horizontal position in this view.
    public func value(atX x: Double) -> Double {
        let length = trackEnd - trackStart
        let fraction = length > 0 ? (x - trackStart) / length : 0
        return clamped(minimumValue + fraction * (maximumValue - minimumValue))
    }

    private func track(_ touch: Touch) {
        let newValue = value(atX: touch.location(in: self).x)
        if newValue != value {
            value = newValue
            sendActions(for: .valueChanged)
        }
    }

    /// A swipe along the slider by the finger on its knob moves the knob; an ancestor's swipe
    /// recognizer does not take it (UIKit's rule for UISlider).
    open override func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        if recognizer.view !== self, isTracking, let swipe = recognizer as? SwipeGestureRecognizer,
           !swipe.direction.isDisjoint(with: [.left, .right]) {
            return false
        }
        return super.gestureRecognizerShouldBegin(recognizer)
    }

    open override func beginTracking(_ touch: Touch) -> Bool {
        track(touch)
        return true
    }

    open override func continueTracking(_ touch: Touch) -> Bool {
        track(touch)
        return true
    }

    open override func endTracking(_ touch: Touch) {
        track(touch)
    }

    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        let y = bounds.midY
        let thumb = thumbCenter
        context.strokeLine(from: Point(x: trackStart, y: y), to: Point(x: trackEnd, y: y), width: 4, color: Color(r: 200, g: 200, b: 206))
        context.strokeLine(from: Point(x: trackStart, y: y), to: Point(x: thumb.x, y: y), width: 4, color: isEnabled ? tintColor : Color(r: 170, g: 170, b: 176))
        // The thumb's rim darkens under the pointer (hover) and its face while dragged (pressed);
        // disabled, the track loses its tint.
        context.fillCircle(center: thumb, radius: Self.thumbRadius, color: isHovered || isHighlighted ? Color(r: 100, g: 100, b: 108) : Color(r: 150, g: 150, b: 156))
        context.fillCircle(center: thumb, radius: Self.thumbRadius - 1, color: isHighlighted ? Color(r: 235, g: 235, b: 240) : .white)
    }
}
