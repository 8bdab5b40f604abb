/// A vertical strip beside the colour dialog's square: the hues (red at the top, round the
/// wheel) or the opacity of a colour (opaque at the top, over a checkerboard). Press or drag
/// along it to pick; `fraction` is 0 at the top, 1 at the bottom. Sends .valueChanged.
public final class ColorStrip: Control {
    public enum Kind: Equatable {
        case hue
        /// The opacity of this colour (its own alpha is ignored).
        case alpha(Color)
    }

    public var kind: Kind { didSet { if kind != oldValue { rendered = nil; setNeedsDisplay() } } }
    public var fraction = 0.0 { didSet { if fraction != oldValue { setNeedsDisplay() } } }
    private var rendered: (width: Int, height: Int, image: Image)?

    public init(kind: Kind) {
        self.kind = kind
        super.init(frame: .zero)
    }

    public override var acceptsKeyboardFocus: Bool { true }

    /// Up and Down move it by a hundredth.
    public override func keyDown(_ event: KeyEvent) -> Bool {
        let steps: [KeyEvent.Key: Double] = [.up: -0.01, .down: 0.01]
        guard event.modifiers.isEmpty, let step = steps[event.key] else { return super.keyDown(event) }
        set(fraction + step)
        return true
    }

    public override func beginTracking(_ touch: Touch) -> Bool {
        set(touch.location(in: self).y / max(bounds.height, 1))
        return true
    }

    public override func continueTracking(_ touch: Touch) -> Bool {
        set(touch.location(in: self).y / max(bounds.height, 1))
        return true
    }

    public override func endTracking(_ touch: Touch) { set(touch.location(in: self).y / max(bounds.height, 1)) }

    private func set(_ newFraction: Double) {
        let clamped = min(max(newFraction, 0), 1)
        guard clamped != fraction else { return }
        fraction = clamped
        sendActions(for: .valueChanged)
    }

    public override func draw(_ rect: Rect, in context: GraphicsContext) {
        let scale = context.deviceScale
        let width = max(1, Int((bounds.width * scale).rounded())), height = max(1, Int((bounds.height * scale).rounded()))
        if rendered?.width != width || rendered?.height != height {
            rendered = (width, height, Image(bitmap: strip(width: width, height: height, scale: scale), isOpaque: true))
        }
        context.draw(rendered!.image, in: bounds)
        context.strokeBorder(bounds, width: 1, color: Color(r: 0, g: 0, b: 0, a: 70))
        // Two notches, dark over light, across the strip at the value.
        let y = (fraction * bounds.height).rounded()
        context.fill(Rect(x: -1, y: y - 2, width: bounds.width + 2, height: 4), with: .black)
        context.fill(Rect(x: 0, y: y - 1, width: bounds.width, height: 2), with: .white)
    }

    private func strip(width: Int, height: Int, scale: Double) -> Bitmap {
        let bitmap = Bitmap(width: width, height: height)
        let light = Color(r: 255, g: 255, b: 255), dark = Color(r: 200, g: 200, b: 204)
        let cell = max(1, Int((5 * scale).rounded()))
        for y in 0..<height {
            let t = (Double(y) + 0.5) / Double(height)
            for x in 0..<width {
                let color: Color
                switch kind {
                case .hue:
                    color = HSVColor(hue: t * 360, saturation: 1, value: 1).color
                case .alpha(let tint):
                    // The tint at this opacity over the checkerboard a transparent colour shows on.
                    let under = (x / cell + y / cell) % 2 == 0 ? light : dark, a = 1 - t
                    color = Color(red: tint.red * a + under.red * (1 - a), green: tint.green * a + under.green * (1 - a),
                                  blue: tint.blue * a + under.blue * (1 - a))
                }
                bitmap[x, y] = color.premultipliedPixel
            }
        }
        return bitmap
    }
}
