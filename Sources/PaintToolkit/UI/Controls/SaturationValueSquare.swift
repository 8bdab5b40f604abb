/// The colour dialog's square: saturation left to right, value bottom to top, for one hue
/// (GTK's, GIMP's and Pinta 2's picker). Press or drag anywhere in it to pick; sends
/// .valueChanged.
public final class SaturationValueSquare: Control {
    public var hue = 0.0 { didSet { if hue != oldValue { setNeedsDisplay() } } }
    public var saturation = 1.0 { didSet { if saturation != oldValue { setNeedsDisplay() } } }
    public var value = 1.0 { didSet { if value != oldValue { setNeedsDisplay() } } }
    /// The square's pixels for the hue and size they were made for.
    private var rendered: (hue: Double, width: Int, height: Int, image: Image)?

    public override func beginTracking(_ touch: Touch) -> Bool {
        pick(at: touch.location(in: self))
        return true
    }

    public override func continueTracking(_ touch: Touch) -> Bool {
        pick(at: touch.location(in: self))
        return true
    }

    public override func endTracking(_ touch: Touch) { pick(at: touch.location(in: self)) }

    /// Where the marker sits for a saturation and value.
    public func point(saturation: Double, value: Double) -> Point {
        Point(x: saturation * bounds.width, y: (1 - value) * bounds.height)
    }

    private func pick(at point: Point) {
        let s = min(max(point.x / max(bounds.width, 1), 0), 1), v = 1 - min(max(point.y / max(bounds.height, 1), 0), 1)
        guard s != saturation || v != value else { return }
        saturation = s
        value = v
        sendActions(for: .valueChanged)
    }

    public override func draw(_ rect: Rect, in context: GraphicsContext) {
        let scale = context.deviceScale
        let width = max(1, Int((bounds.width * scale).rounded())), height = max(1, Int((bounds.height * scale).rounded()))
        if rendered?.hue != hue || rendered?.width != width || rendered?.height != height {
            rendered = (hue, width, height, Image(bitmap: Self.square(hue: hue, width: width, height: height), isOpaque: true))
        }
        context.draw(rendered!.image, in: bounds)
        context.strokeBorder(bounds, width: 1, color: Color(r: 0, g: 0, b: 0, a: 70))
        // A ring that shows on light and dark colours alike.
        let marker = point(saturation: saturation, value: value)
        context.save()
        context.clip(to: bounds)
        context.lineWidth = 3
        context.strokeColor = .black
        context.stroke(.ellipse(in: Rect(x: marker.x - 6, y: marker.y - 6, width: 12, height: 12)))
        context.lineWidth = 1.5
        context.strokeColor = .white
        context.stroke(.ellipse(in: Rect(x: marker.x - 6, y: marker.y - 6, width: 12, height: 12)))
        context.restore()
    }

    /// Every pixel's colour at its centre: a row's colour for the top (value 1) goes down to black.
    static func square(hue: Double, width: Int, height: Int) -> Bitmap {
        let bitmap = Bitmap(width: width, height: height)
        for y in 0..<height {
            let value = 1 - (Double(y) + 0.5) / Double(height)
            for x in 0..<width {
                let saturation = (Double(x) + 0.5) / Double(width)
                bitmap[x, y] = HSVColor(hue: hue, saturation: saturation, value: value).color.premultipliedPixel
            }
        }
        return bitmap
    }
}
