/// An anti-aliased clip: per-pixel coverage over the bitmap, intersected as paths are added.
/// Shared between saved graphics states; intersecting makes a new mask.
final class ClipMask {
    let mask: CoverageMask

    init(width: Int, height: Int) {
        mask = CoverageMask(width: width, height: height)
    }

    /// A new mask: the path's coverage (within `area`) times this mask's, or the path's alone.
    static func intersecting(_ existing: ClipMask?, with polygons: [Polyline], rule: FillRule,
                             area: PixelRect, width: Int, height: Int, rasterizer: Rasterizer) -> ClipMask {
        let result = ClipMask(width: width, height: height)
        let values = result.mask.values
        rasterizer.fill(polygons, rule: rule, clip: area) { y, x0, count, cells, constant in
            let row = values + y * width + x0
            if let existing {
                let old = existing.mask.values + y * width + x0
                for i in 0..<count {
                    row[i] = UInt8(PixelMath.mul255(UInt32(cells?[i] ?? constant), UInt32(old[i])))
                }
            } else if let cells {
                row.update(from: cells, count: count)
            } else {
                row.update(repeating: constant, count: count)
            }
        }
        result.mask.markTouched(area)
        return result
    }

    func row(y: Int, x: Int) -> UnsafePointer<UInt8> { UnsafePointer(mask.values + y * mask.width + x) }
}
