extension Bitmap {
    /// Whether every pixel is fully opaque (a picture that a format without alpha holds exactly).
    public var isOpaque: Bool {
        let count = width * height
        for i in 0..<count where pixels[i] < 0xFF00_0000 { return false }
        return true
    }

    /// The picture over one opaque colour, as a format without alpha must hold it (JPEG and BMP
    /// readers ignore alpha: a half-transparent red is saved as pink over white, not as red).
    /// An opaque picture is returned as it is.
    public func composed(over backdrop: UInt32) -> Bitmap {
        guard !isOpaque else { return self }
        let result = Bitmap(width: width, height: height)
        let backdrop = backdrop | 0xFF00_0000
        for i in 0..<(width * height) { result.pixels[i] = PixelMath.over(pixels[i], backdrop) }
        return result
    }

    /// Puts the grey-and-white squares that stand for transparency (every paint program's sign
    /// of it) under the pixels of `area` that are not opaque: the screen shows a transparent
    /// document's holes that way. The squares are `cell` pixels wide, counted from (originX,
    /// originY) so they move with the document when it scrolls. Opaque pixels are untouched.
    public func underlayCheckerboard(_ area: PixelRect, originX: Int, originY: Int, cell: Int) {
        let area = area.intersection(bounds)
        guard !area.isEmpty else { return }
        let cell = max(1, cell)
        let light: UInt32 = 0xFFFF_FFFF, dark: UInt32 = 0xFFCC_CCD0
        for y in area.y0..<area.y1 {
            let row = pixels + y * width
            // Floor division, so the squares keep their size left of and above the origin too.
            let rowParity = Self.floorDivide(y - originY, cell) & 1
            for x in area.x0..<area.x1 {
                let p = row[x]
                guard p < 0xFF00_0000 else { continue }
                let square = (Self.floorDivide(x - originX, cell) + rowParity) & 1 == 0 ? light : dark
                row[x] = PixelMath.over(p, square)
            }
        }
    }

    @inline(__always)
    private static func floorDivide(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
}
