/// Rasterizes strokes as chains of capsules into a coverage mask and applies them to a layer.
public struct StrokeRenderer {
    /// Mask pixels per stroke unit (the window's scale on HiDPI screens).
    public var scale: Double

    public init(scale: Double = 1) { self.scale = scale }

    /// Adds the segment ending at point `index` (or the dot, for the first point) to the mask.
    @discardableResult
    public func addSegment(of stroke: Stroke, endingAt index: Int, to mask: CoverageMask) -> PixelRect {
        let end = stroke.points[index] * scale
        let start = index > 0 ? stroke.points[index - 1] * scale : end
        return CapsuleRasterizer.add(from: start, to: end, width: stroke.width * scale, continuing: index > 0, into: mask)
    }

    /// Renders a whole stroke onto a layer, using `scratch` as the coverage mask.
    public func render(_ stroke: Stroke, onto layer: Bitmap, scratch: CoverageMask) {
        scratch.clear()
        for index in stroke.points.indices { addSegment(of: stroke, endingAt: index, to: scratch) }
        MaskCompositor.apply(scratch, color: stroke.color, mode: stroke.blendMode, in: scratch.touched, to: layer)
        scratch.clear()
    }

    /// Rebuilds a drawing layer from a document's visible items.
    public func replay(_ document: Document, onto layer: Bitmap, scratch: CoverageMask) {
        layer.fill(with: 0)
        for item in document.visibleItems {
            switch item {
            case .stroke(let stroke): render(stroke, onto: layer, scratch: scratch)
            case .clear: layer.fill(with: 0)
            }
        }
    }
}
