/// Shows an image scaled to fit its bounds (aspect fit) or to fill them.
open class ImageView: View {
    public enum ContentMode: Sendable { case scaleAspectFit, scaleAspectFill, scaleToFill }

    public var image: Image? { didSet { setNeedsDisplay() } }
    public var contentMode = ContentMode.scaleAspectFit { didSet { setNeedsDisplay() } }

    public init(image: Image? = nil, frame: Rect = .zero) {
        self.image = image
        super.init(frame: frame)
    }

    /// Where the image lands in the bounds.
    public var imageRect: Rect {
        guard let image, image.width > 0, image.height > 0 else { return .zero }
        let w = Double(image.width), h = Double(image.height)
        switch contentMode {
        case .scaleToFill: return bounds
        case .scaleAspectFit, .scaleAspectFill:
            let sx = bounds.width / w, sy = bounds.height / h
            let s = contentMode == .scaleAspectFit ? min(sx, sy) : max(sx, sy)
            return Rect(x: bounds.midX - w * s / 2, y: bounds.midY - h * s / 2, width: w * s, height: h * s)
        }
    }

    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        guard let image else { return }
        context.save()
        if contentMode == .scaleAspectFill { context.clip(to: bounds) }
        context.draw(image, in: imageRect)
        context.restore()
    }
}
