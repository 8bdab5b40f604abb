/// An anti-aliased clip: per-pixel coverage over the clip's rectangle, intersected as paths
/// are added. Shared between saved graphics states; intersecting makes a new mask.
/// It covers only `area` (the clip rectangle it was made with, which every later clip stays
/// within): a rounded button on a 4K window costs its own pixels, not a window-sized mask
/// allocated and zeroed on every frame that redraws the button.
package final class ClipMask {
    package let area: PixelRect
    private let mask: CoverageMask

    private init(area: PixelRect) {
        self.area = area
        mask = CoverageMask(width: area.width, height: area.height)
    }

    /// A new mask: the path's coverage (within `area`) times this mask's, or the path's alone.
    /// `area` lies within the existing mask's area (the clip rectangle only ever narrows).
    package static func intersecting(_ existing: ClipMask?, with polygons: [Polyline], rule: FillRule,
                             area: PixelRect, rasterizer: Rasterizer) -> ClipMask {
        let result = ClipMask(area: area)
        rasterizer.fill(polygons, rule: rule, clip: area) { y, x0, count, cells, constant in
            let row = result.mask.values + (y - area.y0) * area.width + (x0 - area.x0)
            if let existing {
                let old = existing.row(y: y, x: x0)
                for i in 0..<count {
                    row[i] = UInt8(PixelMath.mul255(UInt32(cells?[i] ?? constant), UInt32(old[i])))
                }
            } else if let cells {
                row.update(from: cells, count: count)
            } else {
                row.update(repeating: constant, count: count)
            }
        }
        return result
    }

    /// The coverage from device pixel (x, y) on: (x, y) must lie within `area`.
    package func row(y: Int, x: Int) -> UnsafePointer<UInt8> {
        UnsafePointer(mask.values + (y - area.y0) * area.width + (x - area.x0))
    }
}
