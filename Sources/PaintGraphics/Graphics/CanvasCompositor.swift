import CMachine
/// Produces what the canvas shows: the background, the drawing layer, and the stroke in
/// progress applied through its coverage mask, in one pass over the dirty pixels only.
package enum CanvasCompositor {
    /// The stroke in progress: its mask and, for each coverage level, the finished pixel over
    /// blank canvas (most of what a stroke crosses), so the common case is one table lookup.
    /// A class: the layer hands it over on every motion event, and a struct read out of the
    /// layer retained and released each reference it holds (a quarter of composing's time).
    package final class ActiveStroke {
        package let mask: CoverageMask
        package let color: UInt32
        package let mode: BlendMode
        package let overBlank: [UInt32]

        package init(mask: CoverageMask, color: Color, mode: BlendMode, background: UInt32) {
            self.mask = mask
            self.color = color.premultipliedPixel
            self.mode = mode
            let source = self.color
            overBlank = (0...255).map { coverage in
                let paint = coverage == 0 ? 0 : SpanBlender.apply(mode, source: source, sourceAlpha: source >> 24,
                                                                   coverage: UInt32(coverage), over: 0)
                return PixelMath.over(paint, background)
            }
        }
    }

    /// How far ahead short runs ask for their rows (see composeBand).
    private static let rowsAhead = 4

    /// `occluded`: target rows' pixels a view in front will cover; they are left as they are.
    package static func compose(background: UInt32, backgroundImage: Bitmap? = nil, layer: Bitmap, active: ActiveStroke?,
                        area: PixelRect, into target: Bitmap, atX dx: Int, y dy: Int, skipping occluded: OccludedRows? = nil) {
        // A big area (a whole 4K frame, the strips around a turned photo) on both cores; a
        // motion event's few hundred pixels on this one.
        RowBands.forEachBand(of: area) { _, rows in
            composeBand(background: background, backgroundImage: backgroundImage, layer: layer, active: active,
                        area: rows, into: target, atX: dx, y: dy, skipping: occluded)
        }
    }

    private static func composeBand(background: UInt32, backgroundImage: Bitmap?, layer: Bitmap, active: ActiveStroke?,
                                    area: PixelRect, into target: Bitmap, atX dx: Int, y dy: Int, skipping occluded: OccludedRows?) {
        if let backgroundImage {
            composeOverImage(backgroundImage, layer: layer, active: active, area: area, into: target, atX: dx, y: dy, skipping: occluded)
            return
        }
        let area = area.intersection(layer.bounds)
        let destination = area.offsetBy(dx: dx, dy: dy).intersection(target.bounds)
        if destination.isEmpty { return }
        guard let active else {
            OccludedRows.forEachRun(of: destination, skipping: occluded) { ty, x0, x1 in
                // Short runs down a tall area (the strips beside a dragged photo): each row is a
                // cache miss in the layer and one in the target, which the hardware does not see
                // coming at a 4K row's stride. Asked for four rows ahead, the canvas's part of a
                // 4K drag frame went from 343-352 to 259-269 µs.
                if x1 - x0 < 64 && ty + Self.rowsAhead < destination.y1 {
                    machine_prefetch(layer.pixels + (ty + Self.rowsAhead - dy) * layer.width + (x0 - dx))
                    machine_prefetch_for_write(target.pixels + (ty + Self.rowsAhead) * target.width + x0)
                }
                overBackgroundRow(layer.pixels + (ty - dy) * layer.width + (x0 - dx), target.pixels + ty * target.width + x0,
                                  count: x1 - x0, background: background)
            }
            return
        }
        active.overBlank.withUnsafeBufferPointer { table in
            OccludedRows.forEachRun(of: destination, skipping: occluded) { ty, x0, x1 in
                let y = ty - dy
                let source = layer.pixels + y * layer.width + (x0 - dx)
                let out = target.pixels + ty * target.width + x0
                let mask = active.mask.values + y * active.mask.width + (x0 - dx)
                for i in 0..<(x1 - x0) {
                    let paint = source[i], coverage = UInt32(mask[i])
                    if paint == 0 {
                        out[i] = table[Int(coverage)]
                    } else if coverage == 0 {
                        out[i] = PixelMath.over(paint, background)
                    } else {
                        let mixed = SpanBlender.apply(active.mode, source: active.color, sourceAlpha: active.color >> 24,
                                                      coverage: coverage, over: paint)
                        out[i] = PixelMath.over(mixed, background)
                    }
                }
            }
        }
    }

    /// A row of the layer over the plain background, four pixels a step in vector lanes (the
    /// same numbers as `PixelMath.over` one by one): a whole 4K frame of a drawing full of
    /// strokes took 7-9 ms pixel by pixel, its test for blank paint mispredicted at every edge
    /// of a stroke.
    @inline(__always)
    private static func overBackgroundRow(_ source: UnsafePointer<UInt32>, _ out: UnsafeMutablePointer<UInt32>, count: Int,
                                          background: UInt32) {
        let under = SIMD4<UInt32>(repeating: background)
        var i = 0
        while i + 4 <= count {
            let four = UnsafeRawPointer(source + i).loadUnaligned(as: SIMD4<UInt32>.self)
            UnsafeMutableRawPointer(out + i).storeBytes(of: four == .zero ? under : PixelMath.over(four, under), as: SIMD4<UInt32>.self)
            i += 4
        }
        while i < count {
            out[i] = source[i] == 0 ? background : PixelMath.over(source[i], background)
            i += 1
        }
    }

    /// The same over a background picture: every pixel has its own background.
    private static func composeOverImage(_ image: Bitmap, layer: Bitmap, active: ActiveStroke?, area: PixelRect,
                                         into target: Bitmap, atX dx: Int, y dy: Int, skipping occluded: OccludedRows?) {
        let area = area.intersection(layer.bounds).intersection(image.bounds)
        let destination = area.offsetBy(dx: dx, dy: dy).intersection(target.bounds)
        if destination.isEmpty { return }
        OccludedRows.forEachRun(of: destination, skipping: occluded) { ty, x0, x1 in
            let y = ty - dy
            let source = layer.pixels + y * layer.width + (x0 - dx)
            let under = image.pixels + y * image.width + (x0 - dx)
            let out = target.pixels + ty * target.width + x0
            let mask = active.map { $0.mask.values + y * $0.mask.width + (x0 - dx) }
            for i in 0..<(x1 - x0) {
                var paint = source[i]
                if let active, let mask, mask[i] != 0 {
                    paint = SpanBlender.apply(active.mode, source: active.color, sourceAlpha: active.color >> 24,
                                              coverage: UInt32(mask[i]), over: paint)
                }
                out[i] = PixelMath.over(paint, under[i])
            }
        }
    }
}
