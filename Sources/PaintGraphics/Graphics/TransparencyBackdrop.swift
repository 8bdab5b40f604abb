/// What transparent pixels are shown or saved over where they cannot stay transparent: the
/// grey-and-white squares on screen (every paint program's sign of transparency), white in a
/// file whose format has no alpha.
public enum TransparencyBackdrop {
    /// `picture` over one opaque colour, as a format without alpha must hold it (JPEG and BMP
    /// readers ignore alpha: a half-transparent red is saved as pink over white, not as red).
    /// An opaque picture is returned as it is.
    public static func composed(_ picture: Bitmap, over backdrop: UInt32) -> Bitmap {
        guard !picture.isOpaque else { return picture }
        let result = Bitmap(width: picture.width, height: picture.height)
        let backdrop = backdrop | 0xFF00_0000
        for i in 0..<(picture.width * picture.height) { result.pixels[i] = PixelMath.over(picture.pixels[i], backdrop) }
        return result
    }

    /// Puts the squares under the pixels of `area` in `target` that are not opaque: the screen
    /// shows a transparent document's holes that way. The squares are `cell` pixels wide,
    /// counted from (originX, originY) so they move with the document when it scrolls. Opaque
    /// pixels are untouched.
    public static func underlayCheckerboard(in target: Bitmap, _ area: PixelRect, originX: Int, originY: Int, cell: Int) {
        let area = area.intersection(target.bounds)
        guard !area.isEmpty else { return }
        let cell = max(1, cell)
        let light: UInt32 = 0xFFFF_FFFF, dark: UInt32 = 0xFFCC_CCD0
        for y in area.y0..<area.y1 {
            let row = target.pixels + y * target.width
            // Floor division, so the squares keep their size left of and above the origin too.
            let rowParity = floorDivide(y - originY, cell) & 1
            for x in area.x0..<area.x1 {
                let p = row[x]
                guard p < 0xFF00_0000 else { continue }
                let square = (floorDivide(x - originX, cell) + rowParity) & 1 == 0 ? light : dark
                row[x] = PixelMath.over(p, square)
            }
        }
    }

    @inline(__always)
    private static func floorDivide(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
}
