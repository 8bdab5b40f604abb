/// Produces what the canvas shows: the background, the drawing layer, and the stroke in
/// progress applied through its coverage mask, in one pass over the dirty pixels only.
enum CanvasCompositor {
    static func compose(background: UInt32, layer: Bitmap, activeMask: CoverageMask?, activeColor: UInt32,
                        activeMode: BlendMode, area: PixelRect, into target: Bitmap, atX dx: Int, y dy: Int) {
        let area = area.intersection(layer.bounds)
        let destination = PixelRect(x0: area.x0 + dx, y0: area.y0 + dy, x1: area.x1 + dx, y1: area.y1 + dy)
            .intersection(target.bounds)
        if destination.isEmpty { return }
        for ty in destination.y0..<destination.y1 {
            let y = ty - dy
            let source = layer.pixels + y * layer.width
            let out = target.pixels + ty * target.width
            let mask = activeMask.map { $0.values + y * $0.width }
            for tx in destination.x0..<destination.x1 {
                let x = tx - dx
                var paint = source[x]
                if let mask {
                    let coverage = UInt32(mask[x])
                    if coverage != 0 {
                        paint = SpanBlender.apply(activeMode, source: activeColor, sourceAlpha: activeColor >> 24,
                                                  coverage: coverage, over: paint)
                    }
                }
                out[tx] = PixelMath.over(paint, background)
            }
        }
    }
}
