/// The per-pixel work of the capsule rasterizer: coverage of a run of pixels in one row from
/// the distance to the segment, raised into the mask with max(), four pixels at a time.
///
/// Every pixel takes the same branch-free path: the nearest point on the segment, the
/// distance, and the exact area a straight edge at that distance leaves in the pixel, the edge
/// running across the direction to the nearest point (the band's own normal beside the
/// segment, the radial direction around the caps). Whether a pixel is inside, on the rim or
/// outside, or gained coverage, changes no branch: on scribbled strokes those outcomes are
/// unpredictable, and mispredicted branches cost more than the arithmetic. Selects are
/// written with `replace(with:where:)`, which compiles to vector blends; the standard
/// pointwiseMin/Max order NaNs lane by lane with branches.
struct CapsuleKernel {
    typealias Lanes = SIMD4<Float>
    typealias Indices = SIMD4<Int32>

    /// The segment's vector (p1 - p0) and 1 / its squared length (0 for a dot).
    let dx: Float, dy: Float
    let inverseLengthSquared: Float
    /// Half the stroke width and 255 times the stroke's strength.
    let radius: Float
    let scale: Float
    /// Four pixels at full coverage, as one 32-bit load sees them.
    let fullGroup: UInt32

    /// The columns of a row whose coverage rose: lowerBound > upperBound when none did.
    struct Rise {
        var lowerBound = Int.max
        var upperBound = Int.min

        func union(_ other: Rise) -> Rise {
            Rise(lowerBound: min(lowerBound, other.lowerBound), upperBound: max(upperBound, other.upperBound))
        }
    }

    /// Raises pixels `x0...x1` of `row` (which has `rowWidth` pixels), whose centres lie `py`
    /// below p0; `originX` is p0.x. Groups of four may reach past x1 within the row: those
    /// pixels get their true coverage too, so raising them changes nothing wrong.
    @inline(__always)
    func cover(row: UnsafeMutablePointer<UInt8>, rowWidth: Int, from x0: Int, through x1: Int,
               py: Float, originX: Double) -> Rise {
        if x0 > x1 { return Rise() }
        let pyDy = py * dy
        var lowest = Indices(repeating: .max), highest = Indices(repeating: .min)
        var x = x0
        while x <= x1 {
            // Keep the group inside the row (a row narrower than a group goes pixel by pixel).
            let start = rowWidth >= 4 ? min(x, rowWidth - 4) : x
            let px = Lanes(repeating: Float(Double(start) + 0.5 - originX)) + Lanes(0, 1, 2, 3)
            let values = coverage(px: px, py: py, pyDy: pyDy)
            let columns = Indices(repeating: Int32(start)) &+ Indices(0, 1, 2, 3)
            if start + 4 <= rowWidth {
                let bytes = UnsafeRawPointer(row + start).loadUnaligned(as: UInt32.self)
                // Most of what a freehand segment covers, the previous one already filled.
                if bytes == fullGroup {
                    x = start + 4
                    continue
                }
                let old = SIMD4<UInt32>(truncatingIfNeeded: SIMD4<UInt8>(truncatingIfNeeded: SIMD4<UInt32>(repeating: bytes) &>> SIMD4<UInt32>(0, 8, 16, 24)))
                let rose = values .> old
                var raised = old
                raised.replace(with: values, where: rose)
                UnsafeMutableRawPointer(row + start).storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: raised), as: SIMD4<UInt8>.self)
                lowest.replace(with: columns, where: rose .& (columns .< lowest))
                highest.replace(with: columns, where: rose .& (columns .> highest))
            } else {
                for lane in 0..<4 where start + lane <= x1 && UInt8(truncatingIfNeeded: values[lane]) > row[start + lane] {
                    row[start + lane] = UInt8(truncatingIfNeeded: values[lane])
                    lowest[lane] = min(lowest[lane], columns[lane])
                    highest[lane] = max(highest[lane], columns[lane])
                }
            }
            x = start + 4
        }
        let low = lowest.min(), high = highest.max()
        return low <= high ? Rise(lowerBound: Int(low), upperBound: Int(high)) : Rise()
    }

    /// Coverage (0...scale, rounded) of four pixels whose centres are `px`, `py` from p0.
    @inline(__always)
    func coverage(px: Lanes, py: Float, pyDy: Float) -> SIMD4<UInt32> {
        let t = Self.clampUnit((px * dx + pyDy) * inverseLengthSquared)
        let ex = Self.magnitude(px - t * dx), ey = Self.magnitude(Lanes(repeating: py) - t * dy)
        let distance = (ex * ex + ey * ey).squareRoot()
        return Self.edgeCoverage(inside: radius - distance, normalX: ex, normalY: ey, length: distance, scale: scale)
    }

    /// `scale` times the fraction of a unit pixel inside a straight edge at signed distance
    /// `inside` from the pixel centre (positive inside), rounded to the nearest integer. The
    /// edge's normal is (normalX, normalY) / length, components non-negative and any length:
    /// folded to a >= b >= 0, the unit normal is (a, b) / length.
    ///
    /// Within (a - b) / 2 of the centre the edge cuts two opposite sides and the area is linear
    /// in the distance; further out it cuts off a corner triangle whose area is quadratic. The
    /// length cancels out of both, so one division serves the pixel.
    @inline(__always)
    static func edgeCoverage(inside: Lanes, normalX: Lanes, normalY: Lanes, length: Lanes, scale: Float) -> SIMD4<UInt32> {
        let length = larger(length, Lanes(repeating: 1e-4))
        let a = larger(larger(normalX, normalY), Lanes(repeating: 1e-4))
        let b = larger(smaller(normalX, normalY), Lanes(repeating: 1e-7))
        let reciprocal = 1 / (a * b)
        let reach = magnitude(inside) * length
        let linear = 0.5 + inside * length * b * reciprocal
        let corner = larger((a + b) * 0.5 - reach, Lanes(repeating: 0))
        let cornerArea = corner * corner * (0.5 * reciprocal)
        var area = cornerArea
        area.replace(with: 1 - cornerArea, where: inside .> 0)
        area.replace(with: linear, where: reach .<= (a - b) * 0.5)
        // Adding 2^23 leaves the rounded value in the low mantissa bits: no trapping conversion.
        let shifted = area * scale + Lanes(repeating: 8_388_608)
        return unsafeBitCast(shifted, to: SIMD4<UInt32>.self) & SIMD4<UInt32>(repeating: 0x7FFFFF)
    }

    @inline(__always) static func larger(_ x: Lanes, _ y: Lanes) -> Lanes {
        var result = x
        result.replace(with: y, where: y .> x)
        return result
    }

    @inline(__always) static func smaller(_ x: Lanes, _ y: Lanes) -> Lanes {
        var result = x
        result.replace(with: y, where: y .< x)
        return result
    }

    @inline(__always) static func magnitude(_ x: Lanes) -> Lanes { larger(x, -x) }

    @inline(__always) static func clampUnit(_ x: Lanes) -> Lanes {
        smaller(larger(x, Lanes(repeating: 0)), Lanes(repeating: 1))
    }
}
