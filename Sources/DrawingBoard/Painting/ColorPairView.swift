/// The primary and secondary colours as a pair of overlapping swatches (MS Paint's, GIMP's and
/// Pinta's): the primary in front at the top left, the secondary behind it, and a bent arrow at
/// the top right that swaps them. Clicking a swatch opens the colour dialog on it.
public final class ColorPairView: Control {
    public var primary = Color.black { didSet { setNeedsDisplay() } }
    public var secondary = Color.white { didSet { setNeedsDisplay() } }
    /// A swatch was clicked (true: the secondary).
    public var onChoose: ((Bool) -> Void)?
    public var onSwap: (() -> Void)?

    public static let preferredSize = Size(width: 56, height: 32)

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        toolTip = tr("Primary and secondary colours: click one to change it; the arrow or Shift+X swaps them")
    }

    var primaryRect: Rect { Rect(x: 0, y: 0, width: (bounds.width * 0.56).rounded(), height: (bounds.height * 0.64).rounded()) }
    var secondaryRect: Rect {
        let size = primaryRect.size
        return Rect(x: bounds.width - size.width - 12, y: bounds.height - size.height, width: size.width, height: size.height)
    }
    /// The swap arrow's place: above the secondary, right of the primary.
    var swapRect: Rect { Rect(x: primaryRect.maxX, y: 0, width: bounds.width - primaryRect.maxX, height: secondaryRect.minY + 2) }

    public override func endTracking(_ touch: Touch) {
        let point = touch.location(in: self)
        if swapRect.contains(point) {
            onSwap?()
        } else if primaryRect.contains(point) {
            onChoose?(false)
        } else if secondaryRect.contains(point) {
            onChoose?(true)
        }
    }

    public override func draw(_ rect: Rect, in context: GraphicsContext) {
        let edge = Color(r: 0, g: 0, b: 0, a: 110)
        for (swatch, color) in [(secondaryRect, secondary), (primaryRect, primary)] {
            context.fill(swatch, with: .white)
            if color.alpha < 1 { context.fillCheckerboard(swatch) }
            context.fill(swatch, with: color)
            context.strokeBorder(swatch, width: 1, color: edge)
        }
        if isHighlighted { context.fill(bounds, with: Color(r: 0, g: 0, b: 0, a: 30)) }
        // The swap arrow: a quarter circle with a head at each end.
        let area = swapRect.insetBy(dx: 3, dy: 2)
        let radius = min(area.width, area.height) - 1
        let corner = Point(x: area.minX, y: area.maxY)
        var arrow = Path()
        arrow.move(to: Point(x: corner.x + 2, y: corner.y - radius))
        arrow.quadCurve(to: Point(x: corner.x + radius + 2, y: corner.y), control: Point(x: corner.x + radius + 2, y: corner.y - radius))
        context.save()
        context.lineWidth = 1.5
        context.strokeColor = Color(r: 50, g: 50, b: 56)
        context.stroke(arrow)
        var heads = Path()
        heads.move(to: Point(x: corner.x + 5, y: corner.y - radius - 3))
        heads.line(to: Point(x: corner.x + 2, y: corner.y - radius))
        heads.line(to: Point(x: corner.x + 5, y: corner.y - radius + 3))
        heads.move(to: Point(x: corner.x + radius - 1, y: corner.y - 3))
        heads.line(to: Point(x: corner.x + radius + 2, y: corner.y))
        heads.line(to: Point(x: corner.x + radius + 5, y: corner.y - 3))
        context.stroke(heads)
        context.restore()
    }
}
