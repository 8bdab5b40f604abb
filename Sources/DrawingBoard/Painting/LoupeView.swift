/// The eyedropper's magnifier: the document's pixels around the pointer, enlarged with hard
/// edges, the centre one framed, and its value in #RRGGBB below.
public final class LoupeView: View {
    /// Document pixels across (odd: one sits in the middle).
    public static let span = 11
    static let magnification = 8.0
    static let side = Double(span) * magnification

    /// The pixels shown, `span` by `span`.
    public private(set) var pixels = Bitmap(width: LoupeView.span, height: LoupeView.span)
    public private(set) var color = Color.white

    public init() {
        super.init(frame: Rect(x: 0, y: 0, width: Self.side + 8, height: Self.side + 30))
        isUserInteractionEnabled = false
    }

    func show(_ pixels: Bitmap) {
        self.pixels = pixels
        let middle = Self.span / 2
        color = pixels[middle, middle] >> 24 == 0 ? .white : Color(premultipliedPixel: pixels[middle, middle])
        setNeedsDisplay()
    }

    public override func draw(_ rect: Rect, in context: GraphicsContext) {
        context.fillColor = Color(r: 40, g: 40, b: 44, a: 235)
        context.fill(Path.roundedRect(bounds, cornerRadius: 6))
        let area = Rect(x: 4, y: 4, width: Self.side, height: Self.side)
        context.fill(area, with: .white)
        let previous = context.imageQuality
        context.imageQuality = .fast // nearest: each document pixel a crisp square
        context.draw(Image(bitmap: pixels), in: area)
        context.imageQuality = previous
        let middle = Double(Self.span / 2) * Self.magnification
        let cell = Rect(x: area.minX + middle, y: area.minY + middle, width: Self.magnification, height: Self.magnification)
        context.strokeBorder(cell.insetBy(dx: -1, dy: -1), width: 1, color: .black)
        context.strokeBorder(cell.insetBy(dx: -2, dy: -2), width: 1, color: .white)
        context.draw(color.hexString, centeredIn: Rect(x: 0, y: area.maxY + 2, width: bounds.width, height: 22),
                     font: Font.system(size: 12), color: Color(r: 245, g: 245, b: 247))
    }
}
