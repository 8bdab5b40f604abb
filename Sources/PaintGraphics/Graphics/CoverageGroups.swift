/// A row of accumulated cells turned into coverage four cells at a time, in vector lanes: the
/// running sum of a group is two shifted adds and the carry from the groups before it, so a
/// row's sum waits on one add a group instead of one a cell. Every fill's coverage goes
/// through here, so the painting sink and a closure get the very same levels.
@usableFromInline
enum CoverageGroups {
    /// The running sums at the four cells from `cells` on (which are cleared for the next
    /// strip), after `carry`, which becomes the sum at the last of them.
    @inlinable @inline(__always)
    static func sum(_ cells: UnsafeMutablePointer<Float>, carry: inout Float) -> SIMD4<Float> {
        let raw = UnsafeMutableRawPointer(cells)
        var sums = raw.loadUnaligned(as: SIMD4<Float>.self)
        raw.storeBytes(of: SIMD4<Float>(), as: SIMD4<Float>.self)
        sums += SIMD4(0, sums[0], sums[1], sums[2])
        sums += SIMD4(0, 0, sums[0], sums[1])
        sums += SIMD4(repeating: carry)
        carry = sums[3]
        return sums
    }

    /// The same for the eight cells from `cells` on: each half summed as `sum` does, then the
    /// first half's total carried into the second (the very numbers of two fours), for the
    /// eight-lane steps of the x86-64-v3 fill. Shifted within halves of four, which compile to
    /// in-lane shuffles: shifting the eight lanes at once took 1,000 small polygons 18.7–18.9 ms
    /// where this takes 18.4–18.5.
    @inlinable @inline(__always)
    static func sum(eight cells: UnsafeMutablePointer<Float>, carry: inout Float) -> SIMD8<Float> {
        let raw = UnsafeMutableRawPointer(cells)
        var low = raw.loadUnaligned(as: SIMD4<Float>.self), high = raw.loadUnaligned(fromByteOffset: 16, as: SIMD4<Float>.self)
        raw.storeBytes(of: SIMD8<Float>(), as: SIMD8<Float>.self)
        low += SIMD4(0, low[0], low[1], low[2])
        high += SIMD4(0, high[0], high[1], high[2])
        low += SIMD4(0, 0, low[0], low[1])
        high += SIMD4(0, 0, high[0], high[1])
        low += SIMD4(repeating: carry)
        high += SIMD4(repeating: low[3])
        carry = high[3]
        return SIMD8(lowHalf: low, highHalf: high)
    }

    /// The coverage level (0...255) of each of four sums under `rule`: `level` for each.
    @inlinable @inline(__always)
    static func levels(_ sums: SIMD4<Float>, _ rule: FillRule) -> SIMD4<UInt32> {
        if rule == .evenOdd {
            return SIMD4(UInt32(level(sums[0], rule)), UInt32(level(sums[1], rule)),
                         UInt32(level(sums[2], rule)), UInt32(level(sums[3], rule)))
        }
        // Held at 1 by `replacing`: `pointwiseMin` is generic code the optimiser may leave out of
        // line, as a shared specialization the x86-64-v3 module may not define (see
        // PaintGraphicsHaswell).
        let magnitude = unsafeBitCast(unsafeBitCast(sums, to: SIMD4<UInt32>.self) & 0x7FFF_FFFF, to: SIMD4<Float>.self)
        let scaled = magnitude.replacing(with: 1, where: magnitude .> 1) * 255
        return unsafeBitCast(scaled + 8_388_608, to: SIMD4<UInt32>.self) & 0xFF
    }

    /// The same for eight sums, held at 1 compared as integers (a non-negative float's bits
    /// order as it does): of eight lanes, `replacing` took 1,000 small polygons 19.8 ms where
    /// this takes 18.5.
    @inlinable @inline(__always)
    static func levels(_ sums: SIMD8<Float>, _ rule: FillRule) -> SIMD8<UInt32> {
        if rule == .evenOdd { return SIMD8(lowHalf: levels(sums.lowHalf, rule), highHalf: levels(sums.highHalf, rule)) }
        let magnitude = unsafeBitCast(sums, to: SIMD8<Int32>.self) & 0x7FFF_FFFF, one = SIMD8<Int32>(repeating: 0x3F80_0000)
        let clamped = magnitude ^ ((magnitude ^ one) & unsafeBitCast(magnitude .> one, to: SIMD8<Int32>.self))
        return unsafeBitCast(unsafeBitCast(clamped, to: SIMD8<Float>.self) * 255 + 8_388_608, to: SIMD8<UInt32>.self) & 0xFF
    }

    /// The coverage level (0...255) of one running sum under `rule`.
    @inlinable @inline(__always)
    static func level(_ sum: Float, _ rule: FillRule) -> UInt8 {
        var value = abs(sum)
        if rule == .evenOdd {
            value = value.truncatingRemainder(dividingBy: 2)
            if value > 1 { value = 2 - value }
        }
        // Rounded by adding 2^23, which leaves the nearest integer in the low mantissa bits:
        // UInt8(x + 0.5) checked x for NaN and range on every cell. (Halves round to even.)
        let scaled = min(value, 1) * 255
        return UInt8(truncatingIfNeeded: (scaled + 8_388_608).bitPattern)
    }

    /// Four levels as bytes at `destination`.
    @inlinable @inline(__always)
    static func store(_ levels: SIMD4<UInt32>, to destination: UnsafeMutablePointer<UInt8>) {
        let packed = levels[0] | levels[1] << 8 | levels[2] << 16 | levels[3] << 24
        UnsafeMutableRawPointer(destination).storeBytes(of: packed, as: UInt32.self)
    }
}
