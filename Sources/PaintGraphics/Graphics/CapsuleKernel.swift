/// The per-pixel work of the capsule rasterizer: coverage of a run of pixels in one row from
/// the distance to the segment, raised into the mask with max(), four pixels at a time.
///
/// Every pixel takes the same branch-free path: the nearest point on the segment, the
/// distance, and the exact area straight edges at that distance leave in the pixel, the edges
/// running across the direction to the nearest point (the band's own normal beside the
/// segment, the radial direction around the caps; a thin stroke's caps, too curved for a
/// straight edge, come from SmallDiscCoverage's table). Whether a pixel is inside, on the rim or
/// outside, or gained coverage, changes no branch: on scribbled strokes those outcomes are
/// unpredictable, and mispredicted branches cost more than the arithmetic. Selects are
/// written with `replace(with:where:)`, which compiles to vector blends; the standard
/// pointwiseMin/Max order NaNs lane by lane with branches. The one branch left skips groups
/// the previous segment already filled, which is most of what a segment covers.
@usableFromInline package struct CapsuleKernel {
    @usableFromInline package typealias Lanes = SIMD4<Float>
    @usableFromInline package typealias Columns = SIMD4<Int32>
    @usableFromInline package typealias Values = SIMD4<UInt32>

    /// p0, kept in Double; everything per pixel is relative to it, so Float keeps sub-pixel
    /// precision anywhere on a canvas.
    @usableFromInline let originX: Double, originY: Double
    /// The segment's vector (p1 - p0) and 1 / its squared length (0 for a dot).
    @usableFromInline let dx: Float, dy: Float
    @usableFromInline let inverseLengthSquared: Float
    /// Half the stroke width and the coverage of a fully covered pixel (255 times the strength).
    @usableFromInline let radius: Float
    @usableFromInline let scale: Float
    /// Four pixels at full coverage, as one 32-bit load sees them.
    @usableFromInline let fullGroup: UInt32
    /// Narrower than a pixel's diagonal: both edges of the band can cross one pixel.
    @usableFromInline package let isThin: Bool
    /// SmallDiscCoverage's table for a thin stroke's radius (nil for wider strokes).
    @usableFromInline let smallDiscs: UnsafePointer<Float>?

    package init(from p0: Point, to p1: Point, radius: Double, scale: Double, full: UInt8) {
        originX = p0.x
        originY = p0.y
        dx = Float(p1.x - p0.x)
        dy = Float(p1.y - p0.y)
        let lengthSquared = dx * dx + dy * dy
        inverseLengthSquared = lengthSquared > 0 ? 1 / lengthSquared : 0
        self.radius = Float(radius)
        self.scale = Float(scale)
        fullGroup = UInt32(full) * 0x0101_0101
        isThin = radius < 0.5 * 2.0.squareRoot()
        smallDiscs = isThin ? SmallDiscCoverage.slice(forRadius: radius) : nil
    }

    /// The pixels whose coverage rose, gathered over the rows of one segment.
    @usableFromInline package struct Changes {
        @usableFromInline package var lowest = Columns(repeating: .max), highest = Columns(repeating: .min)
        @usableFromInline var y0 = Int.max, y1 = Int.min

        @inlinable package init() {}

        @usableFromInline package mutating func record(from x0: Int, through x1: Int, y: Int) {
            lowest[0] = min(lowest[0], Int32(x0))
            highest[0] = max(highest[0], Int32(x1))
            record(row: y)
        }

        /// Rows are visited top to bottom.
        @usableFromInline package mutating func record(row y: Int) {
            y0 = min(y0, y)
            y1 = y
        }

        @usableFromInline package var rect: PixelRect {
            let x0 = lowest.min(), x1 = highest.max()
            return x0 <= x1 ? PixelRect(x0: Int(x0), y0: y0, x1: Int(x1) + 1, y1: y1 + 1) : .empty
        }
    }

    /// One row's share of the changes, kept in registers while its groups are raised (not in
    /// `Changes` in memory), for this kernel and the round cone's.
    @usableFromInline package struct RowChanges {
        @usableFromInline package var lowest: Columns, highest: Columns
        @usableFromInline package var rose = SIMDMask<Columns>(repeating: false)

        @inlinable @inline(__always)
        package init(_ changes: Changes) {
            lowest = changes.lowest
            highest = changes.highest
        }

        /// Raises the four pixels at `group`, whose bytes are `bytes`, to `values` where higher.
        @inlinable @inline(__always)
        package mutating func raise(_ group: UnsafeMutablePointer<UInt8>, bytes: UInt32, to values: Values, columns: Columns) {
            let old = CapsuleKernel.widen(bytes)
            let higher = values .> old
            var raised = old
            raised.replace(with: values, where: higher)
            UnsafeMutableRawPointer(group).storeBytes(of: CapsuleKernel.narrow(raised), as: SIMD4<UInt8>.self)
            lowest.replace(with: columns, where: higher .& (columns .< lowest))
            highest.replace(with: columns, where: higher .& (columns .> highest))
            rose .|= higher
        }

        /// The same pixel by pixel, for the pixels of the group up to `last` (a group at the
        /// end of a row narrower than four pixels).
        @inlinable @inline(__always)
        package mutating func raiseEach(_ group: UnsafeMutablePointer<UInt8>, to values: Values, columns: Columns, through last: Int) {
            for lane in 0..<4 where Int(columns[lane]) <= last && UInt8(truncatingIfNeeded: values[lane]) > group[lane] {
                group[lane] = UInt8(truncatingIfNeeded: values[lane])
                lowest[lane] = Swift.min(lowest[lane], columns[lane])
                highest[lane] = Swift.max(highest[lane], columns[lane])
                rose[lane] = true
            }
        }

        @inlinable @inline(__always)
        package func finish(row y: Int, into changes: inout Changes) {
            changes.lowest = lowest
            changes.highest = highest
            if any(rose) { changes.record(row: y) }
        }
    }

    /// Raises pixels `x0...x1` of row `y` (which has `rowWidth` pixels). Groups of four may
    /// reach past x1 within the row: those pixels get their true coverage too, so raising
    /// them changes nothing wrong. Specialized for `compilation` (see KernelCompilation): the
    /// optimiser leaves it out of line.
    @inlinable @inline(__always)
    package func cover<Edges: BandEdges, Compilation: KernelCompilation>(
        row: UnsafeMutablePointer<UInt8>, rowWidth: Int, from x0: Int, through x1: Int, y: Int, edges: Edges.Type,
        changes: inout Changes, for compilation: Compilation.Type
    ) {
        if x0 > x1 { return }
        let py = Float(Double(y) + 0.5 - originY)
        let pyDy = py * dy
        var rowChanges = RowChanges(changes)
        var x = x0
        while x <= x1 {
            // Keep the group inside the row (a row narrower than a group goes pixel by pixel).
            let start = rowWidth >= 4 ? min(x, rowWidth - 4) : x
            x = start + 4
            let group = row + start
            let columns = Columns(repeating: Int32(start)) &+ Columns(0, 1, 2, 3)
            guard start + 4 <= rowWidth else {
                let values = coverage(px: pixelCentres(from: start), py: py, pyDy: pyDy, edges: edges)
                rowChanges.raiseEach(group, to: values, columns: columns, through: x1)
                continue
            }
            let bytes = UnsafeRawPointer(group).loadUnaligned(as: UInt32.self)
            if bytes == fullGroup { continue }
            let values = coverage(px: pixelCentres(from: start), py: py, pyDy: pyDy, edges: edges)
            rowChanges.raise(group, bytes: bytes, to: values, columns: columns)
        }
        rowChanges.finish(row: y, into: &changes)
    }

    /// The x offsets from p0 of the centres of pixels start...start + 3.
    @inlinable @inline(__always)
    func pixelCentres(from start: Int) -> Lanes {
        Lanes(repeating: Float(Double(start) + 0.5 - originX)) + Lanes(0, 1, 2, 3)
    }

    /// Coverage (0...scale, rounded) of four pixels whose centres are `px`, `py` from p0.
    /// Transparent rather than @inline(__always), which the optimizer declines here: the call
    /// and the reloads around it cost 8% of a freehand segment (measured with the benchmark).
    @_transparent
    @usableFromInline func coverage<Edges: BandEdges>(px: Lanes, py: Float, pyDy: Float, edges: Edges.Type) -> Values {
        let t = Self.clampUnit((px * dx + pyDy) * inverseLengthSquared)
        let ex = Self.magnitude(px - t * dx), ey = Self.magnitude(Lanes(repeating: py) - t * dy)
        let distance = (ex * ex + ey * ey).squareRoot()
        // The edge's direction folded to a >= b >= 0 (unnormalised: the length cancels out).
        let length = Self.larger(distance, Lanes(repeating: 1e-4))
        let a = Self.larger(Self.larger(ex, ey), Lanes(repeating: 1e-4))
        let b = Self.larger(Self.smaller(ex, ey), Lanes(repeating: 1e-7))
        let reciprocal = 1 / (a * b)
        var area = Self.edgeArea(inside: radius - distance, a: a, b: b, length: length, reciprocal: reciprocal)
        if Edges.includeFar {
            area -= Self.edgeArea(inside: -radius - distance, a: a, b: b, length: length, reciprocal: reciprocal)
            // Around a thin stroke's ends the pixel meets a small disc, not a band.
            // (This edge model is only used when isThin, which sets smallDiscs.)
            let disc = SmallDiscCoverage.coverage(slice: smallDiscs!, distance: distance, slope: b / a)
            area.replace(with: disc, where: (t .<= 0) .| (t .>= 1))
        }
        // Adding 2^23 leaves the rounded value in the low mantissa bits: no trapping conversion.
        let shifted = area * scale + Lanes(repeating: 8_388_608)
        return unsafeBitCast(shifted, to: Values.self) & Values(repeating: 0x7FFFFF)
    }

    /// The fraction of each of four pixels on the inside of a straight edge at signed distance
    /// `inside` from its centre (positive: the centre is inside).
    ///
    /// The edge's unit normal is (a, b) / length with a >= b >= 0 (the direction folded into
    /// the first octant; 1 / (a b) is given). Within (a - b) / 2 of the centre the edge cuts
    /// two opposite sides and the area is linear in the distance; further out it cuts off a
    /// corner triangle whose area is quadratic. The length cancels out of both, so one
    /// division serves the pixel, whatever number of edges.
    @inlinable @inline(__always)
    package static func edgeArea(inside: Lanes, a: Lanes, b: Lanes, length: Lanes, reciprocal: Lanes) -> Lanes {
        let reach = magnitude(inside) * length
        let linear = 0.5 + inside * length * b * reciprocal
        let corner = larger((a + b) * 0.5 - reach, Lanes(repeating: 0))
        let cornerArea = corner * corner * (0.5 * reciprocal)
        var area = cornerArea
        area.replace(with: 1 - cornerArea, where: inside .> 0)
        area.replace(with: linear, where: reach .<= (a - b) * 0.5)
        return area
    }

    @inlinable @inline(__always) package static func larger(_ x: Lanes, _ y: Lanes) -> Lanes {
        var result = x
        result.replace(with: y, where: y .> x)
        return result
    }

    @inlinable @inline(__always) package static func smaller(_ x: Lanes, _ y: Lanes) -> Lanes {
        var result = x
        result.replace(with: y, where: y .< x)
        return result
    }

    /// Four coverage bytes as lanes, lane by lane: the standard library's generic
    /// init(truncatingIfNeeded:) was left out of line once a second kernel used it, a call per
    /// group of four pixels.
    @inlinable @inline(__always) package static func widen(_ bytes: UInt32) -> Values {
        let b = unsafeBitCast(bytes, to: SIMD4<UInt8>.self)
        return Values(UInt32(b[0]), UInt32(b[1]), UInt32(b[2]), UInt32(b[3]))
    }

    /// Lanes holding 0...255 as four bytes.
    @inlinable @inline(__always) package static func narrow(_ v: Values) -> SIMD4<UInt8> {
        SIMD4<UInt8>(UInt8(truncatingIfNeeded: v[0]), UInt8(truncatingIfNeeded: v[1]), UInt8(truncatingIfNeeded: v[2]), UInt8(truncatingIfNeeded: v[3]))
    }

    /// |x|, by clearing the sign bits: one instruction, where max(x, -x) takes three.
    @inlinable @inline(__always) package static func magnitude(_ x: Lanes) -> Lanes {
        unsafeBitCast(unsafeBitCast(x, to: Values.self) & Values(repeating: 0x7FFF_FFFF), to: Lanes.self)
    }

    @inlinable @inline(__always) package static func clampUnit(_ x: Lanes) -> Lanes {
        smaller(larger(x, Lanes(repeating: 0)), Lanes(repeating: 1))
    }
}

/// Which edges of a stroke's band can cross one pixel, decided once per segment so that the
/// kernel is compiled for each case without a branch in its vector code.
@usableFromInline package protocol BandEdges { static var includeFar: Bool { get } }

/// Strokes at least a pixel's diagonal wide: a pixel meets at most the nearer edge.
@usableFromInline package enum NearEdge: BandEdges { @usableFromInline package static var includeFar: Bool { false } }

/// Thinner strokes: a pixel can hold both edges, and the area beyond the far one is taken off.
@usableFromInline package enum NearAndFarEdges: BandEdges { @usableFromInline package static var includeFar: Bool { true } }
