extension GraphicsContext {
    /// The grey-and-white squares a translucent colour is shown over (every paint program's
    /// sign of transparency), clipped to `rect`.
    public func fillCheckerboard(_ rect: Rect, cell: Double = 5) {
        fill(rect, with: .white)
        let dark = Color(r: 200, g: 200, b: 204)
        var y = rect.minY, row = 0
        while y < rect.maxY {
            var x = rect.minX + (row % 2 == 0 ? 0 : cell)
            while x < rect.maxX {
                fill(Rect(x: x, y: y, width: min(cell, rect.maxX - x), height: min(cell, rect.maxY - y)), with: dark)
                x += 2 * cell
            }
            y += cell
            row += 1
        }
    }
}
