/// Applies a coverage mask, in one colour, to a bitmap.
public enum MaskCompositor {
    /// Composites `color` through `mask` over `rect` of `bitmap` (mask and bitmap share coordinates).
    public static func apply(_ mask: CoverageMask, color: Color, mode: BlendMode, in rect: PixelRect, to bitmap: Bitmap) {
        let r = rect.intersection(mask.bounds).intersection(bitmap.bounds)
        if r.isEmpty { return }
        let source = color.premultipliedPixel
        for y in r.y0..<r.y1 {
            let m = mask.values + y * mask.width
            let d = bitmap.pixels + y * bitmap.width
            for x in r.x0..<r.x1 {
                let coverage = UInt32(m[x])
                if coverage == 0 { continue }
                switch mode {
                case .sourceOver:
                    d[x] = PixelMath.over(PixelMath.scale(source, by: coverage), d[x])
                case .destinationOut:
                    d[x] = PixelMath.scale(d[x], by: 255 - coverage)
                }
            }
        }
    }
}
