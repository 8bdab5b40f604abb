/// Which pixels of each row a round-ended segment may raise, for the capsule rasterizer and
/// the round cone's (which lies inside the capsule of its larger radius): the bounding box's
/// row, cut to what lies ahead of a continuing segment's start, to the capsule's exact span
/// when that is much shorter than the box, and with the fully covered middle told apart (it
/// is filled directly; only the anti-aliased rim needs a distance).
@usableFromInline package struct CapsuleRows {
    @usableFromInline package let area: PixelRect
    /// The segment's geometry; nil when a row's span would not be much shorter than the box's.
    @usableFromInline package let geometry: CapsuleGeometry?
    /// Half the width plus half a pixel's diagonal: pixels further from the segment never rise.
    @usableFromInline package let outer: Double
    /// Half the width less half a pixel's diagonal: pixels nearer are full (nil: not filled directly).
    @usableFromInline package let inner: Double?
    @usableFromInline package let behindStart: StartBoundary?

    /// Pixels x0...x1 of row `y` that may rise, and the full middle among them (solid0...solid1,
    /// empty when solid0 > solid1); nil when none.
    /// Transparent: the optimizer declines @inline(__always) here, and the call cost the
    /// freehand segment 6% (callgrind).
    @_transparent
    @usableFromInline package func span(ofRow y: Int) -> (x0: Int, x1: Int, solid0: Int, solid1: Int)? {
        let centerY = Double(y) + 0.5
        var x0 = area.x0, x1 = area.x1 - 1
        if let behindStart {
            behindStart.limit(row: centerY, x0: &x0, x1: &x1)
            if x0 > x1 { return nil }
        }
        guard let geometry else { return (x0, x1, 1, 0) }
        guard let (left, right) = geometry.span(atY: centerY, radius: outer) else { return nil }
        // Pixel x has its centre at x + 0.5.
        x0 = max(x0, ceilToInt(left - 0.5))
        x1 = min(x1, floorToInt(right - 0.5))
        if x0 > x1 { return nil }
        guard let inner, let (innerLeft, innerRight) = geometry.span(atY: centerY, radius: inner) else { return (x0, x1, 1, 0) }
        return (x0, x1, max(x0, ceilToInt(innerLeft - 0.5) + 1), min(x1, floorToInt(innerRight - 0.5) - 1))
    }

    /// Fills a fully covered run, recording only the part not already full (the previous
    /// segment covered most of it).
    @inlinable @inline(__always)
    package static func fill(_ row: UnsafeMutablePointer<UInt8>, from solid0: Int, through solid1: Int, with full: UInt8, y: Int,
                     changes: inout CapsuleKernel.Changes) {
        var a = solid0, b = solid1
        while a <= b && row[a] == full { a += 1 }
        while b >= a && row[b] == full { b -= 1 }
        if a > b { return }
        (row + a).update(repeating: full, count: b - a + 1)
        changes.record(from: a, through: b, y: y)
    }
}

/// The pixels of a row ahead of a continuing segment's start: those whose centres have
/// (x + 0.5 - originX) ux + (y + 0.5 - originY) uy > margin. Behind the start the previous
/// segment drew the round end already. With a margin of 0 the direction (ux, uy) may have any
/// length.
@usableFromInline package struct StartBoundary {
    @usableFromInline package let originX: Double, originY: Double
    @usableFromInline package let ux: Double, uy: Double
    @usableFromInline package let margin: Double
    /// uy / ux and margin / ux (0 when ux is 0), so a row costs a multiply.
    @usableFromInline let slope: Double, shift: Double

    package init(originX: Double, originY: Double, ux: Double, uy: Double, margin: Double = 0) {
        self.originX = originX
        self.originY = originY
        self.ux = ux
        self.uy = uy
        self.margin = margin
        slope = ux != 0 ? uy / ux : 0
        shift = ux != 0 ? margin / ux : 0
    }

    @inlinable @inline(__always)
    package func limit(row centerY: Double, x0: inout Int, x1: inout Int) {
        let py = centerY - originY
        if ux == 0 {
            if py * uy <= margin { x0 = x1 + 1 }
            return
        }
        let boundary = originX + shift - py * slope - 0.5
        if ux > 0 { x0 = max(x0, floorToInt(boundary)) } else { x1 = min(x1, ceilToInt(boundary)) }
    }
}
