/// The application icon: Sources/PaintToolkit/Resources/icons/hicolor/scalable/apps/x11paint.svg (what `make install`
/// puts in the hicolor theme), found like any icon and drawn by librsvg at each size. A binary
/// moved away from its resources draws the same design with the renderer instead.
public enum AppIcon {
    public static func render(size: Int) -> Bitmap {
        if let icon = Icons.shared.image(named: "x11paint", pixels: size, color: .black) { return icon.bitmap }
        return drawn(size: size)
    }

    /// A white sheet with three strokes in the palette's colours, on a dark rounded square.
    static func drawn(size: Int) -> Bitmap {
        let bitmap = Bitmap(width: size, height: size)
        let context = GraphicsContext(bitmap: bitmap)
        let s = Double(size)
        context.scaleBy(x: s / 64, y: s / 64)
        context.fillColor = Color(r: 40, g: 44, b: 52)
        context.fill(.roundedRect(Rect(x: 2, y: 2, width: 60, height: 60), cornerRadius: 12))
        context.fillColor = .white
        context.fill(.roundedRect(Rect(x: 9, y: 9, width: 46, height: 46), cornerRadius: 5))
        for (index, color) in DrawingBoardViewController.palette.enumerated() {
            let y = 20.0 + Double(index) * 12
            var path = Path()
            path.move(to: Point(x: 16, y: y + 3))
            path.curve(to: Point(x: 48, y: y), control1: Point(x: 26, y: y - 8), control2: Point(x: 36, y: y + 10))
            context.strokeColor = color
            context.lineStyle = LineStyle(width: 5, cap: .round, join: .round)
            context.stroke(path)
        }
        return bitmap
    }

    /// The icon as _NET_WM_ICON wants it: width, height, then ARGB words, for each size.
    public static func netWMIcon(sizes: [Int] = [16, 32, 64]) -> [UInt] {
        var data: [UInt] = []
        for size in sizes {
            let icon = render(size: size)
            data += [UInt(size), UInt(size)]
            for i in 0..<(size * size) {
                // _NET_WM_ICON wants straight (not premultiplied) alpha.
                let c = Color(premultipliedPixel: icon.pixels[i])
                let a = UInt((c.alpha * 255).rounded()), r = UInt((c.red * 255).rounded())
                let g = UInt((c.green * 255).rounded()), b = UInt((c.blue * 255).rounded())
                data.append(a << 24 | r << 16 | g << 8 | b)
            }
        }
        return data
    }
}
