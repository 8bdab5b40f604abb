/// What a baked photo or background picture shows when its stored pixels were missing or
/// damaged at recovery: a grey checkerboard with a red border, at the picture's own size, so
/// the strokes around it come back in place and the hole is plain to see.
public enum PicturePlaceholder {
    /// Sides are clamped (a placeholder is not worth gigabytes); the placement still maps it.
    public static let maximumSide = 4096

    public static func make(width: Int, height: Int) -> Bitmap {
        let w = min(max(width, 1), maximumSide), h = min(max(height, 1), maximumSide)
        let bitmap = Bitmap(width: w, height: h)
        let light = Color.lightGray.premultipliedPixel, dark = Color(r: 180, g: 180, b: 186).premultipliedPixel
        let border = Color.red.premultipliedPixel
        let cell = max(8, min(w, h) / 8)
        let edge = max(1, min(w, h) / 64)
        for y in 0..<h {
            let row = bitmap.pixels + y * w
            for x in 0..<w {
                let onBorder = x < edge || y < edge || x >= w - edge || y >= h - edge
                row[x] = onBorder ? border : ((x / cell + y / cell) % 2 == 0 ? light : dark)
            }
        }
        return bitmap
    }
}
