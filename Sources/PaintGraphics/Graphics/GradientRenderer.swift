import Foundation

/// Paints a Gradient over a bitmap's pixels, source-over (only `selected` ones within `area`
/// when a mask is given). Each row is worked in two passes: the position along the gradient
/// of every pixel into a table index (straight arithmetic the compiler turns into vector code),
/// then the colour table, the dither and the blend. Big areas are shared between the cores.
public enum GradientRenderer {
    /// `selected`: one flag per pixel of `area`, row by row (a lasso's mask), or nil for all.
    public static func paint(_ gradient: Gradient, on bitmap: Bitmap, in area: PixelRect, selected: [Bool]? = nil) {
        let maskArea = area, maskWidth = area.width
        let area = area.intersection(bitmap.bounds)
        guard !area.isEmpty else { return }
        let table = gradient.colorTable()
        let isOpaque = gradient.stops.allSatisfy { $0.color.alpha >= 1 } && !gradient.stops.isEmpty
        table.withUnsafeBufferPointer { colors in
            RowBands.forEachBand(of: area) { _, rows in
                var indices = [Int32](repeating: 0, count: rows.width)
                indices.withUnsafeMutableBufferPointer { indices in
                    for y in rows.y0..<rows.y1 {
                        positions(gradient, y: y, x0: rows.x0, into: indices)
                        let row = bitmap.pixels + y * bitmap.width + rows.x0
                        let mask = selected.map { ($0, (y - maskArea.y0) * maskWidth + rows.x0 - maskArea.x0) }
                        compose(indices, colors: colors, y: y, x0: rows.x0, opaque: isOpaque && mask == nil, mask: mask, into: row)
                    }
                }
            }
        }
    }

    // MARK: - Where each pixel falls along the gradient

    /// Table indices for the pixels of row `y` from `x0` (pixel centres).
    static func positions(_ gradient: Gradient, y: Int, x0: Int, into indices: UnsafeMutableBufferPointer<Int32>) {
        let dx = gradient.end.x - gradient.start.x, dy = gradient.end.y - gradient.start.y
        let lengthSquared = dx * dx + dy * dy
        let top = Float(Gradient.tableSize - 1)
        guard lengthSquared > 1e-12 else {
            // No length: everything is past the end.
            for i in indices.indices { indices[i] = Int32(Gradient.tableSize - 1) }
            return
        }
        let px = Double(x0) + 0.5 - gradient.start.x, py = Double(y) + 0.5 - gradient.start.y
        let count = indices.count
        switch gradient.shape {
        case .linear:
            // t grows by a fixed step along the row.
            let t0 = Float((px * dx + py * dy) / lengthSquared * Double(top)), step = Float(dx / lengthSquared * Double(top))
            for i in 0..<count { indices[i] = tableIndex(t0 + Float(Int32(truncatingIfNeeded: i)) * step, top: top) }
        case .radial:
            let scale = Float(Double(top) / lengthSquared.squareRoot()), fx = Float(px), fy2 = Float(py * py)
            for i in 0..<count {
                let x = fx + Float(Int32(truncatingIfNeeded: i))
                indices[i] = tableIndex((x * x + fy2).squareRoot() * scale, top: top)
            }
        case .diamond:
            // Along and across the line, each in units of its length.
            let length = lengthSquared.squareRoot()
            let ux = Float(dx / length), uy = Float(dy / length), scale = Float(Double(top) / length)
            let fx = Float(px), fy = Float(py)
            for i in 0..<count {
                let x = fx + Float(Int32(truncatingIfNeeded: i))
                let along = x * ux + fy * uy, across = fy * ux - x * uy
                indices[i] = tableIndex((abs(along) + abs(across)) * scale, top: top)
            }
        case .conical:
            // The angle from the line's direction, a full turn going once through the stops.
            let base = atan2(dy, dx)
            for i in 0..<count {
                var turn = (atan2(py, px + Double(i)) - base) / (2 * .pi)
                if turn < 0 { turn += 1 }
                indices[i] = tableIndex(Float(turn) * top, top: top)
            }
        }
    }

    /// A table position clamped to the table and rounded, without Swift's checked conversion
    /// (which keeps the loop from being vectorised): 1.5 * 2^23 added puts the integer in the
    /// float's low mantissa bits.
    @inline(__always)
    static func tableIndex(_ t: Float, top: Float) -> Int32 {
        let clamped = min(max(t, 0), top)
        return Int32(bitPattern: (clamped + 12_582_912).bitPattern) & 0x3F_FFFF
    }

    // MARK: - Colour, dither, blend

    /// The dither's thresholds: interleaved gradient noise (Jimenez 2014), 64 pixels square,
    /// in 1/256 steps. Its mean is a half, so the rounding is unbiased; neighbours differ, so
    /// the eye averages them into the in-between level.
    static let dither: [UInt64] = (0..<(64 * 64)).map { i in
        let x = Double(i % 64), y = Double(i / 64)
        let inner = (0.06711056 * x + 0.00583715 * y).truncatingRemainder(dividingBy: 1)
        let noise = (52.9829189 * inner).truncatingRemainder(dividingBy: 1)
        return UInt64(min(255, Int(noise * 256))) * 0x0001_0001_0001_0001
    }

    static func compose(_ indices: UnsafeMutableBufferPointer<Int32>, colors: UnsafeBufferPointer<UInt64>, y: Int, x0: Int,
                        opaque: Bool, mask: ([Bool], Int)?, into row: UnsafeMutablePointer<UInt32>) {
        Self.dither.withUnsafeBufferPointer { dither in
            let ditherRow = dither.baseAddress! + (y & 63) * 64
            for i in 0..<indices.count {
                let lanes = colors[Int(indices[i])] &+ ditherRow[(x0 + i) & 63]
                let bytes = (lanes >> 8) & 0x00FF_00FF_00FF_00FF
                let folded = bytes | (bytes >> 8)
                let pixel = UInt32(truncatingIfNeeded: folded & 0xFFFF) | UInt32(truncatingIfNeeded: (folded >> 32) & 0xFFFF) << 16
                if opaque {
                    row[i] = pixel
                } else {
                    if let (selected, offset) = mask, !selected[offset + i] { continue }
                    row[i] = PixelMath.over(pixel, row[i])
                }
            }
        }
    }
}
