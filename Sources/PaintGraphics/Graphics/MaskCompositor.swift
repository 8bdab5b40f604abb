/// Applies a coverage mask, in one colour, to a bitmap.
public enum MaskCompositor {
    /// Composites `color` through `mask` over `rect` of `bitmap` (mask and bitmap share coordinates).
    public static func apply(_ mask: CoverageMask, color: Color, mode: BlendMode, in rect: PixelRect, to bitmap: Bitmap) {
        let r = rect.intersection(mask.bounds).intersection(bitmap.bounds)
        if r.isEmpty { return }
        let source = color.premultipliedPixel
        if mode == .sourceOver {
            // A stroke's commit: the colour's coverage levels once, then four pixels at a time.
            let paint = ScaledPaint()
            let levels = paint.levels(for: source)
            withExtendedLifetime(paint) {
                for y in r.y0..<r.y1 {
                    ScaledPaint.blendOver(levels, cells: mask.values + y * mask.width + r.x0, count: r.width,
                                          into: bitmap.pixels + y * bitmap.width + r.x0)
                }
            }
            return
        }
        for y in r.y0..<r.y1 {
            SpanBlender.blend(solid: source, mode: mode, coverage: mask.values + y * mask.width + r.x0, clip: nil,
                              count: r.width, into: bitmap.pixels + y * bitmap.width + r.x0)
        }
    }
}
