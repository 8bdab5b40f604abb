/// What the canvas shows when the document has layers: the composite of everything under the
/// current layer (kept whole, so a stroke never composes the layers below again), the current
/// layer with the stroke in progress through its coverage mask, then the layers above, for the
/// dirty pixels only.
package enum StackCompositor {
    /// The current layer and how it mixes.
    package struct Current {
        package let pixels: Bitmap
        package let mode: LayerBlendMode
        package let opacity: UInt32
        package let isVisible: Bool

        package init(pixels: Bitmap, mode: LayerBlendMode, opacity: UInt32, isVisible: Bool) {
            self.pixels = pixels
            self.mode = mode
            self.opacity = opacity
            self.isVisible = isVisible
        }
    }

    /// `below`: the background and the visible layers under the current one, composed (opaque).
    package static func compose(below: Bitmap, current: Current, active: CanvasCompositor.ActiveStroke?, above: [LayerCompositor.Layer<Bitmap>],
                                area: PixelRect, into target: Bitmap, atX dx: Int, y dy: Int, skipping occluded: OccludedRows? = nil) {
        let area = area.intersection(below.bounds)
        let destination = area.offsetBy(dx: dx, dy: dy).intersection(target.bounds)
        guard !destination.isEmpty else { return }
        let shownAbove = above.filter { $0.isVisible && $0.opacity > 0 }
        RowBands.forEachBand(of: destination) { _, rows in
            // The current layer's row with the stroke applied, one per band.
            let scratch = UnsafeMutablePointer<UInt32>.allocate(capacity: destination.width)
            defer { scratch.deallocate() }
            OccludedRows.forEachRun(of: rows, skipping: occluded) { ty, x0, x1 in
                let y = ty - dy, count = x1 - x0, offset = y * below.width + (x0 - dx)
                let out = target.pixels + ty * target.width + x0
                out.update(from: below.pixels + offset, count: count)
                if current.isVisible && current.opacity > 0 {
                    let layerRow = current.pixels.pixels + offset
                    if let active {
                        let mask = active.mask.values + offset
                        for i in 0..<count {
                            let coverage = UInt32(mask[i])
                            scratch[i] = coverage == 0 ? layerRow[i]
                                : SpanBlender.apply(active.mode, source: active.color, sourceAlpha: active.color >> 24, coverage: coverage, over: layerRow[i])
                        }
                        LayerBlender.blend(scratch, over: out, count: count, mode: current.mode, opacity: current.opacity)
                    } else {
                        LayerBlender.blend(layerRow, over: out, count: count, mode: current.mode, opacity: current.opacity)
                    }
                }
                for layer in shownAbove {
                    LayerBlender.blend(layer.pixels.pixels + offset, over: out, count: count, mode: layer.mode, opacity: layer.opacity)
                }
            }
        }
    }
}
